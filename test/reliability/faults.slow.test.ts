/**
 * Scripted fault schedules against a real fake OpenAI server (R10, R11). Each
 * schedule ends in a complete proposal whose invariants hold, or a failure with no proposal;
 * within the deadline plus one second (a loose correctness bound, not a speed target); with
 * no request left running on the server; and with no result body or API key anywhere.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactContext } from '../../core/engine/compact.js';
import type { Message } from '../../core/engine/schema.js';
import { BODY_MARKER, modelFor, request, TEST_KEY } from '../core/engine/openai/fixture.js';
import type { FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { assertProposalInvariants, deepFreeze } from './support/invariants.js';
import { record } from './support/record.js';
import { protectedFlags } from './support/run-case.js';
import { behaviourFor, SCHEDULES } from './support/schedules.js';

const CALLS = 12;
const KEYS_PER_REQUEST = 4; // two pairs a batch: 6 batches
const BASE_OPTIONS = { preserve_recent_messages: 1, max_concurrency: 3, total_timeout_seconds: 2 };
const BASE_SETTINGS = { timeoutMs: 600, maxRetries: 1, retryDelayMs: 5 };
/** The first question key of each batch: pairs p1, p3, p5, … open the batches. */
const FIRST_KEYS = Array.from({ length: CALLS / 2 }, (_, b) => `call_p${2 * b + 1}`);

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const results: Array<{ name: string; outcome: string; elapsedMs: number; requests: number }> = [];

describe('fault schedules against the fake OpenAI server', () => {
  for (const schedule of SCHEDULES) {
    it(`R10 R11 ${schedule.name} → ${schedule.expect}, within the deadline + 1 s, nothing left running`, async () => {
      server = await startFakeOpenAI({ behaviour: behaviourFor(schedule.faults, FIRST_KEYS) });
      const options = { ...BASE_OPTIONS, ...schedule.options };
      const input = request(CALLS, options);
      const messages = deepFreeze(input.messages as Message[]);
      const inputJson = JSON.stringify(messages);
      const started = Date.now();
      const response = await compactContext(input, {
        model: modelFor(server, { maxKeysPerRequest: KEYS_PER_REQUEST }),
        settings: { ...BASE_SETTINGS, ...schedule.settings },
      });
      const elapsedMs = Date.now() - started;

      const outcome = assertProposalInvariants({
        messages,
        inputJson,
        response,
        archiveRef: 'archived history',
        truncateHeadChars: 300,
        protectedFlags: protectedFlags(messages, options.preserve_recent_messages, []),
      });
      expect(
        response.success ? 'proposal' : `${outcome}: ${response.success ? '' : response.answer.error.message}`,
      ).toMatch(new RegExp(`^${schedule.expect}`));
      if (response.success) expect(response.answer.decisions.filter((d) => d.keep_result !== null)).toHaveLength(CALLS);
      expect(elapsedMs).toBeLessThanOrEqual(options.total_timeout_seconds * 1000 + 1000);
      // Every request the engine started has ended on the server side too.
      await vi.waitFor(() => expect(server?.inFlight).toBe(0), { timeout: 2000, interval: 10 });
      // stats.requests counts attempts started; one cancelled before it reached the wire is not seen here.
      const sent = server.requests.length;
      expect(sent).toBeLessThanOrEqual(response.metadata.compaction.requests ?? 0);
      for (const r of server.requests) expect(r.raw).not.toContain(BODY_MARKER); // R6
      expect(JSON.stringify(response)).not.toContain(TEST_KEY);
      results.push({
        name: schedule.name,
        outcome: response.success ? 'proposal' : outcome,
        elapsedMs,
        requests: sent,
      });
    });
  }

  it('records the schedules for npm run reliability', () => {
    const outcomes: Record<string, number> = {};
    for (const r of results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    record({
      area: 'faults',
      name: 'fault schedules',
      tried: results.length,
      outcomes: { ...outcomes, lost: 0, max_over_deadline_ms: Math.max(0, ...results.map((r) => r.elapsedMs - 2000)) },
      notes: `6 batches, concurrency 3, 2 s deadline; timeouts, 429 bursts with Retry-After, 500/503, resets, slow drips, truncated JSON, wrong keys, deadline mid-flight, 400/401; slowest ${Math.max(...results.map((r) => r.elapsedMs))} ms; ${results.reduce((n, r) => n + r.requests, 0)} requests, none left in flight`,
    });
    expect(results.length).toBe(SCHEDULES.length);
  });
});
