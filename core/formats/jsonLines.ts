/**
 * JSON Lines read incrementally: chunks in, one record per non-blank line out, each with its
 * line number and its span, so a write splices the original bytes (SPEC §9 byte-preserving
 * export) from wherever the host keeps them — the text itself, or the file on disk — without
 * the whole text held as one string while the engine runs. document.ts reads a whole text
 * through the same reader, so there is one line parser.
 *
 * Chunks are either text (after its byte-order mark, as document.ts's `parseSource` takes it),
 * positions then counting UTF-16 units, or the file's bytes, positions then counting bytes after
 * a leading UTF-8 byte-order mark. Bytes are split at `\n` (0x0A never occurs inside a UTF-8
 * sequence), so a chunk may end anywhere, even inside a character, and each line is decoded
 * strictly on its own.
 */
import { exceedsNesting, NESTING_MESSAGE } from '../engine/depth.js';
import { describeJsonError, jsonSyntaxError } from './jsonSyntax.js';
import { parseNonFinite } from './nonFinite.js';
import type { SourceSlices, SourceText } from './types.js';
import { FormatError } from './types.js';

export type JsonLinesDocument = Extract<SourceText, { kind: 'jsonl' }>;

const NEWLINE = 0x0a;
const CR = 0x0d;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Where a JSON Lines line stops being JSON: its column only (the line is named by the caller). */
function lineError(line: string): string {
  const at = jsonSyntaxError(line);
  return at ? `column ${at.column}: expected ${at.expected}` : 'not a JSON value';
}

export class JsonLinesReader {
  private readonly records: unknown[] = [];
  private readonly lineNumbers: number[] = [];
  private readonly spans: Array<[number, number]> = [];
  private lineCount = 0;
  /** Where the line being read starts. */
  private position = 0;
  private crlf = false;
  private bom = false;
  private firstIsObject = false;
  private readonly pendingText: string[] = [];
  private pendingBytes: Uint8Array[] = [];
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  /**
   * `wholeText`: the whole text, when there is one, for the error of a first line that is not
   * JSON (the file is then described as a whole, as a JSON document would be).
   */
  constructor(private readonly wholeText?: () => string) {}

  /** Reads the next chunk: text, or bytes (copied where a line goes on past the chunk). */
  push(chunk: string | Uint8Array): void {
    if (typeof chunk === 'string') this.pushText(chunk);
    else this.pushBytes(chunk);
  }

  /** The document read, its spans resolved through `text` (the text, or the file's bytes after a byte-order mark). */
  end(text: SourceSlices): JsonLinesDocument {
    if (this.pendingBytes.length > 0) this.bytesLine(joinBytes(this.pendingBytes), false);
    else if (this.pendingText.length > 0) this.textLine(this.pendingText.join(''), false);
    this.pendingBytes = [];
    this.pendingText.length = 0;
    const { records, lineNumbers, spans, bom } = this;
    return { kind: 'jsonl', records, lineNumbers, eol: this.crlf ? '\r\n' : '\n', text, spans, bom };
  }

  /**
   * Whether the text read is a JSON Lines document by `parseSource`'s rule: at least two records
   * (one alone parses as a JSON document) and an object first. Otherwise the text is read whole.
   */
  get isJsonLines(): boolean {
    return this.records.length >= 2 && this.firstIsObject;
  }

  private pushText(chunk: string): void {
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
      const part = chunk.slice(from, nl);
      const line = this.pendingText.length === 0 ? part : this.pendingText.join('') + part;
      this.pendingText.length = 0;
      this.textLine(line, true);
      from = nl + 1;
    }
    if (from < chunk.length) this.pendingText.push(from === 0 ? chunk : chunk.slice(from));
  }

  private pushBytes(chunk: Uint8Array): void {
    let from = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
      const part = chunk.subarray(from, nl);
      const line = this.pendingBytes.length === 0 ? part : joinBytes([...this.pendingBytes, part]);
      this.pendingBytes = [];
      this.bytesLine(line, true);
      from = nl + 1;
    }
    // A copy: the host may reuse the chunk's memory, and a Buffer's `slice` would share it.
    if (from < chunk.length) this.pendingBytes.push(Uint8Array.prototype.slice.call(chunk, from));
  }

  private textLine(raw: string, terminated: boolean): void {
    const start = this.position;
    this.position += raw.length + (terminated ? 1 : 0);
    const cr = raw.endsWith('\r');
    this.line(cr ? raw.slice(0, -1) : raw, start, start + raw.length - (cr ? 1 : 0), cr, terminated);
  }

  private bytesLine(raw: Uint8Array, terminated: boolean): void {
    let bytes = raw;
    if (this.lineCount === 0 && UTF8_BOM.every((b, i) => raw[i] === b)) {
      this.bom = true;
      bytes = raw.subarray(UTF8_BOM.length);
    }
    const start = this.position;
    this.position += bytes.length + (terminated ? 1 : 0);
    const cr = bytes.length > 0 && bytes[bytes.length - 1] === CR;
    const end = bytes.length - (cr ? 1 : 0);
    let text: string;
    try {
      text = this.decoder.decode(bytes.subarray(0, end));
    } catch {
      throw new FormatError('not a text file: its bytes are neither UTF-8 text nor a ZIP archive', 'not_json');
    }
    this.line(text, start, start + end, cr, terminated);
  }

  private line(line: string, start: number, end: number, cr: boolean, terminated: boolean): void {
    const number = ++this.lineCount;
    if (cr && terminated) this.crlf = true;
    if (line.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      // A line Python's json.dumps wrote with NaN or Infinity is still a record (nonFinite.ts).
      record = parseNonFinite(line);
      if (record === null && this.records.length === 0)
        throw new FormatError(
          this.wholeText
            ? `not JSON: ${describeJsonError(this.wholeText())}`
            : `JSON Lines, line ${number}: not JSON: ${lineError(line)}`,
          'not_json',
        );
      if (record === null)
        throw new FormatError(`JSON Lines, line ${number}: not JSON: ${lineError(line)}`, 'not_json');
    }
    if (typeof record === 'object' && record !== null && exceedsNesting(record))
      throw new FormatError(`JSON Lines, line ${number}: ${NESTING_MESSAGE}`, 'not_json');
    if (this.records.length === 0) this.firstIsObject = line.trimStart().startsWith('{');
    this.records.push(record);
    this.lineNumbers.push(number);
    this.spans.push([start, end]);
  }
}

function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The text of record `i`'s line, as read (without its line break). */
export function recordLine(doc: JsonLinesDocument, i: number): string {
  const [start, end] = doc.spans[i];
  return doc.text.slice(start, end);
}
