/**
 * Fault schedules for the fake OpenAI server, keyed by batch rather than by arrival order
 * (batches run concurrently, so arrival order is not stable): `faults[b][a]` is what batch
 * b's attempt a gets; anything unscheduled is a well-formed answer.
 */
import type { Behaviour, ReceivedRequest, Reply } from '../../support/fakeOpenAI.js';
import { completion, schemaKeys, yesNoTokens } from '../../support/fakeOpenAIAnswers.js';

/** A reply, or one built from the request (answers for the wrong keys need the asked keys). */
export type Fault = Reply | ((request: ReceivedRequest) => Reply);
export type BatchFaults = Record<number, Fault[] | ((attempt: number) => Fault)>;

export interface Schedule {
  name: string;
  faults: BatchFaults;
  /** SPEC §5 options for the run (a short deadline keeps the suite fast). */
  options?: Record<string, number>;
  /** Per-request settings (R10). */
  settings?: { timeoutMs?: number; maxRetries?: number; retryDelayMs?: number };
  /** What the run must end in: a proposal, or this failure code. */
  expect: 'proposal' | 'deadline_exceeded' | 'model_error' | 'invalid_answer';
}

/** Batch index of a request: its first question key names the first pair of the batch. */
export function batchOf(request: ReceivedRequest, firstKeys: readonly string[]): number {
  return firstKeys.indexOf(schemaKeys(request.body)[0] ?? '');
}

/** Builds the server behaviour for a schedule; it counts attempts per batch. */
export function behaviourFor(faults: BatchFaults, firstKeys: readonly string[]): Behaviour {
  const attempts = new Map<number, number>();
  return (request) => {
    const batch = batchOf(request, firstKeys);
    const attempt = attempts.get(batch) ?? 0;
    attempts.set(batch, attempt + 1);
    const plan = faults[batch];
    if (!plan) return {};
    const fault = typeof plan === 'function' ? plan(attempt) : (plan[attempt] ?? {});
    return typeof fault === 'function' ? fault(request) : fault;
  };
}

/** A well-formed answer (with logprobs) for every asked key renamed: the wrong keys. */
export function wrongKeys(request: ReceivedRequest): Reply {
  const { content, tokens } = yesNoTokens(
    schemaKeys(request.body).map((key) => `${key}_x`),
    () => 0.9,
    'word',
  );
  return { body: completion(content, { logprobs: tokens }) };
}

const always = (fault: Fault) => () => fault;
const HANG: Reply = { hang: true };
const RESET: Reply = { reset: true };
const TRUNCATED: Reply = {
  text: '{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"index":0,"message":{"role":"assis',
  headers: { 'content-type': 'application/json' },
};
const EMPTY_CHOICES: Reply = {
  body: { id: 'x', object: 'chat.completion', created: 1, model: 'fake-model', choices: [], usage: null },
};
const r429 = (retryAfter: string): Reply => ({ status: 429, headers: { 'retry-after': retryAfter } });

/** The fault schedules. 6 batches, concurrency 3, 2 s deadline unless a schedule says otherwise. */
export const SCHEDULES: Schedule[] = [
  { name: 'no faults', faults: {}, expect: 'proposal' },
  { name: 'one batch times out once, then answers', faults: { 2: [HANG] }, expect: 'proposal' },
  { name: 'half the batches time out once', faults: { 0: [HANG], 2: [HANG], 4: [HANG] }, expect: 'proposal' },
  { name: 'one batch times out on every attempt', faults: { 3: always(HANG) }, expect: 'model_error' },
  {
    name: '429 burst on every batch with Retry-After: 0',
    faults: { 0: [r429('0')], 1: [r429('0')], 2: [r429('0')], 3: [r429('0')], 4: [r429('0')], 5: [r429('0')] },
    expect: 'proposal',
  },
  {
    name: '429 with Retry-After: 1 on one batch',
    faults: { 1: [r429('1')] },
    options: { total_timeout_seconds: 4 },
    expect: 'proposal',
  },
  { name: '429 with Retry-After far beyond the deadline', faults: { 1: [r429('30')] }, expect: 'deadline_exceeded' },
  { name: 'repeated 429 bursts exhaust the retries', faults: { 0: always(r429('0')) }, expect: 'model_error' },
  { name: '500 once on one batch', faults: { 5: [{ status: 500 }] }, expect: 'proposal' },
  { name: '500 on every attempt of one batch', faults: { 1: always({ status: 500 }) }, expect: 'model_error' },
  {
    name: '503 on the first attempt of every batch',
    faults: {
      0: [{ status: 503 }],
      1: [{ status: 503 }],
      2: [{ status: 503 }],
      3: [{ status: 503 }],
      4: [{ status: 503 }],
      5: [{ status: 503 }],
    },
    expect: 'proposal',
  },
  { name: 'connection reset once', faults: { 4: [RESET] }, expect: 'proposal' },
  { name: 'connection reset on every attempt', faults: { 2: always(RESET) }, expect: 'model_error' },
  {
    name: 'slow drip that finishes within the request timeout',
    faults: { 0: [{ drip: { chunks: 5, intervalMs: 40 } }], 3: [{ drip: { chunks: 4, intervalMs: 30 } }] },
    expect: 'proposal',
  },
  {
    name: 'slow drip that outlives the request timeout, then a fast answer',
    faults: { 1: [{ drip: { chunks: 20, intervalMs: 100 } }] },
    expect: 'proposal',
  },
  { name: 'truncated JSON once', faults: { 2: [TRUNCATED] }, expect: 'proposal' },
  { name: 'truncated JSON on every attempt', faults: { 2: always(TRUNCATED) }, expect: 'invalid_answer' },
  { name: 'no choices in the answer once', faults: { 0: [EMPTY_CHOICES] }, expect: 'proposal' },
  { name: 'answers for the wrong keys once', faults: { 3: [wrongKeys] }, expect: 'proposal' },
  { name: 'answers for the wrong keys on every attempt', faults: { 3: always(wrongKeys) }, expect: 'invalid_answer' },
  {
    name: 'deadline expires mid-flight on slow batches',
    faults: { 0: always({ delayMs: 5000 }), 4: always({ delayMs: 5000 }) },
    settings: { timeoutMs: 10_000 },
    expect: 'deadline_exceeded',
  },
  {
    name: 'every batch hangs past the deadline',
    faults: Object.fromEntries([0, 1, 2, 3, 4, 5].map((b) => [b, always(HANG)])),
    settings: { timeoutMs: 10_000 },
    expect: 'deadline_exceeded',
  },
  {
    name: '400 on one batch fails at once and cancels the hanging others',
    faults: { 0: always(HANG), 1: always(HANG), 5: [{ status: 400 }] },
    settings: { timeoutMs: 10_000 },
    expect: 'model_error',
  },
  {
    name: '401 on every batch',
    faults: Object.fromEntries([0, 1, 2, 3, 4, 5].map((b) => [b, always({ status: 401 })])),
    expect: 'model_error',
  },
  {
    name: 'mixed: hang, 429, 500, reset and truncation on different batches',
    faults: { 0: [HANG], 1: [r429('0')], 2: [{ status: 500 }], 3: [RESET], 4: [TRUNCATED] },
    expect: 'proposal',
  },
];
