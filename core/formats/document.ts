/**
 * Text ⇄ parsed document. A file is one JSON value or JSON Lines; which one is decided here,
 * once, for every format. Writing keeps what the reader saw (SPEC §9 byte-preserving export):
 * the edits are spliced into the original text (splice.ts), so every byte outside an edited
 * span — a JSON Lines line no edit touches, the spelling of a number, an escape, spacing —
 * comes back as it was read.
 */
import { detectIndent } from '../engine/containers.js';
import { exceedsNesting, NESTING_MESSAGE } from '../engine/depth.js';
import type { SourceText } from './types.js';
import { FormatError } from './types.js';
import { parseNonFinite } from './nonFinite.js';
import { align, spliceText } from './splice.js';
import { describeJsonError } from './jsonSyntax.js';
import type { JsonLinesDocument } from './jsonLines.js';
import { JsonLinesReader } from './jsonLines.js';

/** Parses `text` (a byte-order mark is ignored) into a document, or throws a FormatError naming where. */
export function parseSource(text: string): SourceText {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  if (body.trim() === '') throw new FormatError('the file is empty', 'not_json');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    // One JSON value per line fails as a whole document but is a JSON Lines file.
    if (body.trimStart().startsWith('{') && body.trim().includes('\n')) return parseLines(body, bom);
    // Python's json.dumps writes NaN and Infinity: still a document (nonFinite.ts).
    value = parseNonFinite(body);
    if (value === null) throw new FormatError(`not JSON: ${describeJsonError(body)}`, 'not_json');
  }
  if (typeof value === 'object' && value !== null && exceedsNesting(value))
    throw new FormatError(`the document is ${NESTING_MESSAGE}`, 'not_json');
  return { kind: 'json', value, indent: detectIndent(body), finalNewline: body.endsWith('\n'), text: body, bom };
}

function parseLines(body: string, bom: boolean): SourceText {
  const reader = new JsonLinesReader(() => body);
  reader.push(body);
  return { ...reader.end(body), bom };
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

/**
 * A whole JSON document: the source text with the edits spliced in (SPEC §9), or, for a
 * document read without its text, in the indentation the file had.
 */
export function serializeValue(doc: SourceText, value: unknown): string {
  if (doc.kind === 'json' && doc.text !== undefined)
    return (doc.bom ? '\ufeff' : '') + spliceText(doc.text, doc.value, value, doc.indent);
  const indent = doc.kind === 'json' ? doc.indent : 0;
  const finalNewline = doc.kind === 'json' ? doc.finalNewline || indent !== 0 : true;
  return JSON.stringify(value, null, indent) + (finalNewline ? '\n' : '');
}

/**
 * Records back in the container `recordsOf` found them in. As JSON Lines, a record that is
 * still the parsed original object is written as its original line, byte for byte, with the
 * line break and blank lines that followed it; an edited copy of a record is its line with
 * the edits spliced in (SPEC §9).
 */
export function serializeRecords(doc: SourceText, records: readonly unknown[]): string {
  if (doc.kind === 'json' && Array.isArray(doc.value)) return serializeValue(doc, records);
  if (doc.kind === 'json' && records.length === 1 && isRecord(doc.value)) return serializeValue(doc, records[0]);
  if (doc.kind === 'jsonl') return (doc.bom ? '\ufeff' : '') + spliceLines(doc, records);
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/** JSON Lines with each kept record's line (edited in place when its record was) and what followed it. */
function spliceLines(doc: JsonLinesDocument, records: readonly unknown[]): string {
  const { text, spans } = doc;
  const pairs = align(doc.records, records);
  // Pieces joined once: testing the end of a growing string would flatten it on every record.
  const parts: string[] = [spans.length > 0 ? text.slice(0, spans[0][0]) : ''];
  let open = parts[0] !== '' && !parts[0].endsWith('\n');
  const push = (piece: string) => {
    if (piece === '') return;
    parts.push(piece);
    open = !piece.endsWith('\n');
  };
  for (const [j, record] of records.entries()) {
    if (open) push(doc.eol);
    const at = pairs[j];
    if (at === null) {
      push(JSON.stringify(record) + doc.eol);
      continue;
    }
    const [start, end] = spans[at];
    const after = at + 1 < spans.length ? spans[at + 1][0] : text.length;
    push(spliceText(text.slice(start, end), doc.records[at], record, 0) + text.slice(end, after));
  }
  return parts.join('');
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
