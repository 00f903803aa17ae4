/** The audit view's row filter: which aligned rows a person asked to see. */
import type { AlignedRow } from './align.js';
import type { PairReview } from './review.js';

export type RowFilter = 'all' | 'changed' | 'kept' | 'protected' | 'ineligible' | `tool:${string}`;

/** A candidate the current actions keep (R12): the ones worth a second look before export. */
function keepsCandidate(row: AlignedRow, pairs: ReadonlyMap<string, PairReview>): boolean {
  return row.pairIds.some((id) => {
    const review = pairs.get(id);
    return review !== undefined && review.guard === null && (review.action ?? 'keep') === 'keep';
  });
}

/** The rows `filter` lets through, in order; `all` returns `rows` itself. */
export function filterRows(
  rows: readonly AlignedRow[],
  filter: RowFilter,
  pairs: ReadonlyMap<string, PairReview>,
): readonly AlignedRow[] {
  if (filter === 'all') return rows;
  if (filter === 'changed') return rows.filter((row) => row.status !== 'same');
  if (filter === 'protected') return rows.filter((row) => row.protected);
  if (filter === 'ineligible') return rows.filter((row) => row.ineligible);
  if (filter === 'kept') return rows.filter((row) => keepsCandidate(row, pairs));
  const tool = filter.slice('tool:'.length);
  return rows.filter((row) => row.tools.includes(tool));
}
