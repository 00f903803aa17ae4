/** R10–R11 and §6 failures: concurrency, retries, deadlines, validation, cancellation, all-or-nothing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompactResponse } from '../../../core/engine/schema.js';
import type { DecisionBatch } from '../../../core/engine/model.js';
import { compactContext } from '../../../core/engine/compact.js';
import { DecisionModelError } from '../../../core/engine/model.js';
import { ERROR_CODES } from '../../../core/engine/schema.js';
import { allAnswers, custom, failure, history, ok, request, scripted } from './helpers.js';

/** Several batches: a small request budget leaves room for about two pairs per request. */
async function manyBatches(n = 12) {
  const probe = await ok(request(history(n)), scripted({}, { call: 1, result: 1 }));
  return request(history(n), {}, { max_request_tokens: (probe.stats.observation_tokens ?? 0) + 256 + 120 });
}

const hang = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/** Runs `compactContext` under fake timers, firing timers until it settles. */
async function withFakeTimers(run: () => Promise<CompactResponse>): Promise<CompactResponse> {
  vi.useFakeTimers();
  const promise = run();
  await vi.runAllTimersAsync();
  return promise;
}

afterEach(() => vi.useRealTimers());

describe('R10 concurrency', () => {
  it.each([1, 3])('R10 never runs more than max_concurrency=%i requests at a time', async (limit) => {
    let inFlight = 0;
    let peak = 0;
    const { model, calls } = custom(async (batch) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { probabilities: allAnswers(batch, 1, 1) };
    });
    const input = await manyBatches();
    input.options.max_concurrency = limit;
    const answer = await ok(input, model);
    expect(calls.length).toBeGreaterThan(limit);
    expect(peak).toBe(limit);
    expect(answer.stats.requests).toBe(calls.length);
  });
});

describe('R10 retries', () => {
  it('R10 retries retryable failures with a doubling delay and counts every request', async () => {
    const times: number[] = [];
    const { model } = custom((batch, attempt) => {
      times.push(Date.now());
      if (attempt < 2) throw new DecisionModelError('gateway busy', { retryable: true, status: 503 });
      return {
        probabilities: allAnswers(batch, 1, 1),
        usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
      };
    });
    const response = await withFakeTimers(() =>
      compactContext(request(history(2)), { model, settings: { maxRetries: 2, retryDelayMs: 100 } }),
    );
    expect(response.success).toBe(true);
    expect(times.map((t) => t - times[0])).toEqual([0, 100, 300]);
    expect(response.metadata.compaction.requests).toBe(3);
    expect(response.metadata.compaction.usage).toEqual({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 });
  });

  it('R10 honours Retry-After instead of the doubling delay', async () => {
    const times: number[] = [];
    const { model } = custom((batch, attempt) => {
      times.push(Date.now());
      if (attempt === 0)
        throw new DecisionModelError('rate limited', { retryable: true, status: 429, retryAfterMs: 700 });
      return { probabilities: allAnswers(batch, 1, 1) };
    });
    const response = await withFakeTimers(() =>
      compactContext(request(history(2)), { model, settings: { retryDelayMs: 100 } }),
    );
    expect(response.success).toBe(true);
    expect(times[1] - times[0]).toBe(700);
  });

  it('R10 a non-retryable failure fails at once with model_error', async () => {
    const { model, calls } = custom(() => {
      throw new DecisionModelError('400 bad request', { retryable: false, status: 400 });
    });
    const response = await failure(request(history(2)), model, { maxRetries: 3, retryDelayMs: 1 });
    expect(response.answer.error.code).toBe('model_error');
    expect(calls).toHaveLength(1);
    expect(response.metadata.compaction.requests).toBe(1);
  });

  it('R10 a retryable failure that persists fails with model_error after max_retries + 1 attempts', async () => {
    const { model, calls } = custom(() => {
      throw new DecisionModelError('503', { retryable: true, status: 503 });
    });
    const response = await failure(request(history(2)), model, { maxRetries: 1, retryDelayMs: 1 });
    expect(response.answer.error).toMatchObject({ code: 'model_error' });
    expect(response.answer.error.message).toContain('after 2 attempts');
    expect(calls).toHaveLength(2);
  });

  it('R10 a request that exceeds its own timeout is retried, then fails with model_error', async () => {
    const { model, calls } = custom((_b, _a, signal) => hang(signal));
    const response = await withFakeTimers(() =>
      compactContext(request(history(2)), { model, settings: { timeoutMs: 50, maxRetries: 1, retryDelayMs: 10 } }),
    );
    expect(response.success).toBe(false);
    if (!response.success) expect(response.answer.error.code).toBe('model_error');
    expect(calls).toHaveLength(2);
  });

  it('R10 deadline_exceeded when total_timeout_seconds passes, queueing included', async () => {
    const { model } = custom((_b, _a, signal) => hang(signal));
    const input = await manyBatches();
    input.options.total_timeout_seconds = 0.5;
    input.options.max_concurrency = 1;
    const response = await withFakeTimers(() => compactContext(input, { model, settings: { timeoutMs: 10_000 } }));
    expect(response.success).toBe(false);
    if (!response.success) expect(response.answer.error.code).toBe('deadline_exceeded');
  });

  it('R10 a total_timeout_seconds or per-request timeout past a timer’s range waits, never fails at once', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // Real timers: an overflowing one fires after 1 ms, before this model answers.
      const { model } = custom(async (batch) => {
        await new Promise((r) => setTimeout(r, 20));
        return { probabilities: allAnswers(batch, 1, 1) };
      });
      const input = request(history(2));
      input.options.total_timeout_seconds = 1e300;
      const response = await compactContext(input, { model, settings: { timeoutMs: 3e9 } });
      expect(response.success).toBe(true);
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('R10 the first batch that fails for good cancels the others; queued batches never start', async () => {
    const aborted: boolean[] = [];
    const { model, calls } = custom(async (batch: DecisionBatch, _attempt, signal) => {
      if (batch.index === 0) throw new DecisionModelError('401 unauthorized', { retryable: false, status: 401 });
      await hang(signal).catch(() => aborted.push(signal.aborted));
      return { probabilities: allAnswers(batch, 1, 1) };
    });
    const input = await manyBatches();
    input.options.max_concurrency = 2;
    const response = await failure(input, model);
    expect(response.answer.error.code).toBe('model_error');
    expect(calls.length).toBe(2);
    expect(aborted).toEqual([true]);
  });
});

describe('R11 answers are checked', () => {
  const cases: Array<[string, (batch: DecisionBatch) => Record<string, unknown>]> = [
    ['a missing key', (b) => Object.fromEntries(Object.entries(allAnswers(b, 1, 1)).slice(1))],
    ['an extra key', (b) => ({ ...allAnswers(b, 1, 1), call_p99: 0.5 })],
    ['NaN', (b) => ({ ...allAnswers(b, 1, 1), call_p1: Number.NaN })],
    ['Infinity', (b) => ({ ...allAnswers(b, 1, 1), call_p1: Number.POSITIVE_INFINITY })],
    ['above 1', (b) => ({ ...allAnswers(b, 1, 1), result_p1: 1.0001 })],
    ['below 0', (b) => ({ ...allAnswers(b, 1, 1), result_p1: -0.01 })],
    ['a numeric string', (b) => ({ ...allAnswers(b, 1, 1), result_p1: '0.5' })],
    ['null', (b) => ({ ...allAnswers(b, 1, 1), result_p1: null })],
  ];

  it.each(cases)(
    'R11 %s is invalid_answer; a deterministic backend is not retried, the whole call fails',
    async (_name, answer) => {
      const { model, calls } = custom((batch) => ({ probabilities: answer(batch) }), { deterministic: true });
      const response = await failure(request(history(2)), model, { maxRetries: 2, retryDelayMs: 1 });
      expect(response.answer.error.code).toBe('invalid_answer');
      expect(calls).toHaveLength(1);
      expect(response.answer).not.toHaveProperty('messages');
    },
  );

  it('R11 an invalid answer from a non-deterministic backend is retried, then fails', async () => {
    const { model, calls } = custom((batch) => ({ probabilities: { ...allAnswers(batch, 1, 1), result_p1: 2 } }));
    const response = await failure(request(history(2)), model, { maxRetries: 1, retryDelayMs: 1 });
    expect(response.answer.error.code).toBe('invalid_answer');
    expect(calls).toHaveLength(2);
  });

  it('R11 a missing scripted entry with no default is invalid_answer', async () => {
    const response = await failure(request(history(2)), scripted({ c1: { call: 1, result: 1 } }));
    expect(response.answer.error.code).toBe('invalid_answer');
    expect(response.answer.error.message).toContain('call_p2');
  });

  it('R11 a scripted probability outside [0, 1] is invalid_answer, not clamped', async () => {
    const response = await failure(request(history(2)), scripted({}, { call: 0.2, result: 1.5 }));
    expect(response.answer.error.code).toBe('invalid_answer');
  });
});

describe('§6 failures are all or nothing', () => {
  it('cancelled: aborting the signal fails with cancelled, no messages, stats with nulls', async () => {
    const controller = new AbortController();
    const { model } = custom((_b, _a, signal) => {
      queueMicrotask(() => controller.abort());
      return hang(signal);
    });
    const response = await compactContext(request(history(3)), { model, signal: controller.signal });
    expect(response.success).toBe(false);
    if (response.success) return;
    expect(response.answer.error.code).toBe('cancelled');
    expect(Object.keys(response.answer)).toEqual(['schema_version', 'error']);
    expect(response.metadata.compaction).toMatchObject({
      messages_before: 5,
      messages_after: null,
      chars_after: null,
      candidates: 3,
      requests: 1,
    });
    expect(typeof response.metadata.compaction.elapsed_ms).toBe('number');
  });

  it('cancelled before the start asks nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const { model, calls } = custom((batch) => ({ probabilities: allAnswers(batch, 1, 1) }));
    const response = await compactContext(request(history(3)), { model, signal: controller.signal });
    expect(response.success ? 'success' : response.answer.error.code).toBe('cancelled');
    expect(calls).toHaveLength(0);
  });

  it('§6 every error code is one of ERROR_CODES and this file reaches the runner ones', () => {
    expect([...ERROR_CODES]).toEqual([
      'observation_too_large',
      'question_does_not_fit',
      'deadline_exceeded',
      'model_error',
      'invalid_answer',
      'cancelled',
    ]);
  });
});
