/** The abstract conversation every generated history encodes (encoders.ts, encodersNext.ts). */
export interface Call {
  name: string;
  input: { path: string };
  output: string;
  error: boolean;
}
export type Turn = { kind: 'user'; text: string } | { kind: 'assistant'; text: string; calls: Call[] };
