/**
 * Choosing the two free settings of the fit — how much keeping an unused result weighs against
 * missing a used one (fit.ts `keepCostWeight`), and the same for calls (`callCostWeight`) — by
 * holding each training group out in turn inside the training data only (a group is a
 * repository's conversations, training.ts `heldOutUnits`), so `eval --cv` never picks them with
 * the transcript it then measures, nor with another run of its repository.
 *
 * The keep cost weight is the one with the most reduction whose recall under both labels
 * (later-use and strict, labels.ts) stays at least `MIN_RECALL` — the operating point the
 * project holds the model to at the default threshold (other trade-offs are a threshold away: `eval` prints the frontier) — with
 * each group predicted by weights fitted on the others. Then, at it, the call cost
 * weight with the most reduction whose keep_call recall (callLabel.ts) stays at least
 * `MIN_CALL_RECALL`. Reduction is estimated from the samples (characters a truncation or a
 * dropped call saves over the history's length), close to what R13/R14 remove; recall is
 * exact. When no setting reaches its floor, the one with the highest recall is chosen.
 *
 * With one scale (`fit --one-scale`, R12's one threshold for both questions), every setting is
 * scored after calibrating both questions on the same held-out logits (a Platt map each, against
 * its own label) and choosing, by the same rule, the one shift both are raised by
 * (core/engine/offline/calibration.ts); the chosen maps and shift are stored with the weights.
 */
import type { OfflineCalibration, PlattMap } from '../engine/offline/calibration.js';
import { calibratedLogit, IDENTITY_MAP } from '../engine/offline/calibration.js';
import type { FeatureVector, Logit, OperatingPoint } from '../engine/offline/features.js';
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { OptionsSchema } from '../engine/schema.js';
import { fitCalibration } from './calibrate.js';
import type { FitOptions } from './fit.js';
import { fitQuestion } from './fit.js';
import { LABELS } from './labels.js';
import type { Sample } from './training.js';

export const KEEP_COST_WEIGHTS = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.85, 1, 1.25, 1.5, 2, 3, 4];
/**
 * Recall first: losing a used result costs a re-fetch or a wrong answer, keeping an unused one
 * costs tokens, so the default threshold keeps at least this share of the used results.
 */
export const MIN_RECALL = 0.8;
export const CALL_COST_WEIGHTS = [0.5, 1, 1.25, 1.5, 2, 3];
/**
 * A call is dropped only when its result is not kept (R12), so dropping a needed call loses its
 * input and a result head — a re-read at most, not a result the agent relies on: calls are held
 * to a lower floor than results.
 */
export const MIN_CALL_RECALL = 0.6;
const HEAD_CHARS = OptionsSchema.parse({}).truncate_head_chars;
/** §5's default `keep_threshold`: the settings are chosen for where users start. */
const DEFAULT_THRESHOLD = OptionsSchema.parse({}).keep_threshold;
/** About what the R13 marker and a removed block's JSON add or take away. */
const MARKER_CHARS = 90;
const BLOCK_CHARS = 150;
/** The calibration's prior toward the identity map (calibrate.ts): hundreds of held-out logits outweigh it. */
const CALIBRATION_PRIOR = 0.01;
/** The shared recall-first shifts tried, in logits (0: the calibrated chances themselves). */
export const SHIFTS = Array.from({ length: 81 }, (_, i) => i / 20);

export interface Selection {
  keepCostWeight: number;
  callCostWeight: number;
  /** Per keep cost weight, the inner cross-validated recall (the lower of both labels') and reduction. */
  scores: Array<{ keepCostWeight: number; recall: number; reduction: number; shift: number }>;
  /** Per call cost weight (at the chosen keep cost weight), the inner call recall and reduction. */
  callScores: Array<{ callCostWeight: number; callRecall: number; reduction: number; shift: number }>;
  /** With `oneScale`: each question's map fitted on the held-out logits and the shared shift (calibration.ts). */
  calibration: OfflineCalibration | null;
  /** The default threshold's inner cross-validated recall (both labels) and reduction at both choices. */
  operatingPoint: OperatingPoint;
}

interface Inner {
  recall: number;
  callRecall: number;
  reduction: number;
}

/** A held-out sample with both questions' logits from weights fitted without its conversation. */
interface HeldOut {
  sample: Sample;
  result: number;
  call: number;
}

const logitOf = (logit: Logit, x: FeatureVector) =>
  FEATURE_NAMES.reduce((z, name) => z + logit.weights[name] * x[name], logit.bias);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A call still needed (the keep_call label, callLabel.ts): its target named again, or its result used. */
const callNeeded = (s: Sample) => s.callNamed || s.used['later-use'] || s.used.strict;

interface Fold {
  train: Sample[];
  held: Sample[];
}

/** Every fold's held-out samples with the logits of the weights fitted on its training side. */
function heldOut(folds: readonly Fold[], results: readonly Logit[], calls: readonly Logit[]): HeldOut[] {
  return folds.flatMap((fold, i) =>
    fold.held.map((sample) => ({
      sample,
      result: logitOf(results[i], sample.features),
      call: logitOf(calls[i], sample.features),
    })),
  );
}

/** Characters a result not kept saves: its truncation when the call is kept (R13), else the whole pair (R14). */
export function estimatedSaving(s: Sample, keepCall: boolean): number {
  return keepCall ? Math.max(0, s.resultChars - HEAD_CHARS - MARKER_CHARS) : s.resultChars + s.inputChars + BLOCK_CHARS;
}

/** The default threshold's recall, call recall and estimated reduction, each held-out logit calibrated. */
function innerScores(rows: readonly HeldOut[], calibration: OfflineCalibration): Inner {
  const used = { 'later-use': 0, strict: 0 };
  const usedKept = { 'later-use': 0, strict: 0 };
  let needed = 0;
  let neededKept = 0;
  let saved = 0;
  const cuts = new Map<string, number>();
  for (const { sample: s, result, call } of rows) {
    cuts.set(`${s.source}\u0000${s.cut}`, s.historyChars);
    const keep = sigmoid(calibratedLogit(result, calibration.result, calibration.shift)) >= DEFAULT_THRESHOLD;
    const keepCall = sigmoid(calibratedLogit(call, calibration.call, calibration.shift)) >= DEFAULT_THRESHOLD;
    if (!keep) saved += estimatedSaving(s, keepCall);
    if (callNeeded(s)) {
      needed++;
      if (keep || keepCall) neededKept++;
    }
    for (const label of LABELS)
      if (s.used[label]) {
        used[label]++;
        if (keep) usedKept[label]++;
      }
  }
  let history = 0;
  for (const chars of cuts.values()) history += chars;
  return {
    // The default is held to the floor under both labels (the strict one counts only verbatim
    // reuse, where a truncated result is surely missed): the lower of the two recalls.
    recall: Math.min(...LABELS.map((label) => (used[label] === 0 ? 0 : usedKept[label] / used[label]))),
    callRecall: needed === 0 ? 1 : neededKept / needed,
    reduction: history === 0 ? 0 : saved / history,
  };
}

/** The most reduction whose recall holds `floor`; the highest recall when none does. */
function choose<T extends { reduction: number }>(scores: T[], recall: (s: T) => number, floor: number): T {
  const enough = scores.filter((s) => recall(s) >= floor);
  return enough.length > 0
    ? enough.reduce((a, b) => (b.reduction > a.reduction ? b : a))
    : scores.reduce((a, b) => (recall(b) > recall(a) ? b : a));
}

/**
 * Each question calibrated against its own label on the held-out logits (keep_result: used later,
 * the later-use label; keep_call: still needed), then the one shift for both with the most
 * reduction whose recall at the default threshold holds `MIN_RECALL` (the fit's rule).
 */
function calibrateHeldOut(
  rows: readonly HeldOut[],
  oneScale: boolean,
): { calibration: OfflineCalibration; inner: Inner } {
  // Without one scale the logits are read as fitted: the identity maps, no shift.
  if (!oneScale) return { calibration: AS_FITTED, inner: innerScores(rows, AS_FITTED) };
  const map = (z: number[], y: number[]): PlattMap => {
    const { slope, shift } = fitCalibration(z, y, CALIBRATION_PRIOR);
    return { slope: round(slope), intercept: round(shift) };
  };
  const result = map(
    rows.map((r) => r.result),
    rows.map((r) => (r.sample.used['later-use'] ? 1 : 0)),
  );
  const call = map(
    rows.map((r) => r.call),
    rows.map((r) => (callNeeded(r.sample) ? 1 : 0)),
  );
  const tried = SHIFTS.map((shift) => {
    const calibration = { result, call, shift };
    const inner = innerScores(rows, calibration);
    return { calibration, inner, reduction: inner.reduction };
  });
  return choose(tried, (t) => t.inner.recall, MIN_RECALL);
}

const AS_FITTED: OfflineCalibration = { result: IDENTITY_MAP, call: IDENTITY_MAP, shift: 0 };

/** One fold per training group held out (a repository's conversations together, crossval.ts), each scored on its `scored` samples. */
function innerFolds(groups: readonly Sample[][], scored: readonly Sample[][]): Fold[] {
  const usable = groups.map((g, i) => ({ fit: g, score: scored[i] ?? [] })).filter((g) => g.fit.length > 0);
  return usable
    .map((g, i) => ({ train: usable.filter((_, j) => j !== i).flatMap((o) => o.fit), held: g.score }))
    .filter((fold) => hasBothClasses(fold.train));
}

/**
 * `groups[i]` are the samples a group (a repository's conversations) is fitted on, `scored[i]` the ones it is scored on
 * when held out: the cuts `eval` measures, so the choice is made on what will be measured.
 * The keep cost weight is chosen first (results: `MIN_RECALL`), then the call cost weight at
 * it (calls: `MIN_CALL_RECALL`). With `oneScale` (`fit --one-scale`), at each setting both
 * questions are calibrated on the held-out logits and the shared shift chosen (calibrateHeldOut),
 * so every figure is the calibrated model's; without it the logits are read as fitted.
 */
export function selectCostWeights(
  groups: readonly Sample[][],
  scored: readonly Sample[][] = groups,
  options: FitOptions = {},
  oneScale = false,
): Selection {
  const folds = innerFolds(groups, scored);
  // Each question's fit depends only on its own cost weight: fit each logit once per setting.
  const callAtDefault = folds.map((fold) => fitQuestion(fold.train, 'call', options));
  const resultAt = new Map<number, Logit[]>();
  const scores = KEEP_COST_WEIGHTS.map((keepCostWeight) => {
    const results = folds.map((fold) => fitQuestion(fold.train, 'result', { ...options, keepCostWeight }));
    resultAt.set(keepCostWeight, results);
    const { calibration, inner } = calibrateHeldOut(heldOut(folds, results, callAtDefault), oneScale);
    return { keepCostWeight, ...inner, shift: calibration.shift };
  });
  const { keepCostWeight } = choose(scores, (s) => s.recall, MIN_RECALL);
  const results = resultAt.get(keepCostWeight) ?? [];
  const callScores = CALL_COST_WEIGHTS.map((callCostWeight) => {
    const calls = folds.map((fold) => fitQuestion(fold.train, 'call', { ...options, callCostWeight }));
    const { calibration, inner } = calibrateHeldOut(heldOut(folds, results, calls), oneScale);
    return { callCostWeight, ...inner, calibration, shift: calibration.shift };
  });
  const { callCostWeight, recall, reduction, calibration } = choose(callScores, (s) => s.callRecall, MIN_CALL_RECALL);
  return {
    keepCostWeight,
    callCostWeight,
    calibration: oneScale ? calibration : null,
    operatingPoint: {
      threshold: DEFAULT_THRESHOLD,
      recall: round(recall),
      reduction: round(reduction),
      recallFloor: MIN_RECALL,
    },
    scores: scores.map(({ keepCostWeight: w, recall, reduction, shift }) => ({
      keepCostWeight: w,
      recall,
      reduction,
      shift,
    })),
    callScores: callScores.map(({ callCostWeight: w, callRecall, reduction, shift }) => ({
      callCostWeight: w,
      callRecall,
      reduction,
      shift,
    })),
  };
}

/**
 * The calibration of a fit at given cost weights (the ablation of `eval --cv`, whose features
 * differ): the same held-out maps and shift as selectCostWeights, without choosing the weights.
 */
export function calibrationAt(
  groups: readonly Sample[][],
  scored: readonly Sample[][],
  options: FitOptions,
): OfflineCalibration {
  const folds = innerFolds(groups, scored);
  const results = folds.map((fold) => fitQuestion(fold.train, 'result', options));
  const calls = folds.map((fold) => fitQuestion(fold.train, 'call', options));
  return calibrateHeldOut(heldOut(folds, results, calls), true).calibration;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

export function hasBothClasses(samples: readonly Sample[]): boolean {
  const used = (s: Sample) => s.used['later-use'] || s.used.strict;
  return samples.some(used) && samples.some((s) => !(s.used['later-use'] && s.used.strict));
}
