/** The keep_result probabilities of a run in equal bins, as the threshold chart draws them (R12). */

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge, except the last bin, which includes 1. */
  to: number;
  count: number;
}

/**
 * Probabilities in `bins` equal bins over [0, 1]. A value lands in the highest bin whose lower
 * edge it reaches (`p >= from`), the same comparison R12 makes with the threshold, so the bins
 * at or above a threshold on a bin edge count exactly the results kept there; float rounding
 * of `p * bins` alone could put 0.69999… into the 0.7 bin. Values outside [0, 1] are clamped
 * and NaN is skipped: the schema already refuses them, the chart should not crash on them.
 */
export function probabilityHistogram(values: Iterable<number>, bins = 10): HistogramBin[] {
  const out: HistogramBin[] = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count: 0,
  }));
  for (const raw of values) {
    if (Number.isNaN(raw)) continue;
    const p = Math.min(1, Math.max(0, raw));
    let i = Math.min(bins - 1, Math.floor(p * bins));
    while (i > 0 && p < out[i].from) i--;
    while (i < bins - 1 && p >= out[i + 1].from) i++;
    out[i].count++;
  }
  return out;
}
