/**
 * Stage 2 of a pass (R10–R11): the prepared batches go to the decision model through the
 * runner. A failure for good becomes a `PassFailure`; nothing partial comes back.
 */
import type { DecisionBatch, DecisionModel, RequestSettings } from './model.js';
import { DEFAULT_REQUEST_SETTINGS, zeroUsage } from './model.js';
import type { PassFailure } from './prepare.js';
import type { AttemptRecord, Tally } from './runner.js';
import { CompactionError, runBatches } from './runner.js';
import type { Options } from './schema.js';

export interface AskOptions {
  options: Pick<Options, 'max_concurrency' | 'total_timeout_seconds'>;
  settings?: Partial<RequestSettings>;
  signal?: AbortSignal;
  onBatchDone?: (done: number, total: number) => void;
}

export interface Answers {
  /** Question key (`call_<pair>`, `result_<pair>`) → probability; empty unless every batch answered. */
  probabilities: Map<string, number>;
  /** Pair id → the backend's evidence terms (`DecisionResult.evidence`). */
  evidence: Map<string, string[]>;
  /** Requests sent (retries included) and usage billed, also when the pass fails. */
  tally: Tally;
  attempts: AttemptRecord[];
  failure: PassFailure | null;
}

/** The answers of a pass that asked nothing (no candidate, or it stopped while preparing). */
export function notAsked(): Answers {
  return {
    probabilities: new Map(),
    evidence: new Map(),
    tally: { requests: 0, usage: zeroUsage() },
    attempts: [],
    failure: null,
  };
}

export async function ask(batches: readonly DecisionBatch[], model: DecisionModel, run: AskOptions): Promise<Answers> {
  const answers = notAsked();
  try {
    const result = await runBatches(batches, model, {
      maxConcurrency: run.options.max_concurrency,
      totalTimeoutMs: run.options.total_timeout_seconds * 1000,
      settings: { ...DEFAULT_REQUEST_SETTINGS, ...run.settings },
      signal: run.signal,
      tally: answers.tally,
      onBatchDone: run.onBatchDone,
      onAttempt: (record) => answers.attempts.push(record),
    });
    answers.probabilities = result.probabilities;
    for (const batch of result.results)
      for (const [pairId, terms] of Object.entries(batch.evidence ?? {})) answers.evidence.set(pairId, terms);
  } catch (error) {
    if (!(error instanceof CompactionError)) throw error;
    answers.failure = { code: error.code, message: error.message };
  }
  return answers;
}
