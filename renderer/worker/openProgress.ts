/**
 * What opening a file has done so far, as the worker reports it while it reads and parses (SPEC
 * §9 sources): bytes read of the file's size, JSON Lines records read, and the format once it is
 * known. The format is sniffed from the first complete lines while reading (a JSON Lines session
 * names itself in its first records), then confirmed once the whole file is parsed.
 */
import { detectFormats, infoFor } from '../../core/formats/detection.js';
import { parseSource } from '../../core/formats/index.js';

export interface OpenProgress {
  phase: 'reading' | 'parsing' | 'reading the conversation' | 'summarizing';
  bytesRead: number;
  bytesTotal: number;
  /** Records read so far: JSON Lines lines while reading, the parsed records after; null for one JSON document. */
  records: number | null;
  /** The format's name once detected (SPEC §9), null before. */
  format: string | null;
}

/** How often the worker reports while reading: often enough to move, rarely enough to cost the page nothing. */
export const PROGRESS_EVERY_MS = 100;
/** Messages or records a slice of an opened snapshot carries to the page (snapshot.worker.ts). */
export const SLICE_ITEMS = 2_000;
/** The longest prefix the format is sniffed from while reading. */
const SNIFF_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/** Counts lines and sniffs the format of a file as its chunks arrive, in file order. */
export class ReadTally {
  private lines = 0;
  private trailing = false;
  private prefix: Uint8Array[] = [];
  private prefixBytes = 0;
  private sniffing = true;
  /** True once the first lines read as JSON Lines: only then is a line a record. */
  private jsonl = false;
  format: string | null = null;

  add(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) this.lines++;
    if (chunk.length > 0) this.trailing = chunk[chunk.length - 1] !== NEWLINE;
    if (!this.sniffing) return;
    this.prefix.push(chunk);
    this.prefixBytes += chunk.length;
    if (this.lines > 0) this.sniff();
    if (this.prefixBytes >= SNIFF_BYTES) this.stopSniffing();
  }

  /** JSON Lines records read so far (whole lines and the one being read); null until the file reads as JSON Lines. */
  get records(): number | null {
    return this.jsonl ? this.lines + (this.trailing ? 1 : 0) : null;
  }

  /** The file is read: a last line without its newline counts in the sniff too. */
  finish(): void {
    if (this.sniffing) this.sniff(true);
    this.stopSniffing();
  }

  private sniff(whole = false): void {
    const bytes = new Uint8Array(this.prefixBytes);
    let offset = 0;
    for (const part of this.prefix) {
      bytes.set(part, offset);
      offset += part.length;
    }
    const end = whole ? bytes.length - 1 : bytes.lastIndexOf(NEWLINE);
    try {
      const doc = parseSource(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end + 1)));
      if (doc.kind !== 'jsonl') return;
      this.jsonl = true;
      const [best] = detectFormats(doc);
      if (best) this.format = infoFor(best.format).name;
      this.stopSniffing();
    } catch {
      // Not JSON Lines so far (one JSON document, a ZIP, a line cut by the chunk): the next chunk or the parse tells.
    }
  }

  private stopSniffing(): void {
    this.sniffing = false;
    this.prefix = [];
  }
}

/** Reports at most every PROGRESS_EVERY_MS, and always when `force` is set (a phase's first report). */
export function throttled(report: (p: OpenProgress) => void): (p: OpenProgress, force?: boolean) => void {
  let last = -Infinity;
  return (p, force = false) => {
    const now = performance.now();
    if (!force && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    report(p);
  };
}

/** One line a person (and a screen reader, politely) can follow: phase, MB of MB, records, format. */
export function describeProgress(p: OpenProgress): string {
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const parts = [`${p.phase} ${mb(p.bytesRead)} of ${mb(p.bytesTotal)} MB`];
  if (p.records !== null) parts.push(`${p.records.toLocaleString('en-US')} records`);
  if (p.format !== null) parts.push(p.format);
  return parts.join(' · ');
}
