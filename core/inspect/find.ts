/**
 * Find in the inspector: which rows hold a term, and where it occurs in a displayed text,
 * case-insensitively, as ranges into the original string. A case-insensitive regex keeps
 * offsets in the original (lower-casing first would not: some characters change length when
 * lower-cased).
 */
import type { Message } from '../engine/schema.js';
import type { AlignedRow } from './align.js';

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

const searchText = new WeakMap<Message, string>();

/** A message's JSON, lower-cased, built once per message object (a history is never mutated in place). */
function searchTextOf(message: Message): string {
  let text = searchText.get(message);
  if (text === undefined) searchText.set(message, (text = JSON.stringify(message).toLowerCase()));
  return text;
}

/**
 * Positions in `rows` whose message contains `term`, case-insensitively. The proposed pane
 * only removes or shortens text, so the original covers both panes, plus the omission marker
 * (R13) that changed rows add.
 */
export function findRows(rows: readonly AlignedRow[], messages: readonly Message[], term: string): number[] {
  const q = term.toLowerCase();
  if (q === '') return [];
  const markerMatches = 'omitted'.includes(q);
  const out: number[] = [];
  rows.forEach((row, i) => {
    if (searchTextOf(messages[row.index]).includes(q) || (markerMatches && row.status !== 'same')) out.push(i);
  });
  return out;
}
