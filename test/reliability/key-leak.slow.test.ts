/**
 * The key-leak suite: a provider that echoes the Authorization header (in the answer, in an
 * answer key, in a long refusal, in an error body, in a 200 of garbage), hangs or resets,
 * against keys of every awkward shape, through every surface that carries provider text: the
 * command line, the export and audit record it writes with --out, the web host's POST
 * /compact_context, and run.start/run.status (the Requests records). Each probe runs with
 * every attempt echoing (the run fails) and with only the first one echoing (the retry
 * succeeds and the echo stays in the attempt records). The key, and every identifying piece of it, appears nowhere; the history's text is unchanged (R14).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pLimit from 'p-limit';
import { request as fixtureRequest } from '../core/engine/openai/fixture.js';
import type { CliResult } from '../app/cli/support.js';
import { runCli, tempDir } from '../app/cli/support.js';
import type { FakeOpenAI, ReceivedRequest, Reply } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import type { Probe } from './support/key-leak.js';
import { historyTexts, keyLeaks, LEAK_KEYS, PROBES, probeReply } from './support/key-leak.js';
import { record } from './support/record.js';
import type { TestHost } from './support/web-host.js';
import { startTestHost } from './support/web-host.js';

type Mode = 'always' | 'once';
type Surface = 'CLI' | 'CLI --out export + audit record' | 'POST /compact_context' | 'run.start/run.status';

/** Each run names its probe in the goal, so one fake server serves every run at once. */
const TAG = /probe:([a-z_]+):(always|once):(\d+)/;
let server: FakeOpenAI;
const seen = new Set<string>();

function behaviour(r: ReceivedRequest): Reply {
  const tag = TAG.exec(r.raw);
  if (!tag) return {};
  const [whole, probe, mode] = tag;
  if (mode === 'once' && seen.has(whole)) return {};
  seen.add(whole);
  return probeReply(probe as Probe);
}

let runs = 0;
function probeRequest(probe: Probe, mode: Mode) {
  const input = fixtureRequest(2, { preserve_recent_messages: 1 });
  return { ...input, goal: `Write the patch (probe:${probe}:${mode}:${runs++})` };
}

const checked: Array<{ surface: Surface; probe: Probe; mode: Mode; shape: string; leaks: number; ok: boolean }> = [];

function check(surface: Surface, probe: Probe, mode: Mode, configured: string, shape: string, text: string) {
  const leaks = keyLeaks(text, configured);
  checked.push({ surface, probe, mode, shape, leaks: leaks.length, ok: /"success":true/.test(text) });
  expect(leaks, `${surface} ${probe} ${mode} key ${shape}`).toEqual([]);
}

/** R14: a successful answer's text blocks are the input's, byte for byte. */
function expectHistoryKept(
  envelope: { success: boolean; answer: { messages?: unknown } },
  input: { messages: unknown },
) {
  if (envelope.success) expect(historyTexts(envelope.answer.messages)).toEqual(historyTexts(input.messages));
}

const SETTINGS = {
  DECISION_MODEL_BACKEND: 'openai',
  DECISION_MODEL_NAME: 'fake-model',
  // Not shorter: the first request's timeout also covers loading the SDK (~0.7 s on a busy machine).
  DECISION_MODEL_TIMEOUT_SECONDS: '2',
  DECISION_MODEL_MAX_RETRIES: '1',
  DECISION_MODEL_RETRY_DELAY_SECONDS: '0.01',
};

beforeAll(async () => {
  server = await startFakeOpenAI({ behaviour });
}, 120_000);

afterAll(async () => {
  await server?.close();
  const surfaces = [...new Set(checked.map((c) => c.surface))];
  record({
    area: 'security',
    name: 'API key echoed by the provider',
    tried: checked.length,
    outcomes: Object.fromEntries(
      surfaces.map((s) => [s, { leaks: checked.filter((c) => c.surface === s).reduce((n, c) => n + c.leaks, 0) }]),
    ),
    notes: `${PROBES.length} probes (${PROBES.join(', ')}) × ${LEAK_KEYS.length} key shapes (${LEAK_KEYS.map((k) => k.shape).join(', ')}), every attempt or only the first echoing; ${checked.filter((c) => c.ok).length} runs succeeded on the retry with the echo in their records; no piece of 8+ characters of the key (raw, JSON, URL forms) in any output, history text unchanged`,
  });
});

describe('the API key never comes back from a provider that echoes it', () => {
  /** Every probe with every key shape through `compact_context` in a fresh directory, three at a time. */
  function eachProbeThroughCli(
    mode: Mode,
    extra: { args: string[]; env: Record<string, string> },
    then: (run: { probe: Probe; shape: string; key: string; dir: string; result: CliResult }) => void,
  ): Promise<unknown> {
    const limit = pLimit(3);
    return Promise.all(
      LEAK_KEYS.flatMap(({ shape, key }) =>
        PROBES.map((probe) =>
          limit(async () => {
            const tmp = tempDir();
            try {
              const input = probeRequest(probe, mode);
              tmp.write('h.json', JSON.stringify(input.messages));
              const result = await runCli(
                [
                  'compact_context',
                  `goal=${input.goal}`,
                  'messages=@h.json',
                  'eligible_tool_names=["read_file"]',
                  'options={"preserve_recent_messages":1}',
                  ...extra.args,
                ],
                {
                  cwd: tmp.dir,
                  env: { ...SETTINGS, ...extra.env, DECISION_MODEL_API_KEY: key, DECISION_MODEL_BASE_URL: server.url },
                },
              );
              then({ probe, shape, key, dir: tmp.dir, result });
            } finally {
              tmp.cleanup();
            }
          }),
        ),
      ),
    );
  }

  it('through the command line: stdout and stderr, for every probe and key shape', async () => {
    await eachProbeThroughCli('always', { args: [], env: { DECISION_MODEL_MAX_RETRIES: '0' } }, (run) => {
      expect(run.result.code, run.result.stderr).toBe(1);
      JSON.parse(run.result.stdout);
      check('CLI', run.probe, 'always', run.key, run.shape, run.result.stdout + run.result.stderr);
    });
    // The probes did reach the provider with the key as sent: trimmed.
    const sent = new Set(server.requests.map((r) => r.headers.authorization));
    for (const { key } of LEAK_KEYS) expect(sent).toContain(`Bearer ${key.trim()}`);
  }, 240_000);

  it('through the export and its audit record (--out), after a retry that got the echo', async () => {
    await eachProbeThroughCli('once', { args: ['--out', 'h.compacted.json'], env: {} }, (run) => {
      // A 401 is not retried (R10): that probe fails and writes no export, like any failure.
      expect([0, 1], run.result.stderr).toContain(run.result.code);
      const written = readdirSync(run.dir).filter((name) => name !== 'h.json');
      if (run.result.code === 0) expect(written).toContain('h.compacted.json.audit.json');
      else expect(written).toEqual([]);
      const files = written.map((name) => readFileSync(join(run.dir, name), 'utf8')).join('\n');
      check(
        'CLI --out export + audit record',
        run.probe,
        'once',
        run.key,
        run.shape,
        run.result.stdout + run.result.stderr + files,
      );
    });
  }, 240_000);

  for (const { shape, key } of LEAK_KEYS) {
    describe(`key ${shape}`, () => {
      let host: TestHost;
      beforeAll(async () => {
        host = await startTestHost({ ...SETTINGS, DECISION_MODEL_API_KEY: key, DECISION_MODEL_BASE_URL: server.url });
      });
      afterAll(() => host?.close());

      it('through POST /compact_context, and the host keeps serving', async () => {
        for (const probe of PROBES)
          for (const mode of ['always', 'once'] as const) {
            const input = probeRequest(probe, mode);
            const res = await host.post('/compact_context', { ...input, eligible_tool_names: ['read_file'] });
            expect(res.status, res.text).toBe(200);
            expectHistoryKept(JSON.parse(res.text), input);
            check('POST /compact_context', probe, mode, key, shape, res.text);
          }
      }, 60_000);

      it('through run.start and run.status, Requests records included', async () => {
        for (const probe of PROBES)
          for (const mode of ['always', 'once'] as const) {
            const input = probeRequest(probe, mode);
            const started = await host.post('/api/run.start', {
              request: { ...input, eligible_tool_names: ['read_file'] },
              backend: { name: 'openai' },
            });
            expect(started.status, started.text).toBe(200);
            const { runId } = JSON.parse(started.text).result as { runId: string };
            type Status = { state: string; outcome: { success: boolean; attempts: unknown[] } | null };
            const { status, text } = await vi.waitFor(
              async () => {
                const polled = (await host.post('/api/run.status', { runId })).text;
                const result = JSON.parse(polled).result as Status;
                expect(result.state).toBe('finished');
                return { status: result, text: polled };
              },
              { timeout: 30_000, interval: 20 },
            );
            expect(status.outcome?.attempts.length).toBeGreaterThan(0);
            check('run.start/run.status', probe, mode, key, shape, text);
          }
      }, 60_000);
    });
  }
});
