/**
 * An exported history for the restore server's tests: a real `compact_context --out` run (the
 * scripted backend drops every eligible result) over a history whose outputs are long enough
 * to page, with astral characters at page edges and lines to search. Returns the folder, the
 * files the export wrote, and the original outputs by call id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cleanEnv, CLI, runCli, tempDir } from '../cli/support.js';

export const LONG = Array.from({ length: 3000 }, (_, i) => `line ${i}: value ${i * 7} 😀 config`).join('\n');
export const GREP = [
  'src/a.ts:3: // TODO retry payments',
  'src/b.ts:9: const x = a.b;',
  'src/c.ts:1: axb',
  'src/d.ts:4: // TODO(icons) remove',
  ...Array.from({ length: 40 }, (_, i) => `src/pad${i}.ts:1: padding line ${i}`),
].join('\n');

export const OUTPUTS: Record<string, string> = { c1: LONG, c2: GREP };

const call = (id: string, name: string, input: object) => ({
  type: 'tool_call',
  id,
  name,
  input: JSON.stringify(input),
  state: 'finished',
});
const result = (id: string, name: string, output: string) => ({
  type: 'tool_result',
  id,
  name,
  output,
  state: 'success',
});

/** An assistant message holding one call and its result. */
export function pairMessage(id: string, callId: string, name: string, input: object, output: string) {
  return { id, role: 'assistant', name: 'agent', content: [call(callId, name, input), result(callId, name, output)] };
}

export const HISTORY = [
  { id: 'm0', role: 'user', name: 'user', content: [{ type: 'text', text: 'Fix payment retries' }] },
  {
    id: 'm1',
    role: 'assistant',
    name: 'agent',
    content: [call('c1', 'read_file', { file_path: 'src/config.ts' }), result('c1', 'read_file', LONG)],
  },
  {
    id: 'm2',
    role: 'assistant',
    name: 'agent',
    content: [call('c2', 'bash', { command: 'grep -rn TODO src' }), result('c2', 'bash', GREP)],
  },
  { id: 'm3', role: 'user', name: 'user', content: [{ type: 'text', text: 'Go on' }] },
];

export interface Exported {
  dir: string;
  snapshot: string;
  archive: string;
  audit: string;
  cleanup(): void;
}

/** `history` (default HISTORY) exported with every eligible result dropped. */
export async function exportHistory(extraArgs: string[] = [], history: unknown[] = HISTORY): Promise<Exported> {
  const tmp = tempDir();
  tmp.write('history.json', JSON.stringify(history, null, 2));
  tmp.write('script.json', JSON.stringify({ answers: {}, default: { call: 0.9, result: 0.1 } }));
  const run = await runCli(
    [
      'compact_context',
      'goal=Fix payment retries',
      'eligible_tool_names=["read_file","bash"]',
      'options={"preserve_recent_messages":1,"truncate_head_chars":100}',
      'messages=@history.json',
      '--out',
      'snapshot.json',
      '--reviewer',
      'tester',
      ...extraArgs,
    ],
    { cwd: tmp.dir, env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: join(tmp.dir, 'script.json') } },
  );
  if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr}`);
  tmp.write('stderr.txt', run.stderr);
  const record = JSON.parse(readFileSync(join(tmp.dir, 'snapshot.json.audit.json'), 'utf8')) as {
    archive_file: { name: string };
  };
  return {
    dir: tmp.dir,
    snapshot: readFileSync(join(tmp.dir, 'snapshot.json'), 'utf8'),
    archive: record.archive_file.name,
    audit: 'snapshot.json.audit.json',
    cleanup: tmp.cleanup,
  };
}

/** The SDK's own client, connected over stdio to the built `mcp --archive-dir dir`. */
export async function connectRestoreServer(dir: string, name: string, extraArgs: string[] = []): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--archive-dir', dir, ...extraArgs],
      env: cleanEnv(),
      stderr: 'pipe',
    }),
  );
  return client;
}
