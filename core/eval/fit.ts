/**
 * Fitting the offline model's weights (core/engine/offline/features.ts) on labelled samples
 * (training.ts): one weighted logistic regression per question (regression.ts).
 *
 * Target: the mean of the two labels (0, ½ or 1), since neither is the truth alone. Each
 * question is fitted cost-sensitively, because keeping has a price the labels do not see:
 * - keep_result: missing a used result costs 1; keeping an unused one costs the characters it
 *   keeps beyond a truncation, scaled so both sides weigh the same over the training set and
 *   then by `keepCostWeight` (chosen by cross-validation inside the training data, select.ts).
 *   At p = 0.5 a result is kept when its chance of use outweighs its size.
 * - keep_call: keeping an unused call costs its input and the head of its result.
 * Deterministic: the same samples give the same weights and the same id.
 */
import type { FeatureName, FeatureVector, Logit, OfflineWeights } from '../engine/offline/features.js';
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { OFFLINE_MODEL_VERSION } from '../engine/offline/model.js';
import { OptionsSchema } from '../engine/schema.js';
import type { RegressionSample } from './regression.js';
import { fitLogistic } from './regression.js';
import type { Sample } from './training.js';

/** Cuts per transcript for fitting: more cuts than `eval`'s three, spread the same way. */
export const FIT_CUTS = 8;
export const L2_PENALTY = 1;
const HEAD_CHARS = OptionsSchema.parse({}).truncate_head_chars;

export const FIT_METHOD =
  `logistic regression (Newton, L2 ${L2_PENALTY}); target = mean of the later-use and strict labels; ` +
  'keep_result: an unused kept result weighs the characters it keeps beyond a truncation, scaled so both sides weigh the same, times the keep cost weight; ' +
  'keep_call: an unused kept call weighs its input and the head of its result, scaled the same way';

export interface FitOptions {
  /** Features held at weight 0 (the ablation without the shared-extractor signals). */
  exclude?: readonly FeatureName[];
  on?: OfflineWeights['fitted']['on'];
  cutsPerTranscript?: number;
  /**
   * How much an unused kept result weighs against a missed used one (1: both sides weigh the
   * same over the training set). select.ts chooses it by cross-validation on the training data.
   */
  keepCostWeight?: number;
}

const target = (s: Sample) => ((s.used['later-use'] ? 1 : 0) + (s.used.strict ? 1 : 0)) / 2;

export function fitOfflineWeights(samples: readonly Sample[], options: FitOptions = {}): OfflineWeights {
  if (samples.length === 0) throw new Error('no labelled candidates to fit on');
  const frozen = new Set((options.exclude ?? []).map((name) => FEATURE_NAMES.indexOf(name)));
  const rows = samples.map((s) => FEATURE_NAMES.map((name) => s.features[name]));
  const y = samples.map(target);
  const positive = y.reduce((sum, v) => sum + v, 0);
  const negative = y.reduce((sum, v) => sum + (1 - v), 0);
  if (positive === 0 || negative === 0) throw new Error('the labelled candidates are all used or all unused');

  // Keeping a result instead of truncating it keeps its characters beyond the head.
  const cost = samples.map((s) => Math.max(1, s.resultChars - HEAD_CHARS));
  const negativeCost = samples.reduce((sum, _, i) => sum + (1 - y[i]) * cost[i], 0);
  // Keeping a call instead of dropping it keeps its input and the head of its result.
  const callCost = samples.map((s) => s.inputChars + Math.min(s.resultChars, HEAD_CHARS));
  const negativeCallCost = samples.reduce((sum, _, i) => sum + (1 - y[i]) * callCost[i], 0);
  const resultSet: RegressionSample[] = rows.map((x, i) => ({
    x,
    y: y[i],
    a: 1,
    b: ((options.keepCostWeight ?? 1) * cost[i] * positive) / negativeCost,
  }));
  const callSet: RegressionSample[] = rows.map((x, i) => ({
    x,
    y: y[i],
    a: 1,
    b: (callCost[i] * positive) / negativeCallCost,
  }));

  const logit = (set: RegressionSample[]): Logit => {
    const fit = fitLogistic(set, L2_PENALTY, frozen);
    const weights = Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, round(fit.coef[j])])) as FeatureVector;
    return { bias: round(fit.bias), weights };
  };
  const result = logit(resultSet);
  const call = logit(callSet);
  return {
    id: weightsId(result, call),
    model: OFFLINE_MODEL_VERSION,
    fitted: {
      on: options.on ?? [],
      cutsPerTranscript: options.cutsPerTranscript ?? FIT_CUTS,
      candidates: samples.length,
      method:
        FIT_METHOD +
        `; keep cost weight ${options.keepCostWeight ?? 1}` +
        (options.exclude?.length ? `; without ${options.exclude.join(', ')}` : ''),
    },
    result,
    call,
  };
}

/** Four decimals: finer than any evidence line shows, coarse enough to read in a diff. */
const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** FNV-1a over the fitted numbers: a short id that changes whenever a weight does. */
function weightsId(result: Logit, call: Logit): string {
  const text = JSON.stringify([result, call]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `w-${hash.toString(16).padStart(8, '0')}`;
}
