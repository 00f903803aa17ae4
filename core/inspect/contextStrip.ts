/**
 * The context strip: the whole history at a glance, one bar per message sized by its compact
 * JSON length (§6 `chars_before` sums these) and coloured by what the proposal does to it —
 * kept, shortened (an output cut to a prefix, R13, or a call removed from a message that stays,
 * R14), dropped (the message removed, R14) or protected (R4) — with the §9 cache break, the
 * first changed message, marked. A pure function of the audit's rows and the measured lengths.
 */
import type { AlignedRow } from './align.js';

export type StripKind = 'kept' | 'shortened' | 'dropped' | 'protected';
export const STRIP_KINDS: readonly StripKind[] = ['kept', 'shortened', 'dropped', 'protected'];

export interface StripBar {
  index: number;
  id: string;
  kind: StripKind;
  chars: number;
  /** Where the bar starts, as a fraction of the history's characters. */
  start: number;
}

export interface ContextStrip {
  bars: StripBar[];
  total: number;
  /** Characters per kind. */
  chars: Record<StripKind, number>;
  /** The first changed message's bar, where the provider's cached prefix ends; null when nothing changes. */
  cacheBreak: StripBar | null;
}

const kindOf = (row: AlignedRow): StripKind =>
  row.status === 'removed' ? 'dropped' : row.status === 'changed' ? 'shortened' : row.protected ? 'protected' : 'kept';

export function contextStrip(
  rows: readonly AlignedRow[],
  lengths: readonly number[],
  firstChanged: number | null,
): ContextStrip {
  const total = rows.reduce((sum, row) => sum + (lengths[row.index] ?? 0), 0);
  const chars: Record<StripKind, number> = { kept: 0, shortened: 0, dropped: 0, protected: 0 };
  let at = 0;
  const bars = rows.map((row) => {
    const size = lengths[row.index] ?? 0;
    const bar: StripBar = {
      index: row.index,
      id: row.id,
      kind: kindOf(row),
      chars: size,
      start: total ? at / total : 0,
    };
    chars[bar.kind] += size;
    at += size;
    return bar;
  });
  const cacheBreak = firstChanged === null ? null : (bars.find((b) => b.index === firstChanged) ?? null);
  return { bars, total, chars, cacheBreak };
}

/** The bar at fraction `x` of the strip's width (a click), or null past either end. */
export function barAt(strip: ContextStrip, x: number): StripBar | null {
  if (x < 0 || x > 1 || strip.bars.length === 0) return null;
  let lo = 0;
  let hi = strip.bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (strip.bars[mid].start <= x) lo = mid;
    else hi = mid - 1;
  }
  return strip.bars[lo];
}
