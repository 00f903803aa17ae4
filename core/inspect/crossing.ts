/**
 * Which pairs a threshold step can touch (R15). R12 compares each candidate's two
 * probabilities with the threshold (`p >= t`), so between thresholds `a` and `b` a verdict can
 * differ only for a pair with a probability in `[min(a, b), max(a, b))`; every other pair
 * gives the same comparison at both. Guarded pairs and candidates without probabilities never
 * depend on the threshold. Sorting the probabilities once per run lets a step on 5,000 pairs
 * look at the few that cross instead of deciding all of them again.
 */
import type { Probabilities } from '../engine/decide.js';
import type { Pair } from '../engine/guards.js';

interface CrossingIndex {
  pairs: readonly Pair[];
  /** Every probability of every thresholded pair, ascending; NaN never crosses (`NaN >= t` is always false). */
  values: Float64Array;
  /** `pairOf[k]`: the index in `pairs` of the pair `values[k]` belongs to. */
  pairOf: Int32Array;
}

const indexes = new WeakMap<ReadonlyMap<string, Probabilities>, CrossingIndex>();

function indexOf(pairs: readonly Pair[], probs: ReadonlyMap<string, Probabilities>): CrossingIndex {
  const known = indexes.get(probs);
  if (known?.pairs === pairs) return known;
  const entries: Array<{ value: number; pair: number }> = [];
  pairs.forEach((pair, i) => {
    const p = pair.guard === null ? probs.get(pair.pairId) : undefined;
    if (!p) return;
    for (const value of [p.keepResult, p.keepCall]) if (!Number.isNaN(value)) entries.push({ value, pair: i });
  });
  entries.sort((x, y) => x.value - y.value);
  const index: CrossingIndex = {
    pairs,
    values: Float64Array.from(entries, (e) => e.value),
    pairOf: Int32Array.from(entries, (e) => e.pair),
  };
  indexes.set(probs, index);
  return index;
}

/**
 * The pairs whose R12 verdict may differ between thresholds `a` and `b`, each once, in pair
 * order. Any pair not listed has the same verdict at both.
 */
export function crossingPairs(
  pairs: readonly Pair[],
  probs: ReadonlyMap<string, Probabilities>,
  a: number,
  b: number,
): Pair[] {
  if (a === b) return [];
  const { values, pairOf } = indexOf(pairs, probs);
  // `p >= NaN` is false for every p: against a NaN threshold every thresholded pair may differ.
  const unordered = Number.isNaN(a) || Number.isNaN(b);
  const lo = unordered ? -Infinity : Math.min(a, b);
  const hi = unordered ? Infinity : Math.max(a, b);
  // First value >= lo (binary search), then every value < hi.
  let start = 0;
  let end = values.length;
  while (start < end) {
    const mid = (start + end) >>> 1;
    if (values[mid] >= lo) end = mid;
    else start = mid + 1;
  }
  const hit = new Set<number>();
  for (let k = start; k < values.length && (unordered || values[k] < hi); k++) hit.add(pairOf[k]);
  return [...hit].sort((x, y) => x - y).map((i) => pairs[i]);
}
