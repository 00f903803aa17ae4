/**
 * A large generated history through the built command line: it either completes with a
 * proposal whose invariants hold, or fails at once with one clear line (exit 2) when the
 * file is beyond the process's memory budget. Shared by the 50 MB case in `npm test` and
 * the 200 MB case in `npm run fuzz`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CompactResponse, Message } from '../../../core/engine/schema.js';
import { runCli, tempDir } from '../../app/cli/support.js';
import { generateHistory, GENERATED_TOOLS } from '../../support/generate.js';
import { assertProposalInvariants } from './invariants.js';
import { protectedFlags } from './run-case.js';

export interface BigHistory {
  messages: Message[];
  path: string;
  bytes: number;
  cleanup(): void;
}

export function writeBigHistory(megabytes: number): BigHistory {
  const tmp = tempDir();
  const messages = generateHistory({
    calls: megabytes * 40,
    targetBytes: megabytes * 1_000_000,
    layout: 'next_message',
    seed: 5,
  });
  const text = JSON.stringify(messages);
  const path = join(tmp.dir, 'history.json');
  writeFileSync(path, text);
  return { messages, path, bytes: Buffer.byteLength(text), cleanup: tmp.cleanup };
}

const GOAL = 'finish the payment retry fix';
const args = (path: string, options: string) => [
  'compact_context',
  `goal=${GOAL}`,
  `messages=@${path}`,
  `eligible_tool_names=${JSON.stringify(GENERATED_TOOLS)}`,
  `options=${options}`,
];

/** Runs the CLI on the file and checks the proposal against the in-memory history. */
export async function expectCliCompletes(
  big: BigHistory,
): Promise<{ elapsedMs: number; charsBefore: number; charsAfter: number }> {
  const started = Date.now();
  // Budgets wide enough for one observation of the whole history: the point is the size.
  const result = await runCli(
    args(big.path, '{"max_state_tokens":5000000,"max_request_tokens":5100000,"preserve_recent_messages":2}'),
    { cwd: join(big.path, '..') },
  );
  const elapsedMs = Date.now() - started;
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const response = JSON.parse(result.stdout) as CompactResponse;
  const inputJson = JSON.stringify(big.messages);
  assertProposalInvariants({
    messages: big.messages,
    inputJson,
    response,
    archiveRef: 'archived history',
    truncateHeadChars: 300,
    protectedFlags: protectedFlags(big.messages, 2, []),
  });
  if (!response.success) throw new Error('expected a proposal');
  return {
    elapsedMs,
    charsBefore: response.answer.stats.chars_before ?? 0,
    charsAfter: response.answer.stats.chars_after ?? 0,
  };
}

/** With a heap too small for the file, the CLI must refuse before reading it: exit 2, one line. */
export async function expectCliRefusesEarly(big: BigHistory, heapMb: number): Promise<string> {
  const result = await runCli(args(big.path, '{}'), {
    cwd: join(big.path, '..'),
    env: { NODE_OPTIONS: `--max-old-space-size=${heapMb}` },
  });
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/memory budget.*--max-old-space-size=\d+/);
  return lines[0];
}
