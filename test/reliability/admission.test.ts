/**
 * Bounded admission on `POST /compact_context`. The body limit was per request
 * only, so many large bodies at once could fill the heap together. Against the real web host
 * (openai backend on a fake provider that holds every answer until released): at most
 * `maxConcurrentCompactions` compactions reach the model, the others queue, and the request
 * whose bytes would pass the in-flight budget is refused with 503 busy and Retry-After.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebHost } from '../../app/server/http.js';
import { startWebHost } from '../../app/server/http.js';
import { newToken, TOKEN_HEADER } from '../../app/server/security.js';
import { setupHost } from '../../app/host/setup.js';
import { runHeapBytes, runShapeOf } from '../../app/host/heap-budget.js';
import type { FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { generateHistory, GENERATED_TOOLS } from '../support/generate.js';
import { record } from './support/record.js';
import { rawRequest } from './support/web-host.js';
import { RETRY_AFTER_SECONDS } from '../../app/host/admission.js';

const GOALS = ['finish the payment retry fix A', 'finish the payment retry fix B', 'finish the payment retry fix C'];
const MESSAGES = generateHistory({ calls: 12, targetBytes: 200_000, layout: 'same_message', seed: 7 });
const bodyFor = (goal: string) =>
  JSON.stringify({
    messages: MESSAGES,
    goal,
    eligible_tool_names: [...GENERATED_TOOLS],
    options: { preserve_recent_messages: 2 },
  });
const SIZE = Buffer.byteLength(bodyFor(GOALS[0]));
/** The heap the host holds for one of these bodies once parsed (app/host/heap-budget.ts). */
const RUN_HEAP = runHeapBytes(runShapeOf(JSON.parse(bodyFor(GOALS[0])), SIZE));

interface Held {
  provider: FakeOpenAI;
  host: WebHost;
  token: string;
  /** Goals whose compaction has reached the model. */
  goalsSeen: Set<string>;
  /** Resolves once two compactions reached the model at the same time (more than allowed here). */
  twoRunning: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

let opened: Held | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** A host allowing 1 compaction at a time and 2.5 runs' heap in flight, on a provider that holds its answers. */
async function startHeld(): Promise<Held> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const goalsSeen = new Set<string>();
  let reachedTwo!: () => void;
  const twoRunning = new Promise<void>((resolve) => (reachedTwo = resolve));
  const provider = await startFakeOpenAI({
    behaviour: async (request) => {
      for (const goal of GOALS) if (request.raw.includes(goal)) goalsSeen.add(goal);
      if (goalsSeen.size >= 2) reachedTwo();
      await released;
      return {};
    },
  });
  const cwd = mkdtempSync(join(tmpdir(), 'ci-admission-'));
  const token = newToken();
  const setup = setupHost('web', {
    env: { DECISION_MODEL_BACKEND: 'openai', DECISION_MODEL_API_KEY: 'sk-test', DECISION_MODEL_BASE_URL: provider.url },
    cwd,
    maxConcurrentCompactions: 1,
    heapBudgetBytes: Math.floor(RUN_HEAP * 2.5),
  });
  const host = await startWebHost({ token, setup });
  return {
    provider,
    host,
    token,
    goalsSeen,
    twoRunning,
    release,
    close: async () => {
      release();
      await host.close();
      await provider.close();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

describe('web host admission', () => {
  it.each([
    ['declared (Content-Length)', {}],
    ['chunked', { 'transfer-encoding': 'chunked' }],
  ])(
    'three large bodies at once, %s: one is refused 503 busy with Retry-After, the others queue and all answer',
    async (_mode, extra) => {
      const held = (opened = await startHeld());
      const send = (goal: string) =>
        rawRequest(held.host.port, {
          method: 'POST',
          path: '/compact_context',
          headers: { [TOKEN_HEADER]: held.token, 'content-type': 'application/json', ...extra },
          body: bodyFor(goal),
        });
      const answers = GOALS.map(send);
      // Nothing can finish while the provider holds, so the first answer is the refusal; if two
      // compactions reach the model instead, the cap failed and waiting longer would only hang.
      await Promise.race([Promise.race(answers), held.twoRunning]);
      expect(held.goalsSeen.size).toBeLessThanOrEqual(1);
      held.release();
      const done = await Promise.all(answers);
      expect(done.map((a) => a.status).sort()).toEqual([200, 200, 503]);
      const refused = done.find((a) => a.status === 503)!;
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      const error = (JSON.parse(refused.text) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('busy');
      expect(error.message).toMatch(/memory budget.*retry/);
      for (const answer of done.filter((a) => a.status === 200))
        expect(JSON.parse(answer.text)).toMatchObject({ success: true });
      // Every hold was given back: all three fit one after another now.
      for (const goal of GOALS) expect((await send(goal)).status).toBe(200);
      record({
        area: 'load',
        name: `compact_context admission, ${_mode}`,
        tried: 6,
        outcomes: { answered: 5, refused_503_busy: 1, compactions_at_once_max: 1 },
        notes: `3 bodies of ${Math.round(SIZE / 1000)} kB at once, budget 2.5 runs' heap, 1 compaction at a time`,
      });
    },
  );

  it('a body that could never fit the in-flight budget is 413, not a busy to retry', async () => {
    const held = (opened = await startHeld());
    const res = await rawRequest(held.host.port, {
      method: 'POST',
      path: '/compact_context',
      headers: { [TOKEN_HEADER]: held.token, 'content-type': 'application/json' },
      body: JSON.stringify({ goal: 'x', messages: [], pad: 'p'.repeat(SIZE * 3) }),
    });
    expect(res.status).toBe(413);
    expect((JSON.parse(res.text) as { error: { code: string } }).error.code).toBe('invalid_input');
  });

  it("run.start holds its run's heap from the same budget: beside two held runs, a third run or compaction is 503 busy", async () => {
    const held = (opened = await startHeld());
    const call = (path: string, body: unknown) =>
      rawRequest(held.host.port, {
        method: 'POST',
        path,
        headers: { [TOKEN_HEADER]: held.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const start = (goal: string) =>
      call('/api/run.start', { request: JSON.parse(bodyFor(goal)) as unknown, backend: { name: 'openai' } });
    const [a, b] = [await start(GOALS[0]), await start(GOALS[1])];
    expect([a.status, b.status]).toEqual([200, 200]);
    // Two runs hold 2 of the 2.5 runs' heap: neither another run nor a compaction fits beside them.
    const refused = [await start(GOALS[2]), await call('/compact_context', JSON.parse(bodyFor(GOALS[2])))];
    expect(refused.map((r) => r.status)).toEqual([503, 503]);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect((JSON.parse(r.text) as { error: { code: string } }).error.code).toBe('busy');
    }
    held.release();
    for (const started of [a, b]) {
      const { runId } = (JSON.parse(started.text) as { result: { runId: string } }).result;
      const status = await vi.waitFor(
        async () => {
          const polled = (await call('/api/run.status', { runId })).text;
          const { result } = JSON.parse(polled) as { result: { state: string; outcome: { success: boolean } | null } };
          expect(result.state).toBe('finished');
          return result;
        },
        { timeout: 20_000, interval: 5 },
      );
      expect(status.outcome?.success).toBe(true);
    }
    // Finished, they hold only their kept outcomes: the refused run fits now.
    expect((await start(GOALS[2])).status).toBe(200);
    record({
      area: 'load',
      name: 'run.start admission beside runs in flight',
      tried: 5,
      outcomes: { started: 3, refused_503_busy: 2 },
      notes: `runs of ${Math.round(SIZE / 1000)} kB, budget 2.5 runs' heap shared with compact_context`,
    });
  });
});
