/** Number formatting shared by the components. */
// One formatter for every figure: `toLocaleString` builds a new one per call, which a threshold
// step on 10,000 messages pays for every figure it re-renders. Same output (ECMA-402).
const EN_US = new Intl.NumberFormat('en-US');
export const fmt = (n: number | null | undefined) => (n === null || n === undefined ? '—' : EN_US.format(n));
export const pct = (part: number, whole: number) => (whole > 0 ? `${((1 - part / whole) * 100).toFixed(1)}%` : '—');
export const prob = (p: number | null | undefined) => (p === null || p === undefined ? '—' : p.toFixed(2));
export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
/** Stable empties for selectors: a fresh [] per call would re-render forever. */
export const NO_TOOLS: never[] = [];
