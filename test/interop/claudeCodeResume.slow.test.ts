/**
 * SPEC §9 (the export goes back into the agent): the real Claude Code client (2.1) resumes
 * exported sessions, written as new resumable sessions, against a fake Anthropic API on
 * 127.0.0.1, and the request body it rebuilds is checked — every kept call and result sent,
 * shortened outputs verbatim, no tool_use without its tool_result next (or the reverse), and
 * what happened to thinking. Claude Code is installed on demand by .ci/run (test/support/claudeCode.ts);
 * without it the suite skips with one line.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSource, openSource, resumableSession, unchangedProposal } from '../../core/formats/index.js';
import { toolNamesOf } from '../../core/inspect/toolNames.js';
import { ensureBuilt, runCli, tempDir } from '../app/cli/support.js';
import { claudeCodeBin, claudeCodeSkipReason, resumeSession } from '../support/claudeCode.js';
import type { FakeAnthropic } from './fakeAnthropic.js';
import { startFakeAnthropic } from './fakeAnthropic.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { alternatingModel, compactAndReread } from '../core/formats/support.js';

const FORMATS = sharedPath('formats');
const BIN = claudeCodeBin();
const SESSION = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';
const COMPACTED = 'claude-code-jsonl/inspect-scout-compaction-session.jsonl';

type Json = Record<string, unknown>;

/** A tool_result's content as text: a string as it is, text blocks joined, anything else as JSON. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((b: Json) => b.type === 'text'))
    return content.map((b: Json) => b.text as string).join('');
  return JSON.stringify(content);
}

function blocks(message: Json): Json[] {
  return Array.isArray(message.content) ? (message.content as Json[]) : [];
}

/**
 * What a session file holds on its main chain: calls, results by call id, and the thinking
 * blocks of replies Claude Code replays — a reply whose call has no result (the session ended
 * while the tool ran) is dropped by Claude Code itself on resume, thinking and all.
 */
function fileFacts(text: string) {
  const calls = new Set<string>();
  const results = new Map<string, string>();
  const replies = new Map<string, { thinking: number; calls: string[] }>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as Json;
    if (record.isSidechain === true || (record.type !== 'user' && record.type !== 'assistant')) continue;
    const message = record.message as Json;
    const reply = replies.get(String(message.id)) ?? { thinking: 0, calls: [] };
    if (record.type === 'assistant') replies.set(String(message.id), reply);
    for (const block of blocks(message)) {
      if (block.type === 'tool_use') calls.add(block.id as string);
      if (block.type === 'tool_use') reply.calls.push(block.id as string);
      if (block.type === 'tool_result') results.set(block.tool_use_id as string, resultText(block.content));
      if (block.type === 'thinking' || block.type === 'redacted_thinking') reply.thinking++;
    }
  }
  let thinking = 0;
  let unanswered = 0;
  for (const reply of replies.values())
    if (reply.calls.every((id) => results.has(id))) thinking += reply.thinking;
    else unanswered += reply.thinking;
  return { calls, results, thinking, unanswered };
}

/** The same facts of the request Claude Code sent, and the places where a pair is broken. */
function requestFacts(messages: Json[]) {
  const calls = new Set<string>();
  const results = new Map<string, string>();
  const orphans: string[] = [];
  let thinking = 0;
  messages.forEach((message, i) => {
    const own = blocks(message);
    for (const block of own) {
      if (block.type === 'tool_use') calls.add(block.id as string);
      if (block.type === 'tool_result') results.set(block.tool_use_id as string, resultText(block.content));
      if (block.type === 'thinking' || block.type === 'redacted_thinking') thinking++;
    }
    // Anthropic Messages: every tool_use is answered first in the very next user turn.
    const uses = own.filter((b) => b.type === 'tool_use').map((b) => b.id as string);
    if (message.role === 'assistant' && uses.length > 0) {
      const next = messages[i + 1];
      const answered = next ? blocks(next).filter((b) => b.type === 'tool_result') : [];
      const leading = next ? blocks(next).slice(0, answered.length) : [];
      for (const id of uses)
        if (!leading.some((b) => b.type === 'tool_result' && b.tool_use_id === id)) orphans.push(`tool_use ${id}`);
    }
    if (message.role === 'user') {
      const previous = messages[i - 1];
      const asked = previous
        ? blocks(previous)
            .filter((b) => b.type === 'tool_use')
            .map((b) => b.id)
        : [];
      for (const block of own)
        if (block.type === 'tool_result' && !asked.includes(block.tool_use_id))
          orphans.push(`tool_result ${String(block.tool_use_id)}`);
    }
  });
  return { calls, results, orphans, thinking };
}

/** The request Claude Code rebuilt from `exported`, checked against what the file holds (SPEC §9). */
function expectReplayed(label: string, source: string, exported: string, sent: Json[]) {
  const before = fileFacts(source);
  const file = fileFacts(exported);
  const request = requestFacts(sent);
  const keptPairs = [...file.calls].filter((id) => file.results.has(id));
  const dropped = [...before.calls].filter((id) => !file.calls.has(id));
  const shortened = keptPairs.filter((id) => before.results.get(id) !== file.results.get(id));
  expect(dropped.length + shortened.length).toBeGreaterThan(0);
  for (const id of keptPairs) {
    expect(request.calls.has(id), `call ${id} sent`).toBe(true);
    expect(request.results.has(id), `result ${id} sent`).toBe(true);
  }
  for (const id of shortened) expect(request.results.get(id), `result ${id} verbatim`).toBe(file.results.get(id));
  for (const id of dropped) expect(request.calls.has(id) || request.results.has(id), `dropped ${id}`).toBe(false);
  expect(request.orphans).toEqual([]);
  // Thinking: every thinking block the export keeps is replayed (a reply whose calls are all
  // dropped loses its thinking with them: claudeRecords.ts `thinkingOnly`).
  expect(request.thinking).toBe(file.thinking);
  console.log(
    `interop ${SESSION} (${label}): ${keptPairs.length} kept pairs sent, ${shortened.length} shortened verbatim, ` +
      `${dropped.length} dropped absent, 0 orphans, thinking ${request.thinking} sent of ${file.thinking} replayable ` +
      `in the export (+${file.unanswered} in an unanswered last reply; ${before.thinking + before.unanswered} in the source)`,
  );
  return { before, file };
}

async function resume(api: FakeAnthropic, text: string): Promise<{ sent: Json[]; sessionId: string }> {
  const sessionId = randomUUID();
  const before = api.requests.length;
  const run = await resumeSession({
    bin: BIN as string,
    baseUrl: api.url,
    sessionId,
    sessionText: resumableSession(text, sessionId),
  });
  expect(run.stderr + run.stdout).not.toMatch(/No conversation found|requires a valid session/);
  expect(run.code).toBe(0);
  const bodies = api.requests.slice(before);
  expect(bodies.length).toBeGreaterThan(0);
  return { sent: bodies[bodies.length - 1].messages as Json[], sessionId };
}

describe.skipIf(!FORMATS || !BIN)('Claude Code resumes our exports (SPEC §9)', () => {
  let api: FakeAnthropic;
  beforeAll(async () => {
    api = await startFakeAnthropic(() => [{ type: 'text', text: 'ok' }]);
  });
  afterAll(async () => {
    await api?.close();
  });

  it(
    'a compacted export: every kept pair sent, shortened outputs verbatim, no orphan',
    { timeout: 120_000 },
    async () => {
      const source = readFileSync(join(FORMATS as string, SESSION), 'utf8');
      const trip = await compactAndReread(source, { format: 'claude-code' }, alternatingModel());
      const { sent } = await resume(api, trip.exported);
      const { before, file } = expectReplayed('alternating model', source, trip.exported, sent);
      // Replies whose every call went lost their thinking with them.
      expect(file.thinking + file.unanswered).toBeLessThan(before.thinking + before.unanswered);
    },
  );

  it('§9 --out --resumable: a new session beside the source, resumed as written', { timeout: 180_000 }, async () => {
    ensureBuilt();
    const tmp = tempDir();
    try {
      const text = readFileSync(join(FORMATS as string, SESSION), 'utf8');
      const folder = join(tmp.dir, 'home', '.claude', 'projects', '-mnt-c-python-cctrace');
      mkdirSync(folder, { recursive: true });
      const original = '132b2f66-ee5f-46f6-8904-32d9dc4d36c3.jsonl';
      const from = join(folder, original);
      writeFileSync(from, text);
      mkdirSync(join(tmp.dir, 'exports'));
      const out = join(tmp.dir, 'exports', 'session.jsonl');
      const cli = await runCli(
        [
          'compact_context',
          'goal=finish the task',
          `messages=@${from}`,
          `eligible_tool_names=${JSON.stringify(toolNamesOf(openSource(text).read.messages))}`,
          'options={"preserve_recent_messages":2}',
          '--out',
          out,
          '--reviewer',
          'interop',
          '--resumable',
        ],
        { cwd: tmp.dir },
      );
      expect(cli.code, cli.stderr).toBe(0);
      const written = /^resumable session: (.+)$/m.exec(cli.stderr)?.[1];
      const id = /claude --resume ([0-9a-f-]{36})/.exec(cli.stderr)?.[1] as string;
      expect(written).toBe(join(folder, `${id}.jsonl`));
      expect(cli.stderr).toContain(`cd "/mnt/c/python/cctrace" && claude --resume ${id}`);
      // The original session stays untouched; the new one is the export with the new id only.
      expect(readFileSync(from, 'utf8')).toBe(text);
      expect(readdirSync(folder).sort()).toEqual([`${id}.jsonl`, original].sort());
      const session = readFileSync(written as string, 'utf8');
      expect(session).toBe(resumableSession(readFileSync(out, 'utf8'), id));
      const before = api.requests.length;
      const run = await resumeSession({ bin: BIN as string, baseUrl: api.url, sessionId: id, sessionText: session });
      expect(run.code, run.stderr).toBe(0);
      expect(api.requests.length).toBeGreaterThan(before);
      expectReplayed('--out --resumable, offline model', text, session, api.requests.at(-1)?.messages as Json[]);
    } finally {
      tmp.cleanup();
    }
  });

  it(
    '§9 --resumable from a file outside ~/.claude/projects: the session is written beside --out',
    { timeout: 60_000 },
    async () => {
      ensureBuilt();
      const tmp = tempDir();
      try {
        const text = readFileSync(join(FORMATS as string, SESSION), 'utf8');
        const from = tmp.write('session.jsonl', text);
        const cli = await runCli(
          [
            'compact_context',
            'goal=finish',
            `messages=@${from}`,
            '--out',
            join(tmp.dir, 'out.jsonl'),
            '--reviewer',
            'r',
            '--resumable',
          ],
          { cwd: tmp.dir },
        );
        expect(cli.code, cli.stderr).toBe(0);
        const id = /claude --resume ([0-9a-f-]{36})/.exec(cli.stderr)?.[1] as string;
        expect(cli.stderr).toContain(`resumable session: ${join(tmp.dir, `${id}.jsonl`)}`);
        expect(cli.stderr).toMatch(/move it into ~\/\.claude\/projects\//);
        const other = await runCli(
          [
            'compact_context',
            'goal=finish',
            `messages=@${tmp.write('h.json', '[{"role":"user","content":"hi"}]')}`,
            '--out',
            join(tmp.dir, 'o.json'),
            '--resumable',
          ],
          { cwd: tmp.dir },
        );
        expect(other.code).toBe(2);
        expect(other.stderr).toMatch(/--resumable: only for a Claude Code session/);
      } finally {
        tmp.cleanup();
      }
    },
  );

  it(
    'a session Claude Code compacted itself: only what follows compact_boundary is replayed',
    { timeout: 120_000 },
    async () => {
      const source = readFileSync(join(FORMATS as string, COMPACTED), 'utf8');
      const opened = openSource(source, { format: 'claude-code' });
      const exported = exportSource(opened, unchangedProposal(opened.read.messages));
      const { sent } = await resume(api, exported);
      const text = JSON.stringify(sent);
      expect(text).toContain('Continue where we left off');
      expect(text).toContain('Summary of previous conversation');
      expect(text).not.toContain('Start a long conversation');
      expect(text).not.toContain("Sure, I'm ready for a long conversation.");
      expect(requestFacts(sent).orphans).toEqual([]);
    },
  );
});

describe.skipIf(FORMATS && BIN)('Claude Code interop', () => {
  it('skips', () => {
    console.log(!FORMATS ? sharedSkipReason('formats') : claudeCodeSkipReason());
  });
});
