/**
 * SPEC §9 "Restore server" with a real agent: Claude Code 2.1 resumes a session our `--out
 * --restore-server` compacted, with `--mcp-config` naming our server; a fake Anthropic API on
 * 127.0.0.1 answers its first request with a tool_use of restore_result for the shortened call
 * and the next with text. The test asserts that Claude Code called our server and that its next
 * request carries the original output as that tool's result.
 *
 * Claude Code is 235 MB, so it is not a dependency: `.ci/run` installs it into
 * ~/.cache/compaction-inspector/claude-code (bounded in time) and then requires this test; a
 * machine without it skips with one line.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, resultOf, runCli, tempDir } from '../app/cli/support.js';
import type { FakeAnthropic, MessagesRequest, ReplyBlock } from './fakeAnthropic.js';
import { startFakeAnthropic } from './fakeAnthropic.js';

const CACHE = process.env.COMPACTION_CLAUDE_CODE_DIR ?? join(homedir(), '.cache/compaction-inspector/claude-code');
const CLAUDE = join(CACHE, 'node_modules/.bin/claude');
const REQUIRED = process.env.COMPACTION_REQUIRE_CLAUDE_CODE === '1';
const PRESENT = existsSync(CLAUDE);
if (!PRESENT && !REQUIRED)
  console.log(
    `skipped: Claude Code is not installed in ${CACHE} (npm install --prefix ${CACHE} @anthropic-ai/claude-code@2.1)`,
  );

const SERVER = 'compaction-inspector';
const TOOL = `mcp__${SERVER}__restore_result`;
const SESSION_ID = '3f6d2a4e-1b7c-4c1e-9a55-0d2b8e6f7a10';
const RESTORE_USE_ID = 'toolu_restore_1';
const ORIGINAL = Array.from({ length: 400 }, (_, i) => `config line ${i}: retries=${i % 7}`).join('\n');

/** A Claude Code session: a Read whose long result the export shortens, then two short turns. */
function session(cwd: string): string {
  const keys = {
    isSidechain: false,
    userType: 'external',
    cwd,
    sessionId: SESSION_ID,
    version: '2.1.0',
    gitBranch: '',
  };
  const uuid = (n: number) =>
    `${String(n).repeat(8)}-${String(n).repeat(4)}-4${String(n).repeat(3)}-8${String(n).repeat(3)}-${String(n).repeat(12)}`;
  const at = (n: number) => `2026-12-03T10:00:0${n}.000Z`;
  const assistant = (n: number, content: unknown[], stop: string) => ({
    ...keys,
    parentUuid: uuid(n - 1),
    type: 'assistant',
    uuid: uuid(n),
    timestamp: at(n),
    message: {
      id: `msg_${n}`,
      type: 'message',
      model: 'claude-sonnet-4-5',
      role: 'assistant',
      content,
      stop_reason: stop,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  });
  const file = join(cwd, 'config.txt');
  const records = [
    {
      ...keys,
      parentUuid: null,
      type: 'user',
      message: { role: 'user', content: 'Read the config' },
      uuid: uuid(1),
      timestamp: at(1),
    },
    assistant(2, [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: file } }], 'tool_use'),
    {
      ...keys,
      parentUuid: uuid(2),
      type: 'user',
      uuid: uuid(3),
      timestamp: at(3),
      toolUseResult: { type: 'text', file: { filePath: file, content: ORIGINAL } },
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: ORIGINAL }] },
    },
    assistant(4, [{ type: 'text', text: 'I read the config.' }], 'end_turn'),
    {
      ...keys,
      parentUuid: uuid(4),
      type: 'user',
      message: { role: 'user', content: 'Thanks' },
      uuid: uuid(5),
      timestamp: at(5),
    },
    assistant(6, [{ type: 'text', text: 'You are welcome.' }], 'end_turn'),
  ];
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** The text of the tool_result for `id` in a request's last message, or null. */
function toolResultText(request: MessagesRequest, id: string): string | null {
  const last = request.messages?.at(-1);
  if (!last || !Array.isArray(last.content)) return null;
  const block = last.content.find((b) => b.type === 'tool_result' && b.tool_use_id === id);
  if (!block) return null;
  const content = block.content as string | Array<{ type: string; text?: string }>;
  return typeof content === 'string' ? content : content.map((c) => c.text ?? '').join('');
}

let tmp: ReturnType<typeof tempDir> | null = null;
let api: FakeAnthropic | null = null;
afterEach(async () => {
  await api?.close();
  tmp?.cleanup();
});

describe.skipIf(!PRESENT && !REQUIRED)('§9 restore server with Claude Code 2.1', () => {
  it('§9 Claude Code calls restore_result on our server and sends the original output back to the model', async () => {
    ensureBuilt();
    expect(PRESENT, `Claude Code is required (COMPACTION_REQUIRE_CLAUDE_CODE=1) but ${CLAUDE} is absent`).toBe(true);
    tmp = tempDir();
    const root = realpathSync(tmp.dir);
    const [project, exports, config, home] = ['project', 'exports', 'config', 'home'].map((d) => join(root, d));
    for (const dir of [project, exports, config, home]) mkdirSync(dir);
    writeFileSync(join(root, 'session.jsonl'), session(project));
    writeFileSync(join(root, 'script.json'), JSON.stringify({ answers: {}, default: { call: 0.9, result: 0.1 } }));

    // Our export: the Read result shortened, with a marker that says how to restore it.
    const exported = await runCli(
      [
        'compact_context',
        'goal=Continue',
        'eligible_tool_names=["Read"]',
        'options={"preserve_recent_messages":1}',
        'messages=@session.jsonl',
        '--out',
        join(exports, `${SESSION_ID}.jsonl`),
        '--reviewer',
        'tester',
        '--restore-server',
      ],
      { cwd: root, env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: join(root, 'script.json') } },
    );
    expect(exported.code).toBe(0);
    const record = JSON.parse(readFileSync(join(exports, `${SESSION_ID}.jsonl.audit.json`), 'utf8')) as {
      archive_file: { name: string };
    };
    const archive = record.archive_file.name;

    // Claude Code finds a session under its config folder, by the project's path with every other character a dash.
    const sessions = join(config, 'projects', project.replace(/[^A-Za-z0-9]/g, '-'));
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, `${SESSION_ID}.jsonl`), readFileSync(join(exports, `${SESSION_ID}.jsonl`)));
    writeFileSync(
      join(root, 'mcp.json'),
      JSON.stringify({
        mcpServers: { [SERVER]: { command: process.execPath, args: [CLI, 'mcp', '--archive-dir', exports] } },
      }),
    );

    api = await startFakeAnthropic((request): ReplyBlock[] => {
      const main = request.tools?.some((t) => t.name === TOOL) ?? false;
      if (!main || toolResultText(request, RESTORE_USE_ID) !== null) return [{ type: 'text', text: 'Done.' }];
      return [{ type: 'tool_use', id: RESTORE_USE_ID, name: TOOL, input: { archive, call_id: 'toolu_1' } }];
    });
    const child = spawn(
      CLAUDE,
      [
        '-p',
        'Continue',
        '--resume',
        SESSION_ID,
        '--mcp-config',
        join(root, 'mcp.json'),
        '--strict-mcp-config',
        '--allowedTools',
        TOOL,
        '--output-format',
        'json',
      ],
      {
        cwd: project,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          CLAUDE_CONFIG_DIR: config,
          ANTHROPIC_BASE_URL: api.url,
          ANTHROPIC_API_KEY: 'sk-ant-fake',
          DISABLE_AUTOUPDATER: '1',
          DISABLE_TELEMETRY: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        },
      },
    );
    const timer = setTimeout(() => child.kill(), 100_000);
    const run = await resultOf(child).finally(() => clearTimeout(timer));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ is_error: false, result: 'Done.', permission_denials: [] });

    const main = api.requests.filter((r) => r.tools?.some((t) => t.name === TOOL));
    expect(main.length).toBeGreaterThanOrEqual(2);
    // The resumed history is our export: the Read result is the marker, not the output.
    const shortened = JSON.stringify(main[0].messages);
    expect(shortened).toContain('restore_result with archive');
    expect(shortened).not.toContain('config line 399');
    // The request after the tool call carries what our server restored: the original output, whole.
    const restored = toolResultText(main[main.length - 1], RESTORE_USE_ID);
    expect(restored).not.toBeNull();
    const page = JSON.parse(restored as string) as { call_id: string; text: string; next_offset: number | null };
    expect(page).toMatchObject({ call_id: 'toolu_1', next_offset: null });
    expect(page.text).toBe(ORIGINAL);
  }, 120_000);
});
