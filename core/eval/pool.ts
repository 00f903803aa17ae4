/**
 * Pooling over cuts (sums of counts, not means of ratios, so a long transcript weighs what it
 * holds) and threshold advice: the highest threshold whose pooled recall stays within
 * `maxRecallLoss` of keeping every result (recall 1), i.e. the most compaction a team can take.
 */
import type { CutResult } from './evaluate.js';
import { MASK_CURVE, RANDOM_SHARES, SWEEP_THRESHOLDS } from './evaluate.js';
import type { Figures, Tally } from './measure.js';
import { add, figures, ZERO_TALLY } from './measure.js';

export interface Pooled {
  cuts: number;
  failed: number;
  policies: { model: Figures; masking: Figures; random: Figures; keepAll: Figures };
  sweep: Array<{ threshold: number } & Figures>;
  maskCurve: Array<{ m: number } & Figures>;
  randomCurve: Array<{ share: number } & Figures>;
}

export interface Advice {
  maxRecallLoss: number;
  /** Recall when every result is kept (1 when anything was used later). */
  baselineRecall: number | null;
  threshold: number | null;
  figures: Figures | null;
}

const sum = (tallies: Tally[]) => tallies.reduce(add, ZERO_TALLY);

export function pool(results: readonly CutResult[]): Pooled {
  const ok = results.filter((r) => r.error === null);
  return {
    cuts: ok.length,
    failed: results.length - ok.length,
    policies: {
      model: figures(sum(ok.map((r) => r.policies.model))),
      masking: figures(sum(ok.map((r) => r.policies.masking))),
      random: figures(sum(ok.map((r) => r.policies.random))),
      keepAll: figures(sum(ok.map((r) => r.policies.keepAll))),
    },
    sweep: SWEEP_THRESHOLDS.map((threshold, i) => ({ threshold, ...figures(sum(ok.map((r) => r.sweep[i].tally))) })),
    maskCurve: MASK_CURVE.map((m, i) => ({ m, ...figures(sum(ok.map((r) => r.maskCurve[i].tally))) })),
    randomCurve: RANDOM_SHARES.map((share, i) => ({ share, ...figures(sum(ok.map((r) => r.randomCurve[i].tally))) })),
  };
}

export function advise(pooled: Pooled, maxRecallLoss: number): Advice {
  const baselineRecall = pooled.policies.keepAll.recall;
  if (baselineRecall === null) return { maxRecallLoss, baselineRecall, threshold: null, figures: null };
  let best: (typeof pooled.sweep)[number] | null = null;
  for (const point of pooled.sweep) {
    if (point.recall !== null && point.recall >= baselineRecall - maxRecallLoss - 1e-12) best = point;
  }
  if (best === null) return { maxRecallLoss, baselineRecall, threshold: null, figures: null };
  const { threshold, ...rest } = best;
  return { maxRecallLoss, baselineRecall, threshold, figures: rest };
}
