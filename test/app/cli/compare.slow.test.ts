/**
 * `compare A.json B.json [--json]` (SPEC §9) through the built CLI: envelopes of compact_context
 * at two thresholds, offline against the openai backend on the fake server, and every refusal
 * (exit 2, one line on stderr, nothing on stdout).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareReport } from '../../../core/inspect/compareReport.js';
import { startFakeOpenAI } from '../../support/fakeOpenAI.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { EXAMPLE, exampleArgs, runCli, tempDir } from './support.js';

interface Envelope {
  answer: {
    messages: unknown[];
    decisions: Array<{ call_id: string; action: string }>;
    stats: { chars_before: number };
  };
  metadata: { input: { sha256: string; bytes: number } } & Record<string, unknown>;
}

const corpus = sharedPath('corpus');
const TRANSCRIPT = corpus ? join(corpus, 'miniswe-gemini3pro-sympy-19040.json') : '';
const compactArgs = (threshold: number) => [
  'compact_context',
  'goal=Fix the reported sympy issue',
  'eligible_tool_names=["bash"]',
  `options={"keep_threshold":${threshold}}`,
  `messages=@${TRANSCRIPT}`,
];

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

/** Runs compact_context and keeps its envelope as a file. */
async function envelope(name: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const run = await runCli(args, { cwd: tmp.dir, env });
  expect(run.code, run.stderr).toBe(0);
  return tmp.write(name, run.stdout);
}

describe.skipIf(corpus === null)(
  corpus === null ? sharedSkipReason('corpus') : 'compare on a corpus transcript',
  () => {
    it('§9 two thresholds: exit 0, the agreement table, and --json with every differing call', async () => {
      tmp = tempDir();
      const low = await envelope('low.json', compactArgs(0.3));
      const high = await envelope('high.json', compactArgs(0.7));
      const table = await runCli(['compare', low, high], { cwd: tmp.dir });
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toMatch(/^A {2}.*low\.json \(envelope\): [\d,]+ chars after, ~[\d,]+ tokens after/m);
      expect(table.stdout).toMatch(/^Agreement: \d+ of \d+ decided pairs \(\d+\.\d%\); \d+ differ; \d+ pairs/m);
      expect(table.stdout).toMatch(/^call_id +tool +A action +p_call +p_result +A reason +B action/m);
      const json = await runCli(['compare', low, high, '--json'], { cwd: tmp.dir });
      expect(json.code).toBe(0);
      const report = JSON.parse(json.stdout) as CompareReport;
      expect(report.schema).toBe('compaction-inspector/compare@1');
      expect(report.differences.length).toBeGreaterThan(0);
      for (const d of report.differences) {
        expect(d.a.action).not.toBe(d.b.action);
        expect(table.stdout).toContain(d.call_id);
      }
    });

    it('§9 offline against the openai backend on the fake server compares the two models’ probabilities', async () => {
      tmp = tempDir();
      // A deterministic spread of answers, so some agree with the offline model and some do not.
      const fake = await startFakeOpenAI({
        pYes: (key) => ([...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1000, 7) / 1000) * 0.98 + 0.01,
      });
      try {
        const offline = await envelope('offline.json', compactArgs(0.5));
        const openai = await envelope('openai.json', compactArgs(0.5), {
          DECISION_MODEL_BACKEND: 'openai',
          DECISION_MODEL_API_KEY: 'sk-test-compare-0123456789',
          DECISION_MODEL_BASE_URL: fake.url,
          DECISION_MODEL_NAME: 'gpt-fake',
        });
        expect(fake.requests.length).toBeGreaterThan(0);
        const run = await runCli(['compare', offline, openai, '--json'], { cwd: tmp.dir });
        expect(run.code, run.stderr).toBe(0);
        const report = JSON.parse(run.stdout) as CompareReport;
        expect(report.differences.length).toBeGreaterThan(0);
        expect(report.agreeing).toBeGreaterThan(0);
        expect(report.differences.some((d) => d.a.keep_result !== d.b.keep_result)).toBe(true);
      } finally {
        await fake.close();
      }
    });
  },
);

describe('compare refusals', () => {
  it('§9 two different histories: exit 2 with the figure that differs, nothing on stdout', async () => {
    tmp = tempDir();
    const a = await envelope('a.json', ['compact_context', ...exampleArgs()]);
    const other = JSON.stringify([
      { id: 'x0', role: 'user', content: [{ type: 'text', text: 'another task' }] },
      { id: 'x1', role: 'user', content: [{ type: 'text', text: 'go' }] },
    ]);
    const b = await envelope('b.json', ['compact_context', ...exampleArgs({ messages: other })]);
    const run = await runCli(['compare', a, b], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toMatch(
      /^A and B are proposals for different histories: the files opened differ \(SHA-256 [0-9a-f]{12}… vs [0-9a-f]{12}…\)$/,
    );
  });

  it('§9 two histories of the same length and call ids, differing only in a result both drop: exit 2 by their input digests', async () => {
    tmp = tempDir();
    const other = EXAMPLE.messages.replace('a completed task', 'a finished tasks');
    expect(other.length).toBe(EXAMPLE.messages.length);
    const a = await envelope('a.json', ['compact_context', ...exampleArgs()]);
    const b = await envelope('b.json', ['compact_context', ...exampleArgs({ messages: other })]);
    const [ea, eb] = [a, b].map((path) => JSON.parse(readFileSync(path, 'utf8')) as Envelope);
    // Every figure the envelopes carry agrees, and the only differing output is dropped on both sides.
    expect(eb.answer.stats.chars_before).toBe(ea.answer.stats.chars_before);
    expect(eb.answer.messages).toEqual(ea.answer.messages);
    expect(ea.answer.decisions.map((d) => [d.call_id, d.action])).toEqual([['c1', 'drop_call']]);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(ea.metadata.input).toEqual({ sha256: sha256(EXAMPLE.messages), bytes: EXAMPLE.messages.length });
    expect(eb.metadata.input.sha256).toBe(sha256(other));
    const run = await runCli(['compare', a, b], { cwd: tmp.dir });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr.trim()).toBe(
      `A and B are proposals for different histories: the files opened differ (SHA-256 ${sha256(EXAMPLE.messages).slice(0, 12)}… vs ${sha256(other).slice(0, 12)}…)`,
    );
    // Envelopes without the digest (an earlier version's) are matched as before, with a warning line.
    const older = (path: string, e: Envelope) => {
      const { input: _input, ...metadata } = e.metadata;
      return tmp.write(`old-${basename(path)}`, JSON.stringify({ ...e, metadata }));
    };
    const fallback = await runCli(['compare', older(a, ea), older(b, eb)], { cwd: tmp.dir });
    expect(fallback.code).toBe(0);
    expect(fallback.stdout).toMatch(/^Agreement: 1 of 1 decided pairs/m);
    expect(fallback.stderr.trim().split('\n')).toEqual([
      'warning: neither A nor B carries an input digest (metadata.input.sha256: an envelope from another host or an earlier version), so the histories are matched only by their figures, pairs and what the compactions left',
    ]);
    // The same history twice carries the same digest and compares without a warning.
    const again = await envelope('again.json', [
      'compact_context',
      ...exampleArgs({ options: '{"keep_threshold":0.9}' }),
    ]);
    const same = await runCli(['compare', a, again], { cwd: tmp.dir });
    expect({ code: same.code, stderr: same.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('§9 a file that is not a proposal, a failed compaction, bad JSON or a wrong argument count: exit 2 naming the file', async () => {
    tmp = tempDir();
    const good = await envelope('good.json', ['compact_context', ...exampleArgs()]);
    const failedRun = await runCli(
      ['compact_context', ...exampleArgs({ options: '{"preserve_recent_messages":0,"max_state_tokens":1}' })],
      { cwd: tmp.dir },
    );
    expect(failedRun.code).toBe(1);
    const failed = tmp.write('failed.json', failedRun.stdout);
    const cases: Array<[string[], RegExp]> = [
      [['compare', good, tmp.write('array.json', '[1, 2]')], /^B \(.*array\.json\): not a §6 envelope/],
      [['compare', tmp.write('bad.json', '{"success": tru'), good], /^A \(.*bad\.json\): not JSON/],
      [['compare', good, join(tmp.dir, 'missing.json')], /^B \(.*missing\.json\): cannot read .*ENOENT/],
      [['compare', failed, good], /^A \(.*failed\.json\): a failed compaction \(observation_too_large: /],
      [['compare', good], /give exactly two files/],
      [['compare', good, good, good], /give exactly two files/],
      [['compare', good, good, '--color'], /^compare: .*--color/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { cwd: tmp.dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });
});
