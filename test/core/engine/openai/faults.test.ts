/** SPEC R10–R11: faults on a real HTTP server never yield a partial proposal. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompactResponse } from '../../../../core/engine/schema.js';
import { compactContext } from '../../../../core/engine/compact.js';
import { parseRetryAfter } from '../../../../core/engine/openai/index.js';
import type { FakeOpenAI, Reply } from '../../../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../../../support/fakeOpenAI.js';
import { completion } from '../../../support/fakeOpenAIAnswers.js';
import { FAST, modelFor, request, TEST_KEY } from './fixture.js';

let server: FakeOpenAI;
afterEach(() => server?.close());

function expectFailure(response: CompactResponse, code: string): string {
  expect(response.success).toBe(false);
  expect(response.answer).not.toHaveProperty('messages');
  expect(response.answer).not.toHaveProperty('decisions');
  const error = (response.answer as { error: { code: string; message: string } }).error;
  expect(error.code).toBe(code);
  return error.message;
}

async function run(
  schedule: Reply[],
  extra: { model?: Record<string, unknown>; settings?: object; options?: Record<string, number>; calls?: number } = {},
) {
  server = await startFakeOpenAI({ schedule });
  const input = request(extra.calls ?? 1, extra.options);
  const before = JSON.stringify(input);
  const response = await compactContext(input, {
    model: modelFor(server, extra.model),
    settings: { ...FAST, ...extra.settings },
  });
  expect(JSON.stringify(input)).toBe(before); // R11: the input is never modified
  return response;
}

describe('retries (R10)', () => {
  for (const status of [500, 503, 408, 409, 429]) {
    it(`R10 HTTP ${status} is retried, and the retry's answer is used`, async () => {
      const response = await run([{ status }]);
      expect(response.success).toBe(true);
      expect(response.metadata.compaction.requests).toBe(2);
    });
  }

  it('R10 429 honours Retry-After instead of the retry delay', async () => {
    // A 60 s retry delay would blow the 20 s deadline: only Retry-After: 0 lets this pass.
    const response = await run([{ status: 429, headers: { 'retry-after': '0' } }], {
      settings: { retryDelayMs: 60_000 },
      options: { total_timeout_seconds: 20 },
    });
    expect(response.success).toBe(true);
    expect(response.metadata.compaction.requests).toBe(2);
  });

  it('R10 Retry-After as an HTTP date in the past means retry now', async () => {
    const response = await run([{ status: 503, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } }], {
      settings: { retryDelayMs: 60_000 },
      options: { total_timeout_seconds: 20 },
    });
    expect(response.success).toBe(true);
  });

  it('R10 Retry-After parsing: seconds, HTTP date, retry-after-ms, junk', () => {
    const h = (values: Record<string, string>) => new Headers(values);
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(parseRetryAfter(h({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(h({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(parseRetryAfter(h({ 'retry-after': 'Tue, 01 Dec 2026 00:00:02 GMT' }), now)).toBe(2000);
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(parseRetryAfter(h({}), now)).toBeNull();
  });

  it('R10 a dropped connection is retried', async () => {
    const response = await run([{ reset: true }]);
    expect(response.success).toBe(true);
    expect(response.metadata.compaction.requests).toBe(2);
  });

  it('R10 a request that outlives its timeout is abandoned and retried', async () => {
    const response = await run([{ hang: true }], { settings: { timeoutMs: 300 } });
    expect(response.success).toBe(true);
    expect(response.metadata.compaction.requests).toBe(2);
    await vi.waitFor(() => expect(server.aborted).toBe(1));
  });

  it('R10 retries stop after max_retries, the delay doubling in between', async () => {
    const response = await run([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }], {
      settings: { maxRetries: 2 },
    });
    expect(expectFailure(response, 'model_error')).toMatch(/after 3 attempts/);
    expect(response.metadata.compaction.requests).toBe(3);
    expect(server.requests).toHaveLength(3);
  });
});

describe('failures for good (R10)', () => {
  for (const status of [400, 401, 403, 404]) {
    it(`R10 HTTP ${status} fails at once with the provider's message, key redacted`, async () => {
      // OpenAI's own 401 quotes the key masked: its first 8 characters, stars, its last 4.
      const masked = `${TEST_KEY.slice(0, 8)}${'*'.repeat(16)}${TEST_KEY.slice(-4)}`;
      const message = `Incorrect API key provided: ${TEST_KEY}. Masked: ${masked}.`;
      const response = await run([{ status, body: { error: { message, type: 'invalid_request_error', code: 'x' } } }], {
        settings: { maxRetries: 3 },
      });
      const text = expectFailure(response, 'model_error');
      expect(text).toContain('Incorrect API key provided');
      expect(text).toContain(String(status));
      expect(JSON.stringify(response)).not.toContain(TEST_KEY);
      expect(text).not.toContain(TEST_KEY.slice(0, 8));
      expect(text).toContain(`Masked: [redacted]${'*'.repeat(16)}`);
      expect(server.requests).toHaveLength(1);
      expect(response.metadata.compaction.requests).toBe(1);
    });
  }

  it('R10 the first batch that fails for good cancels the others in flight', async () => {
    server = await startFakeOpenAI({
      behaviour: (r) => (r.index === 0 ? { status: 401, delayMs: 100 } : { hang: true }),
    });
    const response = await compactContext(request(4, { max_concurrency: 4 }), {
      model: modelFor(server, { maxKeysPerRequest: 2 }),
      settings: FAST,
    });
    expectFailure(response, 'model_error');
    await vi.waitFor(() => expect(server.inFlight).toBe(0));
    expect(server.aborted).toBe(3);
  });
});

describe('invalid answers (R11)', () => {
  const cases: Array<[string, Reply, Record<string, unknown>?]> = [
    ['garbage text', { body: completion('Sure! I think the first call matters.') }],
    [
      'a body that is not JSON',
      { text: '<html>gateway error</html>', headers: { 'content-type': 'application/json' } },
    ],
    ['missing keys', { body: completion('{"call_p1":0.5}') }, { probability: 'verbalized' }],
    ['extra keys', { body: completion('{"call_p1":0.5,"result_p1":0.5,"call_p9":1}') }, { probability: 'verbalized' }],
    ['out-of-range numbers', { body: completion('{"call_p1":1.5,"result_p1":0.5}') }, { probability: 'verbalized' }],
    [
      'a string instead of a number',
      { body: completion('{"call_p1":"0.5","result_p1":0.5}') },
      { probability: 'verbalized' },
    ],
    ['empty choices', { body: { ...completion(null), choices: [] } }],
    ['no message content', { body: completion(null) }],
  ];
  for (const [name, reply, model] of cases) {
    it(`R11 ${name} → invalid_answer, retried, then failure with no proposal`, async () => {
      const response = await run([reply, reply], { model });
      expectFailure(response, 'invalid_answer');
      expect(response.metadata.compaction.requests).toBe(2);
    });
  }

  it('R11 an invalid answer followed by a valid one succeeds, and both answers count in usage', async () => {
    const usage = { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 };
    server = await startFakeOpenAI({ schedule: [{ body: completion('not json', { usage }) }], usage: () => usage });
    const response = await compactContext(request(1), { model: modelFor(server), settings: FAST });
    expect(response.success).toBe(true);
    expect(response.metadata.compaction.usage).toEqual({ prompt_tokens: 20, completion_tokens: 2, total_tokens: 22 });
  });
});

describe('concurrency and deadline (R10)', () => {
  it('R10 at most max_concurrency requests are in flight', async () => {
    server = await startFakeOpenAI({ latencyMs: 50 });
    const response = await compactContext(request(10, { max_concurrency: 3 }), {
      model: modelFor(server, { maxKeysPerRequest: 2 }),
      settings: FAST,
    });
    expect(response.success).toBe(true);
    expect(server.requests).toHaveLength(10);
    expect(server.inFlightMax).toBe(3);
  });

  it('R10 the overall deadline fails the call and cancels every in-flight request', async () => {
    server = await startFakeOpenAI({ behaviour: () => ({ hang: true }) });
    const response = await compactContext(request(6, { max_concurrency: 4, total_timeout_seconds: 0.5 }), {
      model: modelFor(server, { maxKeysPerRequest: 2 }),
      settings: FAST,
    });
    expectFailure(response, 'deadline_exceeded');
    expect(server.requests).toHaveLength(4);
    await vi.waitFor(() => expect(server.inFlight).toBe(0));
    expect(server.aborted).toBe(4);
    expect(response.metadata.compaction.requests).toBe(4);
  });
});
