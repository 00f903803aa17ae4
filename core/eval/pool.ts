/**
 * Pooling over cuts (sums of counts, not means of ratios, so a long transcript weighs what it
 * holds), under each label, over all cuts and per transcript, and threshold advice: the highest
 * threshold whose pooled recall stays within `maxRecallLoss` of keeping every result (recall 1),
 * i.e. the most compaction a team can take.
 */
import type { CutResult } from './evaluate.js';
import { MASK_CURVE, RANDOM_SHARES, SWEEP_THRESHOLDS } from './evaluate.js';
import type { LabelName } from './labels.js';
import type { Figures, Tally } from './measure.js';
import { add, figures, perLabel, ZERO_TALLY } from './measure.js';

export interface Pooled {
  cuts: number;
  failed: number;
  policies: { model: Figures; masking: Figures; random: Figures; keepAll: Figures; ablation?: Figures };
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

/** Pooled figures under every label. */
export type PooledByLabel = Record<LabelName, Pooled>;

export function pool(results: readonly CutResult[]): PooledByLabel {
  return perLabel((label) => poolUnder(results, label));
}

/** Pooled per transcript, in the order the transcripts first appear. */
export function poolBySource(results: readonly CutResult[]): Array<{ source: string; pooled: PooledByLabel }> {
  return poolBy(results, (r) => r.source).map(({ key, pooled }) => ({ source: key, pooled }));
}

/** Pooled per key (a repository, a format), in the order the keys first appear; results without one are left out. */
export function poolBy(
  results: readonly CutResult[],
  keyOf: (result: CutResult) => string | null,
): Array<{ key: string; sources: number; pooled: PooledByLabel }> {
  const byKey = new Map<string, CutResult[]>();
  for (const result of results) {
    const key = keyOf(result);
    if (key === null) continue;
    const list = byKey.get(key) ?? [];
    list.push(result);
    byKey.set(key, list);
  }
  return [...byKey].map(([key, list]) => ({
    key,
    sources: new Set(list.map((r) => r.source)).size,
    pooled: pool(list),
  }));
}

function poolUnder(results: readonly CutResult[], label: LabelName): Pooled {
  const ok = results.filter((r) => r.error === null);
  const ablations = ok.flatMap((r) => (r.policies.ablation ? [r.policies.ablation[label]] : []));
  return {
    cuts: ok.length,
    failed: results.length - ok.length,
    policies: {
      model: figures(sum(ok.map((r) => r.policies.model[label]))),
      masking: figures(sum(ok.map((r) => r.policies.masking[label]))),
      random: figures(sum(ok.map((r) => r.policies.random[label]))),
      keepAll: figures(sum(ok.map((r) => r.policies.keepAll[label]))),
      ...(ok.length > 0 && ablations.length === ok.length ? { ablation: figures(sum(ablations)) } : {}),
    },
    sweep: SWEEP_THRESHOLDS.map((threshold, i) => ({
      threshold,
      ...figures(sum(ok.map((r) => r.sweep[i].tally[label]))),
    })),
    maskCurve: MASK_CURVE.map((m, i) => ({ m, ...figures(sum(ok.map((r) => r.maskCurve[i].tally[label]))) })),
    randomCurve: RANDOM_SHARES.map((share, i) => ({
      share,
      ...figures(sum(ok.map((r) => r.randomCurve[i].tally[label]))),
    })),
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

/** Whether the model is strictly better than a baseline on each axis (recall and reduction). */
export interface Versus {
  recall: boolean;
  reduction: boolean;
}

export function versusBaselines(pooled: Pooled): { masking: Versus; random: Versus } {
  const { model } = pooled.policies;
  const versus = (baseline: Figures): Versus => ({
    recall: model.recall !== null && baseline.recall !== null && model.recall > baseline.recall,
    reduction: model.reduction > baseline.reduction,
  });
  return { masking: versus(pooled.policies.masking), random: versus(pooled.policies.random) };
}

/** One threshold of the sweep with its figures under every label. */
export interface FrontierPoint {
  threshold: number;
  byLabel: Record<LabelName, Figures>;
}

/**
 * What a threshold buys: the sweep's thresholds that no other threshold beats — at least as
 * much reduction and at least as much recall under every label, and more of one — ordered
 * from the most recall to the most reduction. Same probabilities, re-derived (R15).
 */
export function frontier(pooled: PooledByLabel): FrontierPoint[] {
  const labels = Object.keys(pooled) as LabelName[];
  const points = pooled[labels[0]].sweep.map((point, i) => ({
    threshold: point.threshold,
    byLabel: perLabel((label) => pooled[label].sweep[i] as Figures),
  }));
  const recall = (p: FrontierPoint, label: LabelName) => p.byLabel[label].recall ?? 0;
  const reduction = (p: FrontierPoint) => p.byLabel[labels[0]].reduction;
  const beats = (a: FrontierPoint, b: FrontierPoint) =>
    reduction(a) >= reduction(b) &&
    labels.every((l) => recall(a, l) >= recall(b, l)) &&
    (reduction(a) > reduction(b) || labels.some((l) => recall(a, l) > recall(b, l)));
  return points.filter((p) => !points.some((q) => beats(q, p))).sort((a, b) => reduction(a) - reduction(b));
}

/** How the model treated the calls (keep_call): drops, and the calls still needed that it kept. */
export interface CallFigures {
  candidates: number;
  dropped: number;
  /** Calls whose input or target is named again, or whose result is used (under this label). */
  needed: number;
  /** Of those, the ones not dropped (kept, or kept with a truncated result). */
  neededKept: number;
  recall: number | null;
}

export function callFigures(results: readonly CutResult[]): Record<LabelName, CallFigures> {
  const candidates = results.filter((r) => r.error === null).flatMap((r) => r.candidates);
  return perLabel((label) => {
    const needed = candidates.filter((c) => c.call_named || c.used[label]);
    const neededKept = needed.filter((c) => c.action !== 'drop_call').length;
    return {
      candidates: candidates.length,
      dropped: candidates.filter((c) => c.action === 'drop_call').length,
      needed: needed.length,
      neededKept,
      recall: needed.length === 0 ? null : neededKept / needed.length,
    };
  });
}
