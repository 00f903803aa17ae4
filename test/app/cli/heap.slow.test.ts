/**
 * The CLI weighs a run by the hosts' heap rule (app/host/heap-budget.ts) against its own heap
 * limit, so bytes are a poor guide: a 20 MB history of 54k short calls with max_state_tokens
 * and max_request_tokens raised (R7 keeps every call, R9 asks about all of them) needs far more
 * than five times its size, and a 20 MB history of 100k text messages strains a 131 MB heap
 * while it is read. Each must exit 2 with one line, never V8's out-of-memory abort (exit 134).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ABORTING_SHAPE, HEAP_SHAPES } from '../../support/heap-shapes.js';
import type { CliResult } from './support.js';
import { runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

function expectOneLine(run: CliResult, pattern: RegExp): void {
  expect(run.stderr).not.toMatch(/FATAL|heap out of memory/);
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr.trim()).toMatch(pattern);
}

async function compactIn(heapMb: number, name: string): Promise<CliResult> {
  const shape = HEAP_SHAPES.find((s) => s.name === name);
  const request = shape!.request(19_000_000);
  tmp = tempDir();
  const messages = tmp.write('history.json', JSON.stringify(request.messages));
  return runCli(
    [
      'compact_context',
      `goal=${request.goal}`,
      `messages=@${messages}`,
      `eligible_tool_names=${JSON.stringify(request.eligible_tool_names ?? [])}`,
      `options=${JSON.stringify(request.options ?? {})}`,
    ],
    { cwd: tmp.dir, env: { NODE_OPTIONS: `--max-old-space-size=${heapMb}`, DECISION_MODEL_BACKEND: 'offline' } },
  );
}

describe('§8 compact_context within its heap', () => {
  it('§8 a history whose raised token limits cost more than its bytes is refused in one line, exit 2, naming the heap it needs', async () => {
    const run = await compactIn(200, ABORTING_SHAPE.name);
    expectOneLine(
      run,
      /^this request \(20 MB, 108263 messages.*\) needs about \d+ MB of heap to compact, more than this process's \d+ MB memory budget; run it with NODE_OPTIONS=--max-old-space-size=\d+ to raise it/,
    );
  }, 120_000);

  it('§8 a file too large to read into this heap is refused before reading it', async () => {
    const run = await compactIn(131, 'small text messages, no tools');
    expectOneLine(
      run,
      /^messages: .*history\.json is 20 MB, more than this process's memory budget handles .*NODE_OPTIONS=--max-old-space-size=\d+ to raise it$/,
    );
  }, 120_000);
});
