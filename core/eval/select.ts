/**
 * Choosing the two free settings of the fit — how much keeping an unused result weighs against
 * missing a used one (fit.ts `keepCostWeight`), and the same for calls (`callCostWeight`) — by
 * leave-one-conversation-out inside the training data only, so `eval --cv` never picks them
 * with the transcript it then measures.
 *
 * The keep cost weight is the one with the most reduction whose recall under both labels
 * (later-use and strict, labels.ts) stays at least `MIN_RECALL` — the operating point the
 * project holds the model to at the default threshold (other trade-offs are a threshold away: `eval` prints the frontier) — with
 * each conversation predicted by weights fitted on the others. Then, at it, the call cost
 * weight with the most reduction whose keep_call recall (callLabel.ts) stays at least
 * `MIN_CALL_RECALL`. Reduction is estimated from the samples (characters a truncation or a
 * dropped call saves over the history's length), close to what R13/R14 remove; recall is
 * exact. When no setting reaches its floor, the one with the highest recall is chosen.
 */
import type { FeatureVector, Logit, OperatingPoint } from '../engine/offline/features.js';
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { OptionsSchema } from '../engine/schema.js';
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

export interface Selection {
  keepCostWeight: number;
  callCostWeight: number;
  /** Per keep cost weight, the inner cross-validated recall (the lower of both labels') and reduction. */
  scores: Array<{ keepCostWeight: number; recall: number; reduction: number }>;
  /** Per call cost weight (at the chosen keep cost weight), the inner call recall and reduction. */
  callScores: Array<{ callCostWeight: number; callRecall: number; reduction: number }>;
  /** The default threshold's inner cross-validated recall (both labels) and reduction at both choices. */
  operatingPoint: OperatingPoint;
}

interface Inner {
  recall: number;
  callRecall: number;
  reduction: number;
}

const probability = (logit: Logit, x: FeatureVector) =>
  1 / (1 + Math.exp(-FEATURE_NAMES.reduce((z, name) => z + logit.weights[name] * x[name], logit.bias)));

/** A call still needed (the keep_call label, callLabel.ts): its target named again, or its result used. */
const callNeeded = (s: Sample) => s.callNamed || s.used['later-use'] || s.used.strict;

interface Fold {
  train: Sample[];
  held: Sample[];
}

/** Leave-one-conversation-out inside the training groups: each fold's held-out samples scored with its two logits. */
function innerScores(folds: readonly Fold[], logits: (fold: Fold, i: number) => { result: Logit; call: Logit }): Inner {
  const used = { 'later-use': 0, strict: 0 };
  const usedKept = { 'later-use': 0, strict: 0 };
  let needed = 0;
  let neededKept = 0;
  let saved = 0;
  let history = 0;
  for (const [i, fold] of folds.entries()) {
    const weights = logits(fold, i);
    const cuts = new Map<string, number>();
    for (const s of fold.held) {
      cuts.set(`${s.source}\u0000${s.cut}`, s.historyChars);
      const keep = probability(weights.result, s.features) >= DEFAULT_THRESHOLD;
      const keepCall = probability(weights.call, s.features) >= DEFAULT_THRESHOLD;
      if (!keep)
        saved += keepCall
          ? Math.max(0, s.resultChars - HEAD_CHARS - MARKER_CHARS)
          : s.resultChars + s.inputChars + BLOCK_CHARS;
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
    for (const chars of cuts.values()) history += chars;
  }
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
 * `groups[i]` are the samples a conversation is fitted on, `scored[i]` the ones it is scored on
 * when held out: the cuts `eval` measures, so the choice is made on what will be measured.
 * The keep cost weight is chosen first (results: `MIN_RECALL`), then the call cost weight at
 * it (calls: `MIN_CALL_RECALL`).
 */
export function selectCostWeights(
  groups: readonly Sample[][],
  scored: readonly Sample[][] = groups,
  options: FitOptions = {},
): Selection {
  const usable = groups.map((g, i) => ({ fit: g, score: scored[i] ?? [] })).filter((g) => g.fit.length > 0);
  const folds: Fold[] = usable
    .map((g, i) => ({ train: usable.filter((_, j) => j !== i).flatMap((o) => o.fit), held: g.score }))
    .filter((fold) => hasBothClasses(fold.train));
  // Each question's fit depends only on its own cost weight: fit each logit once per setting.
  const callAtDefault = folds.map((fold) => fitQuestion(fold.train, 'call', options));
  const resultAt = new Map<number, Logit[]>();
  const scores = KEEP_COST_WEIGHTS.map((keepCostWeight) => {
    const results = folds.map((fold) => fitQuestion(fold.train, 'result', { ...options, keepCostWeight }));
    resultAt.set(keepCostWeight, results);
    return { keepCostWeight, ...innerScores(folds, (_, i) => ({ result: results[i], call: callAtDefault[i] })) };
  });
  const { keepCostWeight, recall } = choose(scores, (s) => s.recall, MIN_RECALL);
  const results = resultAt.get(keepCostWeight) ?? [];
  const callScores = CALL_COST_WEIGHTS.map((callCostWeight) => {
    const calls = folds.map((fold) => fitQuestion(fold.train, 'call', { ...options, callCostWeight }));
    return { callCostWeight, ...innerScores(folds, (_, i) => ({ result: results[i], call: calls[i] })) };
  });
  const { callCostWeight, reduction } = choose(callScores, (s) => s.callRecall, MIN_CALL_RECALL);
  const round = (x: number) => Math.round(x * 1e4) / 1e4;
  return {
    keepCostWeight,
    callCostWeight,
    operatingPoint: {
      threshold: DEFAULT_THRESHOLD,
      recall: round(recall),
      reduction: round(reduction),
      recallFloor: MIN_RECALL,
    },
    scores: scores.map(({ keepCostWeight: w, recall, reduction }) => ({ keepCostWeight: w, recall, reduction })),
    callScores: callScores.map(({ callCostWeight: w, callRecall, reduction }) => ({
      callCostWeight: w,
      callRecall,
      reduction,
    })),
  };
}

export function hasBothClasses(samples: readonly Sample[]): boolean {
  const used = (s: Sample) => s.used['later-use'] || s.used.strict;
  return samples.some(used) && samples.some((s) => !(s.used['later-use'] && s.used.strict));
}
