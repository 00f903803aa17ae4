/**
 * Limits of the built CLI that a user can reach with ordinary input: timers past a timer's range
 * (R10), and `@` arguments that are not regular files (SPEC §9: one line, exit 2).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../support/fakeOpenAI.js';
import type { CliResult } from './support.js';
import { cleanEnv, CLI, EXAMPLE, exampleArgs, resultOf, runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

describe('R10 timers past a timer’s range', () => {
  it('R10 total_timeout_seconds and DECISION_MODEL_TIMEOUT_SECONDS ≥ 2,147,484 mean "as long as allowed", with no Node warning', async () => {
    tmp = tempDir();
    // Latency longer than the 1 ms an overflowing timer fires after, so "now" would be seen.
    const fake = await startFakeOpenAI({ latencyMs: 50 });
    try {
      const run = await runCli(
        [
          'compact_context',
          ...exampleArgs({ options: '{"preserve_recent_messages":1,"total_timeout_seconds":3000000}' }),
        ],
        {
          cwd: tmp.dir,
          env: {
            DECISION_MODEL_BACKEND: 'openai',
            DECISION_MODEL_API_KEY: 'sk-test-timers-0123456789',
            DECISION_MODEL_BASE_URL: fake.url,
            DECISION_MODEL_NAME: 'gpt-fake',
            DECISION_MODEL_TIMEOUT_SECONDS: '2147484',
            DECISION_MODEL_RETRY_DELAY_SECONDS: '1e12',
          },
        },
      );
      expect(run.stderr).not.toMatch(/TimeoutOverflowWarning|Warning/);
      expect(run.code, run.stdout).toBe(0);
      expect(JSON.parse(run.stdout).success).toBe(true);
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      await fake.close();
    }
  });
});

/** A small heap, so the memory budget (a fifth of it) is about 20 MB and reached at once. */
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=64' };

/** The CLI run by bash, so `@<(…)` is a real process substitution (a pipe at /dev/fd/N). */
function runInBash(script: string, env: Record<string, string> = {}): Promise<CliResult> {
  return resultOf(
    spawn('bash', ['-c', script], { cwd: tmp.dir, env: cleanEnv({ CLI, NODE: process.execPath, ...env }) }),
  );
}

function expectOneLineRefusal(run: CliResult, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr.trim()).toMatch(pattern);
}

const BUDGET = /^messages: .+ holds more than this process's memory budget handles \(about \d+ MB with a \d+ MB heap\)/;
const goalArgs = `goal='g' 'eligible_tool_names=["search_code"]'`;

describe.skipIf(process.platform === 'win32')('§8 @ values that are not regular files', () => {
  it('§8 @<(endless stream) stops at the memory budget: one line, exit 2, no GC trace', async () => {
    tmp = tempDir();
    const run = await runInBash(`"$NODE" "$CLI" compact_context ${goalArgs} messages=@<(cat /dev/zero)`, SMALL_HEAP);
    expectOneLineRefusal(run, BUDGET);
  });

  it('§8 @/dev/zero stops at the memory budget: one line, exit 2', async () => {
    tmp = tempDir();
    const run = await runCli(['compact_context', 'goal=g', 'messages=@/dev/zero'], { cwd: tmp.dir, env: SMALL_HEAP });
    expectOneLineRefusal(run, BUDGET);
  });

  it('§8 @FIFO with no writer fails with one line instead of hanging', async () => {
    tmp = tempDir();
    const fifo = join(tmp.dir, 'history.fifo');
    execFileSync('mkfifo', [fifo]);
    const run = await runCli(['compact_context', 'goal=g', `messages=@${fifo}`], { cwd: tmp.dir });
    expectOneLineRefusal(
      run,
      /^messages: .*history\.fifo is a FIFO nobody wrote to within \d+ s; start its writer first$/,
    );
  }, 30_000);

  it('§8 a process substitution and a FIFO with a writer are read whole, like the file', async () => {
    tmp = tempDir();
    const file = tmp.write('history.json', EXAMPLE.messages);
    const args = exampleArgs({ messages: `@${file}` });
    const fromFile = await runCli(['compact_context', ...args], { cwd: tmp.dir });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const quoted = exampleArgs({ messages: '@<(sleep 0.2; cat history.json)' })
      .map((a) => (a.startsWith('messages=') ? a : `'${a.replaceAll("'", "'\\''")}'`))
      .join(' ');
    const piped = await runInBash(`"$NODE" "$CLI" compact_context ${quoted}`);
    expect(piped.code, piped.stderr).toBe(0);
    const fifo = join(tmp.dir, 'history.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `cat history.json > history.fifo`], { cwd: tmp.dir });
    const viaFifo = await runCli(['compact_context', ...exampleArgs({ messages: `@${fifo}` })], { cwd: tmp.dir });
    writer.kill();
    expect(viaFifo.code, viaFifo.stderr).toBe(0);
    // The same envelope but for timing figures.
    const core = (stdout: string) => JSON.parse(stdout).answer.messages;
    expect(core(piped.stdout)).toEqual(core(fromFile.stdout));
    expect(core(viaFifo.stdout)).toEqual(core(fromFile.stdout));
  });
});
