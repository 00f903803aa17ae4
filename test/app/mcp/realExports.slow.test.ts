/**
 * SPEC §9 "Restore server" on exports of real transcripts: each file is exported with the built
 * command line (`compact_context --out`, the scripted backend dropping every call, half as
 * drop_result and half as drop_call), then the server is asked, through the SDK's client, for
 * every call the exported snapshot shortened or removed. What was cut is read from the snapshot
 * itself (a result missing, or its text changed), not from the server's own derivation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource } from '../../../core/formats/index.js';
import type { ArchivedResult } from '../../../core/restore/results.js';
import { indexResults } from '../../../core/restore/results.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { ensureBuilt, runCli, tempDir } from '../cli/support.js';
import { connectRestoreServer } from './fixture.js';

interface Case {
  name: string;
  shared: 'formats' | 'corpus';
  file: string;
  conversation?: string;
  options?: Record<string, number>;
}

const CASES: Case[] = [
  { name: 'Claude Code JSONL', shared: 'formats', file: 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl' },
  { name: 'mini-swe-agent', shared: 'formats', file: 'mini-swe-agent-traj/pydata__xarray-4629.traj.json' },
  {
    name: 'OpenHands',
    shared: 'formats',
    file: 'openhands-events/multi_swe_bench-examples-output.jsonl',
    conversation: 'ponylang__ponyc-4595',
    options: { truncate_tail_chars: 30 },
  },
  {
    name: 'OpenAI chat (tau-bench)',
    shared: 'formats',
    file: 'openai-chat-completions/taubench-gpt-4o-airline-first4.json',
    conversation: '0',
  },
  { name: 'tau-bench corpus', shared: 'corpus', file: 'taubench-gpt4o-airline-task2.json' },
  { name: 'mini-swe-agent corpus', shared: 'corpus', file: 'miniswe-gemini3pro-sympy-19040.json' },
];

interface Export {
  archive: string;
  audit: string;
  /** The conversation the export read: the archive may hold others with the same call ids. */
  conversation: string;
  /** The archive's text results by call id, as the export's source held them. */
  original: Map<string, ArchivedResult>;
  /** Call ids the snapshot no longer holds a result for, and those whose result it shortened. */
  removed: Set<string>;
  shortened: Map<string, string>;
}

const SHARED = { formats: sharedPath('formats'), corpus: sharedPath('corpus') };
const missing = (['formats', 'corpus'] as const).find((sub) => SHARED[sub] === null);
let tmp: ReturnType<typeof tempDir>;
let client: Client;
const exports = new Map<string, Export>();

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function resultsOf(text: string | Buffer, format: string, conversation: string): Map<string, ArchivedResult> {
  return indexResults(openSource(text, { format, conversation }).read.messages).results;
}

/** The omitted count an R13 marker in `text` states for call `id`, or null when none names it. */
function markerCount(text: string, id: string): number | null {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`…\\[(\\d+) characters of the result of tool call ${escaped} `).exec(text);
  return found ? Number(found[1]) : null;
}

async function exportCase(c: Case, n: number): Promise<Export> {
  const input = join(SHARED[c.shared] as string, c.file);
  const source = openSource(readFileSync(input, 'utf8'), { conversation: c.conversation });
  const calls = [...indexResults(source.read.messages).results.values()];
  // Alternate: even calls drop_result, odd calls drop_call (R12 at the default threshold 0.5).
  const answers = Object.fromEntries(
    calls.map((r, i) => [r.callId, i % 2 === 0 ? { call: 0.9, result: 0.1 } : { call: 0.1, result: 0.1 }]),
  );
  const script = tmp.write(`script${n}.json`, JSON.stringify({ answers }));
  const tools = [...new Set(calls.map((r) => r.toolName).filter((t): t is string => t !== null))];
  const out = `export${n}-${c.file.split('/').pop() as string}`;
  const run = await runCli(
    [
      'compact_context',
      'goal=Finish the task',
      `eligible_tool_names=${JSON.stringify(tools)}`,
      `options=${JSON.stringify({ preserve_recent_messages: 0, truncate_head_chars: 40, ...c.options })}`,
      `messages=@${input}`,
      ...(c.conversation !== undefined ? ['--conversation', c.conversation] : []),
      '--out',
      out,
    ],
    { cwd: tmp.dir, env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: script } },
  );
  if (run.code !== 0) throw new Error(`export of ${c.file} failed (${run.code}): ${run.stderr}`);
  const audit = `${out}.audit.json`;
  const record = JSON.parse(readFileSync(join(tmp.dir, audit), 'utf8')) as {
    archive_file: { name: string };
    source: { format: string; conversation: string };
  };
  const { format, conversation } = record.source;
  const original = resultsOf(readFileSync(join(tmp.dir, record.archive_file.name), 'utf8'), format, conversation);
  const written = resultsOf(readFileSync(join(tmp.dir, out), 'utf8'), format, conversation);
  // Results in conversation order, aligned: an id a format synthesizes for a repeated native id
  // (`id#2`) may name another call once the first is removed, so the snapshot's ids are not used.
  const removed = new Set<string>();
  const shortened = new Map<string, string>();
  const after = [...written.values()];
  let next = 0;
  // A result is the next one the snapshot holds when its call is that one's (native id, tool, input).
  const callOf = (r: ArchivedResult) => JSON.stringify([r.callId.replace(/#\d+$/, ''), r.toolName, r.input]);
  for (const [id, result] of original) {
    const kept = after[next] !== undefined && callOf(after[next]) === callOf(result) ? after[next].text : null;
    if (kept !== null && kept === result.text) next++;
    else if (kept !== null && markerCount(kept, id) !== null) {
      shortened.set(id, kept);
      next++;
    } else removed.add(id);
  }
  if (next !== after.length) throw new Error(`${c.file}: the snapshot holds results the archive does not`);
  return { archive: record.archive_file.name, audit, conversation, original, removed, shortened };
}

if (missing) it.skip(sharedSkipReason(missing), () => {});
else {
  beforeAll(async () => {
    ensureBuilt();
    tmp = tempDir();
    for (const [n, c] of CASES.entries()) exports.set(c.name, await exportCase(c, n));
    writeFileSync(join(tmp.dir, 'keys.env'), 'unrelated\n');
    client = await connectRestoreServer(tmp.dir, 'restore-real-test');
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    tmp?.cleanup();
  });

  describe.each(CASES)('§9 restore server on an export of $name', (c) => {
    it('§9 the export cut calls both ways (the fixture exercises what it claims)', () => {
      const e = exports.get(c.name) as Export;
      expect(e.removed.size + e.shortened.size).toBeGreaterThan(0);
    });

    it('§9 every cut call comes back whole, and paged by code points to exactly the original', async () => {
      const e = exports.get(c.name) as Export;
      for (const id of [...e.removed, ...e.shortened.keys()]) {
        const original = (e.original.get(id) as ArchivedResult).text as string;
        const at = { archive: e.archive, conversation: e.conversation, call_id: id };
        const whole = await call('restore_result', { ...at, max_chars: 200_000 });
        expect(whole.isError, `${id}: ${JSON.stringify(whole.content)}`).toBeFalsy();
        expect(whole.structuredContent).toMatchObject({ text: original, next_offset: null });
        const total = [...original].length;
        const size = Math.max(1, Math.ceil(total / 3) - 1);
        let offset: number | null = 0;
        let joined = '';
        while (offset !== null) {
          const page = await call('restore_result', { ...at, offset, max_chars: size });
          const s = page.structuredContent as { text: string; returned_chars: number; next_offset: number | null };
          expect(page.content[0]).toEqual({ type: 'text', text: s.text });
          expect([...s.text].length).toBe(s.returned_chars);
          joined += s.text;
          offset = s.next_offset;
        }
        expect(joined, id).toBe(original);
      }
    });

    it('§9 list_omissions lists exactly the calls whose output the export shortened or removed, as written', async () => {
      const e = exports.get(c.name) as Export;
      const result = await call('list_omissions', { audit: e.audit });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const { omissions } = result.structuredContent as {
        omissions: Array<{ call_id: string; action: string; omitted_chars: number }>;
      };
      const expected = [
        ...[...e.removed].map((id) => ({
          call_id: id,
          action: 'drop_call',
          omitted_chars: [...((e.original.get(id) as ArchivedResult).text ?? '')].length,
        })),
        ...[...e.shortened].map(([id, text]) => ({
          call_id: id,
          action: 'drop_result',
          // The count the marker in the snapshot states (R13).
          omitted_chars: markerCount(text, id),
        })),
      ];
      const sorted = <T extends { call_id: string }>(list: T[]) =>
        [...list].sort((a, b) => a.call_id.localeCompare(b.call_id));
      expect(
        sorted(omissions.map(({ call_id, action, omitted_chars }) => ({ call_id, action, omitted_chars }))),
      ).toEqual(sorted(expected));
    });
  });
}
