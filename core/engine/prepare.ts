/**
 * Stage 1 of a pass (SPEC §2–§4): everything the engine knows before asking a model, from a
 * parsed request (§1, §5; `parseRequest` is the gate before it): analyze (R1–R5), evidence
 * links, the one shared observation (R6–R7) and the batches (R9). Model-free and synchronous.
 */
import { planBatches, REQUEST_RESERVE_TOKENS } from './batching.js';
import type { CandidateEvidence } from './evidence.js';
import { computeEvidence } from './evidence.js';
import type { Analysis } from './guards.js';
import { analyze, policyOf } from './guards.js';
import type { DecisionBatch, DecisionModel } from './model.js';
import type { Observation } from './observation.js';
import { buildView, fitObservation } from './observation.js';
import type { CompactRequest, FailureAnswer } from './schema.js';

/** Why a pass stops: a §6 error code and a message a person can act on. */
export type PassFailure = FailureAnswer['error'];

export interface Prepared {
  request: CompactRequest;
  analysis: Analysis;
  /** §6 measures the compact JSON of the message array; chars_after reuses these per-message lengths. */
  messageLengths: number[];
  /** Per candidate pair id. */
  links: Map<string, CandidateEvidence>;
  /** Null when there is no candidate (nothing is observed or asked). */
  observation: Observation | null;
  /** Empty when there is no candidate or the pass fails here. */
  batches: DecisionBatch[];
  /** R7 `observation_too_large` or R9 `question_does_not_fit`; the pass asks nothing then. */
  failure: PassFailure | null;
}

/** What of the backend shapes the batches (R9) and what they carry. */
export type BatchingModel = Pick<DecisionModel, 'instructionTokens' | 'maxKeysPerRequest' | 'acceptsEvidenceLinks'>;

/** From a request `parseRequest` returned; `onObserving` fires once there are candidates to observe. */
export function prepare(request: CompactRequest, model: BatchingModel, onObserving?: () => void): Prepared {
  const { messages, options } = request;
  const analysis = analyze(messages, policyOf(request));
  const prepared: Prepared = {
    request,
    analysis,
    messageLengths: messages.map((message) => JSON.stringify(message).length),
    links: new Map(),
    observation: null,
    batches: [],
    failure: null,
  };
  if (analysis.candidates.length === 0) return prepared;

  prepared.links = computeEvidence(messages, analysis, request.goal);
  onObserving?.();
  const full = buildView(messages, analysis, request.goal, request.tools ?? [], options.preserve_recent_messages);
  const { observation, fitted } = fitObservation(full, options.max_state_tokens);
  prepared.observation = observation;
  if (!fitted) {
    prepared.failure = {
      code: 'observation_too_large',
      message: `the observation needs about ${observation.tokens} tokens even after every fitting stage; max_state_tokens is ${options.max_state_tokens}`,
    };
    return prepared;
  }
  const planned = planBatches(analysis.candidates, {
    observationTokens: observation.tokens,
    maxRequestTokens: options.max_request_tokens,
    instructionTokens: model.instructionTokens ?? 0,
    maxKeysPerRequest: model.maxKeysPerRequest ?? Number.POSITIVE_INFINITY,
  });
  if (planned === null) {
    prepared.failure = {
      code: 'question_does_not_fit',
      message: `the observation (about ${observation.tokens} tokens) plus one question pair does not fit max_request_tokens (${options.max_request_tokens}, ${REQUEST_RESERVE_TOKENS} reserved)`,
    };
    return prepared;
  }
  const local = model.acceptsEvidenceLinks === true;
  const evidenceLinks = local ? Object.fromEntries(prepared.links) : undefined;
  prepared.batches = planned.map((batch, index) => ({
    index,
    total: planned.length,
    observation: observation.text,
    view: observation.view,
    questions: batch.questions,
    questionText: batch.questionText,
    evidenceLinks,
    history: local ? full : undefined,
  }));
  return prepared;
}
