/**
 * Choosing the one free setting of the fit — how much keeping an unused result weighs against
 * missing a used one (fit.ts `keepCostWeight`) — by leave-one-conversation-out inside the
 * training data only, so `eval --cv` never picks it with the transcript it then measures.
 *
 * The chosen setting is the one with the most reduction whose recall stays at least
 * `MIN_RECALL` under both labels — the operating point the project holds the model to at the
 * default threshold (other trade-offs are a threshold away: `eval` sweeps them) — with each
 * conversation predicted by weights fitted on the others. Reduction is estimated from the
 * samples (characters a truncation or a dropped call saves over the history's length), close
 * to what R13/R14 remove; recall is exact. When no setting reaches `MIN_RECALL`, the one with
 * the highest recall is chosen.
 */
import type { FeatureVector, Logit } from '../engine/offline/features.js';
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { OptionsSchema } from '../engine/schema.js';
import type { FitOptions } from './fit.js';
import { fitOfflineWeights } from './fit.js';
import { LABELS } from './labels.js';
import type { Sample } from './training.js';

export const KEEP_COST_WEIGHTS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];
export const MIN_RECALL = 0.6;
const HEAD_CHARS = OptionsSchema.parse({}).truncate_head_chars;
/** About what the R13 marker and a removed block's JSON add or take away. */
const MARKER_CHARS = 90;
const BLOCK_CHARS = 150;

export interface Selection {
  keepCostWeight: number;
  /** Per setting, the inner cross-validated recall (the lower of the two labels) and reduction. */
  scores: Array<{ keepCostWeight: number; recall: number; reduction: number }>;
}

const probability = (logit: Logit, x: FeatureVector) =>
  1 / (1 + Math.exp(-FEATURE_NAMES.reduce((z, name) => z + logit.weights[name] * x[name], logit.bias)));

/**
 * `groups[i]` are the samples a conversation is fitted on, `scored[i]` the ones it is scored on
 * when held out: the cuts `eval` measures, so the choice is made on what will be measured.
 */
export function selectKeepCostWeight(
  groups: readonly Sample[][],
  scored: readonly Sample[][] = groups,
  options: FitOptions = {},
): Selection {
  const usable = groups.map((g, i) => ({ fit: g, score: scored[i] ?? [] })).filter((g) => g.fit.length > 0);
  const scores = KEEP_COST_WEIGHTS.map((keepCostWeight) => {
    const used = { 'later-use': 0, strict: 0 };
    const usedKept = { 'later-use': 0, strict: 0 };
    let saved = 0;
    let history = 0;
    for (const [i, { score: held }] of usable.entries()) {
      const train = usable.filter((_, j) => j !== i).flatMap((g) => g.fit);
      if (!hasBothClasses(train)) continue;
      const weights = fitOfflineWeights(train, { ...options, keepCostWeight });
      const cuts = new Map<string, number>();
      for (const s of held) {
        cuts.set(`${s.source}\u0000${s.cut}`, s.historyChars);
        const keep = probability(weights.result, s.features) >= 0.5;
        const keepCall = probability(weights.call, s.features) >= 0.5;
        if (!keep)
          saved += keepCall
            ? Math.max(0, s.resultChars - HEAD_CHARS - MARKER_CHARS)
            : s.resultChars + s.inputChars + BLOCK_CHARS;
        for (const label of LABELS)
          if (s.used[label]) {
            used[label]++;
            if (keep) usedKept[label]++;
          }
      }
      for (const chars of cuts.values()) history += chars;
    }
    const recall = Math.min(...LABELS.map((l) => (used[l] === 0 ? 0 : usedKept[l] / used[l])));
    return { keepCostWeight, recall, reduction: history === 0 ? 0 : saved / history };
  });
  const enough = scores.filter((s) => s.recall >= MIN_RECALL);
  const best =
    enough.length > 0
      ? enough.reduce((a, b) => (b.reduction > a.reduction ? b : a))
      : scores.reduce((a, b) => (b.recall > a.recall ? b : a));
  return { keepCostWeight: best.keepCostWeight, scores };
}

export function hasBothClasses(samples: readonly Sample[]): boolean {
  const used = (s: Sample) => s.used['later-use'] || s.used.strict;
  return samples.some(used) && samples.some((s) => !(s.used['later-use'] && s.used.strict));
}
