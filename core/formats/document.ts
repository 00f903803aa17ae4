/**
 * Text ⇄ parsed document. A file is one JSON value or JSON Lines; which one is decided here,
 * once, for every format. Writing keeps what the reader saw: the indentation of a JSON file,
 * and for JSON Lines the exact text of every line whose record is unchanged, in order.
 */
import { detectIndent } from '../engine/containers.js';
import { exceedsNesting, NESTING_MESSAGE } from '../engine/depth.js';
import type { SourceText } from './types.js';
import { FormatError } from './types.js';

/** Parses `text` (a byte-order mark is ignored) into a document, or throws a FormatError naming where. */
export function parseSource(text: string): SourceText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new FormatError('the file is empty', 'not_json');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    // One JSON value per line fails as a whole document but is a JSON Lines file.
    if (body.trimStart().startsWith('{') && body.trim().includes('\n')) return parseLines(body, message);
    throw new FormatError(`not JSON: ${message}`, 'not_json');
  }
  if (typeof value === 'object' && value !== null && exceedsNesting(value))
    throw new FormatError(`the document is ${NESTING_MESSAGE}`, 'not_json');
  return { kind: 'json', value, indent: detectIndent(body), finalNewline: body.endsWith('\n') };
}

function parseLines(body: string, firstError: string): SourceText {
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const records: unknown[] = [];
  const lines: string[] = [];
  const lineNumbers: number[] = [];
  const raw = body.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i].endsWith('\r') ? raw[i].slice(0, -1) : raw[i];
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      if (records.length === 0) throw new FormatError(`not JSON: ${firstError}`, 'not_json');
      throw new FormatError(`JSON Lines, line ${i + 1}: ${(error as Error).message}`, 'not_json');
    }
    if (typeof record === 'object' && record !== null && exceedsNesting(record))
      throw new FormatError(`JSON Lines, line ${i + 1}: ${NESTING_MESSAGE}`, 'not_json');
    records.push(record);
    lines.push(line);
    lineNumbers.push(i + 1);
  }
  return { kind: 'jsonl', records, lines, lineNumbers, eol };
}

/**
 * The records of a record-stream format: every line of JSON Lines, the elements of a JSON
 * array, or the one object of a one-line file (a single record parses as plain JSON).
 */
export function recordsOf(doc: SourceText): unknown[] | null {
  if (doc.kind === 'jsonl') return doc.records;
  if (Array.isArray(doc.value)) return doc.value;
  return isRecord(doc.value) ? [doc.value] : null;
}

/** A whole JSON document, in the indentation the file had. */
export function serializeValue(doc: SourceText, value: unknown): string {
  const indent = doc.kind === 'json' ? doc.indent : 0;
  const finalNewline = doc.kind === 'json' ? doc.finalNewline || indent !== 0 : true;
  return JSON.stringify(value, null, indent) + (finalNewline ? '\n' : '');
}

/**
 * Records back in the container `recordsOf` found them in. As JSON Lines, a record that is
 * still the parsed original object is written as its original line, byte for byte.
 */
export function serializeRecords(doc: SourceText, records: readonly unknown[]): string {
  if (doc.kind === 'json' && Array.isArray(doc.value)) return serializeValue(doc, records);
  const original = new Map<unknown, string>();
  if (doc.kind === 'jsonl') doc.records.forEach((record, i) => original.set(record, doc.lines[i]));
  const eol = doc.kind === 'jsonl' ? doc.eol : '\n';
  return records.map((record) => (original.get(record) ?? JSON.stringify(record)) + eol).join('');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path`, or undefined when a step is missing. */
export function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = root;
  for (const step of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}
