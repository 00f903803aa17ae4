/**
 * R10–R11: run the batches under a concurrency bound, per-request timeouts, retries with
 * doubling delay, and one overall deadline. The first batch that fails for good cancels the
 * others; nothing partial ever leaves this module.
 */
import pLimit from 'p-limit';
import type { DecisionBatch, DecisionModel, DecisionResult, RequestSettings } from './model.js';
import { DecisionModelError } from './model.js';
import type { ErrorCode, Usage } from './schema.js';
import { startTimer } from './timer.js';

export class CompactionError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'CompactionError';
    this.code = code;
  }
}

export interface AttemptRecord {
  batch: number;
  attempt: number;
  startedAtMs: number;
  durationMs: number;
  ok: boolean;
  error: string | null;
  exchange: DecisionResult['exchange'] | null;
}

export interface RunOptions {
  maxConcurrency: number;
  totalTimeoutMs: number;
  settings: RequestSettings;
  signal?: AbortSignal;
  onBatchDone?: (done: number, total: number) => void;
  onAttempt?: (record: AttemptRecord) => void;
  /** Counts requests sent (retries included) and usage, also when the run fails. */
  tally: Tally;
}

export interface Tally {
  requests: number;
  usage: Usage;
}

export interface RunResult {
  results: DecisionResult[];
  probabilities: Map<string, number>;
}

/** R11: every key present, a finite number in [0, 1], and no key that was not asked. */
export function validateAnswer(batch: DecisionBatch, result: DecisionResult): string | null {
  const answers = result?.probabilities;
  if (typeof answers !== 'object' || answers === null) return 'the answer holds no probabilities';
  const asked = new Set(batch.questions.map((q) => q.key));
  for (const key of Object.keys(answers)) if (!asked.has(key)) return `unexpected answer key "${key}"`;
  for (const key of asked) {
    const value = answers[key];
    if (value === undefined) return `missing answer for "${key}"`;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `answer for "${key}" is not a finite number`;
    if (value < 0 || value > 1) return `answer for "${key}" is ${value}, outside [0, 1]`;
  }
  return null;
}

/** Resolves with `promise`, or rejects as soon as `signal` aborts, whichever comes first. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return raceAbort(
    new Promise<void>((resolve) => {
      const timer = startTimer(resolve, ms);
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal,
  );
}

class RequestTimeout extends Error {}

export async function runBatches(
  batches: readonly DecisionBatch[],
  model: DecisionModel,
  options: RunOptions,
): Promise<RunResult> {
  const overall = new AbortController();
  const started = Date.now();
  const deadline = startTimer(
    () =>
      overall.abort(
        new CompactionError(
          'deadline_exceeded',
          `decision requests did not finish within total_timeout_seconds (${options.totalTimeoutMs / 1000} s)`,
        ),
      ),
    options.totalTimeoutMs,
  );
  const onCancel = () => overall.abort(new CompactionError('cancelled', 'the run was cancelled'));
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });

  let done = 0;
  const { usage } = options.tally;
  // rejectOnClear: without it, clearing the queue leaves queued tasks unsettled and the run hangs.
  const limit = pLimit({ concurrency: options.maxConcurrency, rejectOnClear: true });

  const runOne = async (batch: DecisionBatch): Promise<DecisionResult> => {
    const { settings } = options;
    for (let attempt = 0; ; attempt++) {
      if (overall.signal.aborted) throw overall.signal.reason;
      const timeout = new AbortController();
      const timer = startTimer(
        () => timeout.abort(new RequestTimeout(`request timed out after ${settings.timeoutMs / 1000} s`)),
        settings.timeoutMs,
      );
      const signal = AbortSignal.any([overall.signal, timeout.signal]);
      const startedAtMs = Date.now() - started;
      options.tally.requests++;
      let failure: {
        message: string;
        code: 'model_error' | 'invalid_answer';
        retryable: boolean;
        retryAfterMs: number | null;
      };
      let exchange: DecisionResult['exchange'] | null = null;
      try {
        const result = await raceAbort(model.decide(batch, signal), signal);
        exchange = result?.exchange ?? null;
        const problem = validateAnswer(batch, result);
        if (problem === null) {
          addUsage(usage, result.usage);
          options.onAttempt?.({
            batch: batch.index,
            attempt,
            startedAtMs,
            durationMs: Date.now() - started - startedAtMs,
            ok: true,
            error: null,
            exchange,
          });
          return result;
        }
        addUsage(usage, result.usage);
        failure = {
          message: `batch ${batch.index + 1}: ${problem}`,
          code: 'invalid_answer',
          retryable: !model.deterministic,
          retryAfterMs: null,
        };
      } catch (error) {
        if (overall.signal.aborted) throw overall.signal.reason;
        if (error instanceof DecisionModelError) {
          addUsage(usage, error.usage ?? undefined);
          exchange = error.exchange;
        }
        failure = classify(error, batch);
      } finally {
        clearTimeout(timer);
      }
      options.onAttempt?.({
        batch: batch.index,
        attempt,
        startedAtMs,
        durationMs: Date.now() - started - startedAtMs,
        ok: false,
        error: failure.message,
        exchange,
      });
      if (!failure.retryable || attempt >= settings.maxRetries) {
        const error = new CompactionError(
          failure.code,
          attempt > 0 ? `${failure.message} (after ${attempt + 1} attempts)` : failure.message,
        );
        // Cancel the others now: the limiter starts the next queued batch before any catch runs.
        overall.abort(error);
        throw error;
      }
      await sleep(failure.retryAfterMs ?? settings.retryDelayMs * 2 ** attempt, overall.signal);
    }
  };

  const tasks = batches.map((batch) =>
    limit(async () => {
      const result = await runOne(batch);
      options.onBatchDone?.(++done, batches.length);
      return result;
    }).catch((error: unknown) => {
      // The first failure for good cancels every other batch (R10).
      if (!overall.signal.aborted)
        overall.abort(error instanceof CompactionError ? error : new CompactionError('model_error', String(error)));
      limit.clearQueue();
      throw error;
    }),
  );
  const settled = await Promise.allSettled(tasks);
  clearTimeout(deadline);
  options.signal?.removeEventListener('abort', onCancel);
  if (overall.signal.aborted) {
    const reason: unknown = overall.signal.reason;
    throw reason instanceof CompactionError ? reason : new CompactionError('model_error', String(reason));
  }
  const results = settled.map((s) => (s as PromiseFulfilledResult<DecisionResult>).value);
  const probabilities = new Map<string, number>();
  for (const result of results)
    for (const [key, value] of Object.entries(result.probabilities)) probabilities.set(key, value as number);
  return { results, probabilities };
}

function classify(error: unknown, batch: DecisionBatch) {
  const prefix = `batch ${batch.index + 1}: `;
  if (error instanceof RequestTimeout)
    return { message: prefix + error.message, code: 'model_error' as const, retryable: true, retryAfterMs: null };
  if (error instanceof DecisionModelError)
    return {
      message: prefix + error.message,
      code: error.code,
      retryable: error.retryable,
      retryAfterMs: error.retryAfterMs,
    };
  const message = error instanceof Error ? error.message : String(error);
  return {
    message: `${prefix}decision model failed: ${message}`,
    code: 'model_error' as const,
    retryable: false,
    retryAfterMs: null,
  };
}

function addUsage(total: Usage, usage: Usage | undefined): void {
  if (!usage) return;
  total.prompt_tokens += usage.prompt_tokens;
  total.completion_tokens += usage.completion_tokens;
  total.total_tokens += usage.total_tokens;
}
