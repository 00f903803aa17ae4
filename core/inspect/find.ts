/**
 * Find in the inspector: every hit of a term in the text the audit view displays (display.ts:
 * texts, tool names, ids, inputs, outputs, R13 markers; never JSON keys or escapes), and
 * where it occurs in a displayed text, case-insensitively, as ranges into the original
 * string. A case-insensitive regex keeps offsets in the original (lower-casing first would
 * not: some characters change length when lower-cased).
 */
import type { Message } from '../engine/schema.js';
import type { AlignedRow } from './align.js';
import type { SearchField } from './display.js';
import { blockFields, displayOutput, displayedBlocks, markerField } from './display.js';

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

export interface MatchSplit {
  /** Alternating plain and matched pieces, starting (and ending) with plain; joined they are the text. */
  parts: string[];
  /** True when `limit` stopped the search: the rest of the text is one plain piece. */
  capped: boolean;
}

/** Splits `text` around the occurrences of `term`; null when the term is empty or absent. */
export function splitMatches(text: string, term: string, limit = 2000): MatchSplit | null {
  if (term === '' || text === '') return null;
  const pattern = new RegExp(term.replace(SPECIAL, '\\$&'), 'giu');
  const parts: string[] = [];
  let last = 0;
  let found = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (found === limit) return { parts: [...parts, text.slice(last)], capped: true };
    parts.push(text.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
    found++;
  }
  if (found === 0) return null;
  parts.push(text.slice(last));
  return { parts, capped: false };
}

/** The fields of a message with their lower-cased text, built once per message object (a history is never mutated in place). */
interface Indexed {
  fields: SearchField[];
  lower: string[];
}
const indexed = new WeakMap<Message, Indexed>();

function indexOf(message: Message): Indexed {
  let entry = indexed.get(message);
  if (entry === undefined) {
    const fields = displayedBlocks(message).flatMap((block, b) => blockFields(block, b));
    entry = { fields, lower: fields.map((f) => f.text.toLowerCase()) };
    indexed.set(message, entry);
  }
  return entry;
}

const headerField = (row: AlignedRow): SearchField => ({
  block: -1,
  part: 'id',
  text: row.id,
  from: 0,
  to: row.id.length,
});

/** The fields Find searches in one row: the header id, the original's blocks, and the markers the proposal adds (R13). */
export function rowFields(row: AlignedRow, message: Message): SearchField[] {
  const fields = [headerField(row), ...indexOf(message).fields];
  for (const [b, fate] of row.blocks)
    if (fate.truncatedOutput !== undefined) {
      const original = fields.find((f) => f.block === b && f.part === 'output');
      if (original) fields.push(markerField(b, original.text, displayOutput(fate.truncatedOutput)));
    }
  return fields;
}

/** The fields of one visible row that hold the term, and how many hits each holds. */
export interface FieldHits {
  /** Position in the visible rows. */
  position: number;
  message: number;
  field: SearchField;
  /** Start offsets of the hits in `field.text`, in order. */
  starts: number[];
}

export interface FindResult {
  term: string;
  total: number;
  fields: FieldHits[];
}

/** One hit: the field it sits in and where. */
export interface Hit {
  position: number;
  message: number;
  field: SearchField;
  start: number;
  end: number;
}

function hitStarts(text: string, from: number, to: number, pattern: RegExp): number[] {
  const starts: number[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m.index >= to) break;
    if (m.index >= from && m.index + m[0].length <= to) starts.push(m.index);
  }
  return starts;
}

/**
 * Every hit of `term` in the displayed text of `rows` (display.ts), case-insensitively,
 * counted per occurrence, not per message. A lower-cased copy of each field, built once,
 * rejects most fields with one `includes`; only the fields that hold the term are scanned
 * with the same case-insensitive pattern `splitMatches` highlights with, so a hit's offset is
 * the offset of its <mark>.
 */
export function findHits(rows: readonly AlignedRow[], messages: readonly Message[], term: string): FindResult {
  const q = term.toLowerCase();
  const out: FindResult = { term, total: 0, fields: [] };
  if (q === '') return out;
  const pattern = new RegExp(term.replace(SPECIAL, '\\$&'), 'giu');
  rows.forEach((row, position) => {
    const message = messages[row.index];
    const { fields, lower } = indexOf(message);
    const scan = (field: SearchField) => {
      const starts = hitStarts(field.text, field.from, field.to, pattern);
      if (starts.length === 0) return;
      out.fields.push({ position, message: row.index, field, starts });
      out.total += starts.length;
    };
    if (row.id.toLowerCase().includes(q)) scan(headerField(row));
    fields.forEach((field, i) => {
      if (lower[i].includes(q) || lower[i].length !== field.text.length) scan(field);
    });
    if (row.status !== 'same') for (const extra of rowFields(row, message)) if (extra.part === 'marker') scan(extra);
  });
  return out;
}

/** The `n`th hit (0-based) of a result; null outside it. */
export function hitAt(result: FindResult, n: number): Hit | null {
  if (n < 0 || n >= result.total) return null;
  let left = n;
  for (const f of result.fields) {
    if (left < f.starts.length) {
      const start = f.starts[left];
      const sticky = new RegExp(result.term.replace(SPECIAL, '\\$&'), 'iuy');
      sticky.lastIndex = start;
      const end = start + (sticky.exec(f.field.text)?.[0].length ?? result.term.length);
      return { position: f.position, message: f.message, field: f.field, start, end };
    }
    left -= f.starts.length;
  }
  return null;
}

/**
 * The hit after (1) or before (-1) hit `current`, wrapping; with no current hit (-1, or the
 * selection moved to another row), the first hit after (before) the selected row `selected`.
 * Null when there are no hits.
 */
export function stepHit(result: FindResult, current: number, selected: number, dir: 1 | -1): number | null {
  if (result.total === 0) return null;
  if (current >= 0 && current < result.total && hitAt(result, current)?.position === selected)
    return (current + dir + result.total) % result.total;
  let index = 0;
  if (dir === 1) {
    for (const f of result.fields) {
      if (f.position > selected) return index;
      index += f.starts.length;
    }
    return 0;
  }
  let last: number | null = null;
  for (const f of result.fields) {
    if (f.position >= selected) break;
    index += f.starts.length;
    last = index - 1;
  }
  return last ?? result.total - 1;
}
