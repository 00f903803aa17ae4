/**
 * Fitting the offline model's weights (core/engine/offline/features.ts) on labelled samples
 * (training.ts): one weighted logistic regression per question (regression.ts).
 *
 * Targets: keep_result — the mean of the two later-use labels (0, ½ or 1), since neither is
 * the truth alone; keep_call — 1 when the call's input or target is named again from the next
 * action on (callLabel.ts), else the keep_result target (a call whose result is used matters).
 * Each question is fitted cost-sensitively, because keeping has a price the labels do not see:
 * - keep_result: missing a used result costs 1; keeping an unused one costs the characters it
 *   keeps beyond a truncation, scaled so both sides weigh the same over the training set and
 *   then by `keepCostWeight` (chosen by cross-validation inside the training data, select.ts).
 *   At p = 0.5 a result is kept when its chance of use outweighs its size.
 * - keep_call: keeping an unneeded call costs its input and the head of its result, scaled the
 *   same way and then by `callCostWeight` (chosen the same way).
 * Deterministic: the same samples give the same weights and the same id.
 */
import type { OfflineCalibration } from '../engine/offline/calibration.js';
import type { FeatureName, FeatureVector, Logit, OfflineWeights, OperatingPoint } from '../engine/offline/features.js';
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
  `logistic regression (Newton, L2 ${L2_PENALTY}); keep_result target = mean of the later-use and strict labels; ` +
  'keep_call target = 1 when the input or target is named again from the next action on, else the keep_result target; ' +
  'keep_result: an unused kept result weighs the characters it keeps beyond a truncation, scaled so both sides weigh the same, times the keep cost weight; ' +
  'keep_call: an unused kept call weighs its input and the head of its result, scaled the same way';

export const CALIBRATION_METHOD =
  'each question calibrated on held-out logits against its own label (Platt: keep_result vs later use, keep_call vs still needed), ' +
  'then one shift for both, the most reduction keeping the recall floor at the default threshold';

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
  /** The same for the call question: how much an unneeded kept call weighs against a needed dropped one. */
  callCostWeight?: number;
  /** The default threshold's cross-validated operating point at the chosen settings (select.ts). */
  operatingPoint?: OperatingPoint;
  /** Each question's held-out map and the shared shift (select.ts), stored with the weights. */
  calibration?: OfflineCalibration;
}

const target = (s: Sample) => ((s.used['later-use'] ? 1 : 0) + (s.used.strict ? 1 : 0)) / 2;
export const callTarget = (s: Sample) => (s.callNamed ? 1 : target(s));

/** One question's logit (the other question's fit does not depend on this one's settings). */
export function fitQuestion(samples: readonly Sample[], question: 'result' | 'call', options: FitOptions = {}): Logit {
  const frozen = new Set((options.exclude ?? []).map((name) => FEATURE_NAMES.indexOf(name)));
  const fit = fitLogistic(regressionSet(samples, question, options), L2_PENALTY, frozen);
  const weights = Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, round(fit.coef[j])])) as FeatureVector;
  return { bias: round(fit.bias), weights };
}

/**
 * One question's regression problem: the feature rows in FEATURE_NAMES order, the soft target
 * and the two sides' weights the cost-sensitive fit above explains (also what another model
 * family is fitted on when compared, families.ts).
 */
export function regressionSet(
  samples: readonly Sample[],
  question: 'result' | 'call',
  options: Pick<FitOptions, 'keepCostWeight' | 'callCostWeight'> = {},
): RegressionSample[] {
  if (samples.length === 0) throw new Error('no labelled candidates to fit on');
  const y = samples.map(question === 'result' ? target : callTarget);
  const positive = y.reduce((sum, v) => sum + v, 0);
  if (question === 'result' && (positive === 0 || positive === samples.length))
    throw new Error('the labelled candidates are all used or all unused');
  const cost = samples.map((s) =>
    question === 'result'
      ? // Keeping a result instead of truncating it keeps its characters beyond the head.
        Math.max(1, s.resultChars - HEAD_CHARS)
      : // Keeping a call instead of dropping it keeps its input and the head of its result.
        s.inputChars + Math.min(s.resultChars, HEAD_CHARS),
  );
  const negativeCost = samples.reduce((sum, _, i) => sum + (1 - y[i]) * cost[i], 0);
  const weight = (question === 'result' ? options.keepCostWeight : options.callCostWeight) ?? 1;
  return samples.map((s, i) => ({
    x: FEATURE_NAMES.map((name) => s.features[name]),
    y: y[i],
    a: 1,
    // Every call named again: nothing to weigh against (the fit then keeps them all).
    b: negativeCost === 0 ? 0 : (weight * cost[i] * positive) / negativeCost,
  }));
}

export function fitOfflineWeights(samples: readonly Sample[], options: FitOptions = {}): OfflineWeights {
  const result = fitQuestion(samples, 'result', options);
  const call = fitQuestion(samples, 'call', options);
  const calibration = options.calibration;
  return {
    id: weightsId(result, call, calibration),
    model: OFFLINE_MODEL_VERSION,
    fitted: {
      on: options.on ?? [],
      cutsPerTranscript: options.cutsPerTranscript ?? FIT_CUTS,
      candidates: samples.length,
      method:
        FIT_METHOD +
        `; keep cost weight ${options.keepCostWeight ?? 1}; call cost weight ${options.callCostWeight ?? 1}` +
        (options.exclude?.length ? `; without ${options.exclude.join(', ')}` : '') +
        (calibration ? `; ${CALIBRATION_METHOD}` : ''),
      ...(options.operatingPoint ? { operatingPoint: options.operatingPoint } : {}),
    },
    result,
    call,
    ...(calibration ? { calibration } : {}),
  };
}

/** Four decimals: finer than any evidence line shows, coarse enough to read in a diff. */
const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** FNV-1a over the fitted numbers: a short id that changes whenever a weight or the calibration does. */
export function weightsId(result: Logit, call: Logit, calibration?: OfflineCalibration): string {
  const text = JSON.stringify(calibration ? [result, call, calibration] : [result, call]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `w-${hash.toString(16).padStart(8, '0')}`;
}
