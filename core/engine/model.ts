/**
 * SPEC §7: the provider-independent decision-model interface. A backend gets one batch —
 * the shared observation and the batch's question keys — and returns one probability per
 * key. Retries, timeouts, concurrency and validation belong to the engine (runner.ts), so
 * every backend gets the same all-or-nothing behaviour.
 */
import type { CandidateEvidence } from './evidence.js';
import type { ObservationView } from './observation.js';
import type { Usage } from './schema.js';

export interface DecisionQuestion {
  /** `call_<pair>` or `result_<pair>` (R8). */
  key: string;
  pairId: string;
  callId: string;
  toolName: string;
  kind: 'call' | 'result';
  /** The question as sent to a language model. */
  text: string;
}

export interface DecisionBatch {
  index: number;
  total: number;
  /** The fitted observation text (R6–R7), identical for every batch of one call. */
  observation: string;
  /** The same observation as data; it holds no result bodies either. */
  view: ObservationView;
  questions: DecisionQuestion[];
  /** The questions as one text block, as sent (R9 counts it). */
  questionText: string;
  /**
   * Evidence links per pair id (core/evidence.ts), present only when the model sets
   * `acceptsEvidenceLinks`. Their extra facts derive from result bodies: a provider backend
   * that opts in should send only the public part (`publicLink`).
   */
  evidenceLinks?: Readonly<Record<string, CandidateEvidence>>;
  /**
   * The unfitted (stage 0) view, full inputs and every text, for the same models: fitting (R7)
   * bounds what a language model is sent, and must not change what a local model computes.
   */
  history?: ObservationView;
}

export interface DecisionResult {
  /** One entry per question key; anything else is an invalid answer (R11). */
  probabilities: Record<string, unknown>;
  usage?: Usage;
  /** Per pair id: short, human-readable evidence that moved the probabilities. */
  evidence?: Record<string, string[]>;
  /** The exchange as it went over the wire (provider text scrubbed of the key), for the audit view. */
  exchange?: { request: unknown; response: unknown };
}

export interface DecisionModel {
  /** Registry name: `offline`, `scripted`, `openai`, … */
  readonly backend: string;
  /** The provider's model name, where there is one. */
  readonly model?: string | null;
  /** Tokens of fixed instructions sent with every request; beyond 256 they count as question tokens (R9). */
  readonly instructionTokens?: number;
  /** A provider's cap on keys per request (R9 allows splitting further). */
  readonly maxKeysPerRequest?: number;
  /** Deterministic backends give the same answer again: an invalid answer is not retried. */
  readonly deterministic?: boolean;
  /** A version string for the prompt or scoring rules, reported in stats. */
  readonly promptVersion?: string;
  /** Local models set this to receive `DecisionBatch.evidenceLinks`; off unless a backend opts in. */
  readonly acceptsEvidenceLinks?: boolean;
  decide(batch: DecisionBatch, signal: AbortSignal): Promise<DecisionResult>;
}

/** A failure a backend reports. `retryable` follows R10; `retryAfterMs` honours `Retry-After`. */
export class DecisionModelError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  readonly status: number | null;
  /** `invalid_answer` for unparseable or malformed answers, else `model_error`. */
  readonly code: 'model_error' | 'invalid_answer';
  /** A provider bills an answer it sent even when that answer is unusable (stats.usage sums it). */
  readonly usage: Usage | null;
  /** What went over the wire for this failed attempt (provider text scrubbed of the key), for the audit view. */
  readonly exchange: DecisionResult['exchange'] | null;

  constructor(
    message: string,
    init: {
      retryable: boolean;
      retryAfterMs?: number | null;
      status?: number | null;
      code?: 'model_error' | 'invalid_answer';
      usage?: Usage | null;
      exchange?: DecisionResult['exchange'] | null;
    },
  ) {
    super(message);
    this.name = 'DecisionModelError';
    this.retryable = init.retryable;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.status = init.status ?? null;
    this.code = init.code ?? 'model_error';
    this.usage = init.usage ?? null;
    this.exchange = init.exchange ?? null;
  }
}

/** Per-request settings of the model component (SPEC §5, last line). */
export interface RequestSettings {
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
}
export const DEFAULT_REQUEST_SETTINGS: RequestSettings = { timeoutMs: 10_000, maxRetries: 1, retryDelayMs: 500 };

/** Usage of an answer nothing billed (local backends), and the start of a run's tally; a fresh object each time. */
export function zeroUsage(): Usage {
  return { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
}
