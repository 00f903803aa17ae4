/**
 * Keyboard navigation in the audit view, as positions into the visible rows: Enter and
 * Shift+Enter walk find matches (wrapping), j and k walk changed rows (stopping at the ends).
 * A position of -1 means no row is selected.
 */
import type { AlignedRow } from './align.js';

export type Direction = 1 | -1;

/**
 * The match after (1) or before (-1) the selected position, wrapping around; from a row that
 * is not a match, the nearest match in that direction. Null when there are no matches.
 */
export function stepMatch(matches: readonly number[], selected: number, dir: Direction): number | null {
  if (matches.length === 0) return null;
  const current = matches.indexOf(selected);
  if (current !== -1) return matches[(current + dir + matches.length) % matches.length];
  if (dir === 1) return matches.find((m) => m > selected) ?? matches[0];
  for (let i = matches.length - 1; i >= 0; i--) if (matches[i] < selected) return matches[i];
  return matches[matches.length - 1];
}

/** The next changed or removed row after (1) or before (-1) `selected`; null at the end. */
export function stepChange(rows: readonly AlignedRow[], selected: number, dir: Direction): number | null {
  for (let i = selected + dir; i >= 0 && i < rows.length; i += dir) if (rows[i].status !== 'same') return i;
  return null;
}
