/**
 * The `offline` backend: a deterministic, explainable local model. It is not a language
 * model. Because it runs in-process it reads the unfitted history view (`batch.history`: the
 * observation before R7 shortened anything, so the budget never changes its decisions) and the
 * core's evidence links (`batch.evidenceLinks`, core/engine/evidence.ts), whose facts may
 * derive from result bodies.
 *
 * Per candidate it computes the features of features.ts and two logits,
 *   z_result = bias_r + Σ w_r·x     z_call = bias_c + Σ w_c·x,
 * with weights fitted by logistic regression on labelled cuts of real transcripts (`npm run
 * fit` writes weights.ts), maps each by its held-out calibration onto one scale shared by both
 * questions (calibration.ts: z ← slope·z + intercept + shift), then applies the goal's own rules (rules.ts: dismissed work,
 * exact text asked for), and p = 1 / (1 + e^-z). Every term that moved a probability is
 * named in the decision's `evidence`, with what it added to each logit.
 */
import type { CandidateEvidence } from '../evidence.js';
import type { DecisionBatch, DecisionModel, DecisionResult } from '../model.js';
import type { ObservationView } from '../observation.js';
import type { FeatureVector, Logit, OfflineWeights } from './features.js';
import type { PlattMap } from './calibration.js';
import { calibratedLogit } from './calibration.js';
import { candidateFacts, checkWeights, FEATURES, featureVector } from './features.js';
import type { HistoryIndex } from './history.js';
import { indexHistory } from './history.js';
import { closedWork, DISMISSED_CEILING, dismissesWork, EXACT_TEXT_FLOOR, exactTextNamed } from './rules.js';
import { FITTED_WEIGHTS } from './weights.js';

/** The feature table and rules; weights fitted for another version are refused. */
export const OFFLINE_MODEL_VERSION = 'offline-fitted-2';

const logistic = (z: number) => 1 / (1 + Math.exp(-z));
const round = (x: number) => Math.round(x * 1000) / 1000;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
/** A term's contribution with the way it pushes: a logit above zero leans to keep, below to drop (R12). */
const toward = (x: number) => `${signed(x)} toward ${x >= 0 ? 'keep' : 'drop'}`;
/** Contributions smaller than this are left out of the evidence: they moved nothing visible. */
const NEGLIGIBLE = 0.005;

/** A question's logit with its calibration folded in: slope·(bias + Σ w·x) + intercept + shift. */
function onOneScale(logit: Logit, map: PlattMap | undefined, shift = 0): Logit {
  if (map === undefined) return logit;
  const weights = Object.fromEntries(
    Object.entries(logit.weights).map(([name, w]) => [name, map.slope * w]),
  ) as FeatureVector;
  return { bias: calibratedLogit(logit.bias, map, shift), weights };
}

export interface OfflineScore {
  keepCall: number;
  keepResult: number;
  evidence: string[];
  /** The feature values, for fitting (null when the pair is not in the history). */
  features: FeatureVector | null;
}

export function scoreCandidate(
  index: HistoryIndex,
  weights: OfflineWeights,
  pairId: string,
  links: CandidateEvidence | null,
): OfflineScore {
  const facts = candidateFacts(index, pairId, links);
  if (!facts) return { keepCall: 0.5, keepResult: 0.5, evidence: ['not found in the history'], features: null };
  const x = featureVector(facts);
  // Calibrated logits (calibration.ts) are linear in the features too: the evidence names each
  // term on the scale the probability is read from, so the baseline plus the terms give the logit.
  const result = onOneScale(weights.result, weights.calibration?.result, weights.calibration?.shift);
  const call = onOneScale(weights.call, weights.calibration?.call, weights.calibration?.shift);
  const linear = (logit: Logit) => FEATURES.reduce((z, f) => z + logit.weights[f.name] * x[f.name], logit.bias);
  const zResult = linear(result);
  const zCall = linear(call);
  const evidence = [
    `baseline before any evidence${weights.calibration ? ' (calibrated, both questions on one scale)' : ''}: keep_result ${toward(result.bias)}, keep_call ${toward(call.bias)}`,
  ];
  for (const feature of FEATURES) {
    const r = result.weights[feature.name] * x[feature.name];
    const c = call.weights[feature.name] * x[feature.name];
    if (Math.abs(r) < NEGLIGIBLE && Math.abs(c) < NEGLIGIBLE) continue;
    evidence.push(`${feature.describe(facts)}: keep_result ${toward(r)}, keep_call ${toward(c)}`);
  }
  let keepResult = logistic(zResult);
  let keepCall = logistic(zCall);
  if (dismissesWork(facts)) {
    keepResult = Math.min(keepResult, DISMISSED_CEILING);
    keepCall = Math.min(keepCall, DISMISSED_CEILING);
    evidence.push(
      `the goal calls this work finished or irrelevant (${facts.workContext.dismissed.terms.slice(0, 4).join(', ')}): keep_call and keep_result at most ${DISMISSED_CEILING}`,
    );
  }
  const closed = closedWork(facts);
  if (closed !== null) {
    keepResult = Math.min(keepResult, DISMISSED_CEILING);
    keepCall = Math.min(keepCall, DISMISSED_CEILING);
    evidence.push(
      `the conversation closed this work (${closed}) and nothing since, the goal included, names its target: keep_call and keep_result at most ${DISMISSED_CEILING}`,
    );
  }
  const named = exactTextNamed(index.goal, facts);
  if (named.length > 0 && keepResult < EXACT_TEXT_FLOOR) {
    keepResult = EXACT_TEXT_FLOOR;
    evidence.push(
      `the goal asks for exact text (${index.goal.verbatimCues.slice(0, 2).join(', ')}) and names this result (${named.slice(0, 3).join(', ')}): kept whatever its size, keep_result at least ${EXACT_TEXT_FLOOR}`,
    );
  }
  return { keepCall: round(keepCall), keepResult: round(keepResult), evidence, features: x };
}

export interface OfflineModelOptions {
  /** Weights to score with; the fitted file (weights.ts) by default. Cross-validation passes its own. */
  weights?: OfflineWeights;
  /** Called with every candidate's features (fitting records them; they never leave the process). */
  onFeatures?: (pairId: string, features: FeatureVector) => void;
}

export function createOfflineModel(options: OfflineModelOptions = {}): DecisionModel {
  const weights = options.weights ?? FITTED_WEIGHTS;
  checkWeights(weights, OFFLINE_MODEL_VERSION);
  // The view is shared by every batch of a run: index it once.
  let cached: { view: ObservationView; index: HistoryIndex } | null = null;
  return {
    backend: 'offline',
    model: OFFLINE_MODEL_VERSION,
    deterministic: true,
    // The weights are part of what the probabilities mean: a refit is a new version.
    promptVersion: `${OFFLINE_MODEL_VERSION}/${weights.id}`,
    // Local: it may read facts derived from result bodies; they never leave the process.
    acceptsEvidenceLinks: true,
    async decide(batch: DecisionBatch): Promise<DecisionResult> {
      // Evidence comes from the history, not from the fitted observation (R7 shortens inputs
      // into invalid JSON and omits old text): the budget must not change local decisions.
      const view = batch.history ?? batch.view;
      if (cached?.view !== view) cached = { view, index: indexHistory(view) };
      const { index } = cached;
      const probabilities: Record<string, number> = {};
      const evidence: Record<string, string[]> = {};
      for (const question of batch.questions) {
        if (question.kind !== 'call') continue;
        const score = scoreCandidate(index, weights, question.pairId, batch.evidenceLinks?.[question.pairId] ?? null);
        probabilities[question.key] = score.keepCall;
        probabilities[`result_${question.pairId}`] = score.keepResult;
        evidence[question.pairId] = score.evidence;
        if (score.features) options.onFeatures?.(question.pairId, score.features);
      }
      return { probabilities, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, evidence };
    },
  };
}
