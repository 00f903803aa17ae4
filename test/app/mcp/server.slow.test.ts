/**
 * SPEC §9 "Restore server" through the official SDK's own client over stdio, against the built
 * command line (`compaction-inspector mcp --archive-dir DIR`): every tool, paging to the end,
 * literal and regex search, concurrent calls on one connection, and every refusal, each an
 * isError result of one sentence after which the server keeps serving.
 */
import { createHash } from 'node:crypto';
import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/support.js';
import type { Exported } from './fixture.js';
import { connectRestoreServer, exportHistory, GREP, HISTORY, LONG, OUTPUTS } from './fixture.js';

let exported: Exported;
let outside: string;
let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** §9: a refusal is an isError result of one sentence. */
async function refused(name: string, args: Record<string, unknown>, mentions: RegExp): Promise<string> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  const sentence = textOf(result);
  expect(sentence).toMatch(mentions);
  expect(sentence).not.toContain('\n');
  expect(sentence.trim().endsWith('.')).toBe(true);
  return sentence;
}

beforeAll(async () => {
  ensureBuilt();
  exported = await exportHistory();
  outside = mkdtempSync(join(tmpdir(), 'ci-mcp-outside-'));
  client = await connectRestoreServer(exported.dir, 'restore-test');
}, 60_000);

afterAll(async () => {
  await client?.close();
  exported?.cleanup();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

describe('§9 restore server: tools', () => {
  it('§9 lists the four tools with their argument and result schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['restore_result', 'search_archive', 'list_omissions', 'compact_context']);
    const restore = tools[0];
    expect(restore.inputSchema.required).toEqual(['archive', 'call_id']);
    expect(Object.keys(restore.inputSchema.properties ?? {})).toEqual([
      'archive',
      'call_id',
      'conversation',
      'offset',
      'max_chars',
    ]);
    expect(Object.keys(restore.outputSchema?.properties ?? {})).toEqual([
      'call_id',
      'tool_name',
      'text',
      'total_chars',
      'offset',
      'returned_chars',
      'next_offset',
      'archive_sha256',
    ]);
    expect(tools[3].inputSchema.required).toEqual(['messages', 'goal']);
  });

  it('§9 Marker: the export names the tool and target beside the call id, and the archive the server reads', () => {
    expect(exported.snapshot).toContain(
      `tool call c1 (read_file: src/config.ts) omitted; the full output is in ${exported.archive}`,
    );
    expect(exported.snapshot).toContain('tool call c2 (bash: grep -rn TODO src) omitted');
  });

  it('§9 restore_result pages the original output by code points to the end, the page in structuredContent too', async () => {
    const sha = createHash('sha256')
      .update(readFileSync(join(exported.dir, exported.archive)))
      .digest('hex');
    let offset: number | null = 0;
    let text = '';
    let pages = 0;
    while (offset !== null) {
      const result = await call('restore_result', {
        archive: exported.archive,
        call_id: 'c1',
        offset,
        max_chars: 7001,
      });
      expect(result.isError).toBeFalsy();
      const page = result.structuredContent as Record<string, unknown>;
      expect(page).toMatchObject({ call_id: 'c1', tool_name: 'read_file', offset, archive_sha256: sha });
      expect(page.total_chars).toBe([...LONG].length);
      expect(result.content[0]).toEqual({ type: 'text', text: page.text });
      // No page starts or ends inside a surrogate pair.
      expect([...(page.text as string)].length).toBe(page.returned_chars);
      text += page.text as string;
      offset = page.next_offset as number | null;
      pages++;
    }
    expect(text).toBe(LONG);
    expect(pages).toBe(Math.ceil([...LONG].length / 7001));
  });

  it('§9 restore_result returns a whole short output with the default page', async () => {
    const result = await call('restore_result', { archive: exported.archive, call_id: 'c2' });
    expect(result.structuredContent).toMatchObject({ text: GREP, offset: 0, next_offset: null });
    expect(textOf(result)).toBe(GREP);
  });

  it('§9 search_archive finds literal text, with call ids and line numbers', async () => {
    const result = await call('search_archive', { archive: exported.archive, query: 'TODO' });
    expect(result.structuredContent).toEqual({
      matches: [
        { call_id: 'c2', line: 1, text: 'src/a.ts:3: // TODO retry payments' },
        { call_id: 'c2', line: 4, text: 'src/d.ts:4: // TODO(icons) remove' },
      ],
      truncated: false,
    });
    // Literal: "a.b" is not a pattern, so "axb" does not match.
    const literal = await call('search_archive', { archive: exported.archive, query: 'a.b' });
    expect((literal.structuredContent as { matches: unknown[] }).matches).toEqual([
      { call_id: 'c2', line: 2, text: 'src/b.ts:9: const x = a.b;' },
    ]);
  });

  it('§9 search_archive reads a regular expression with regex: true, bounded by max_matches', async () => {
    const result = await call('search_archive', { archive: exported.archive, query: 'TODO\\(\\w+\\)', regex: true });
    expect(result.structuredContent).toMatchObject({ matches: [{ call_id: 'c2', line: 4 }], truncated: false });
    const many = await call('search_archive', {
      archive: exported.archive,
      query: '^line \\d+0:',
      regex: true,
      call_id: 'c1',
      max_matches: 5,
    });
    const outcome = many.structuredContent as { matches: Array<{ line: number }>; truncated: boolean };
    expect(outcome.matches.map((m) => m.line)).toEqual([11, 21, 31, 41, 51]);
    expect(outcome.truncated).toBe(true);
  });

  it('§9 list_omissions lists what the audited snapshot shortened, with tool, target and omitted characters', async () => {
    const result = await call('list_omissions', { audit: exported.audit });
    const { omissions } = result.structuredContent as { omissions: Array<Record<string, unknown>> };
    expect(omissions).toEqual([
      {
        call_id: 'c1',
        tool_name: 'read_file',
        target: 'src/config.ts',
        action: 'drop_result',
        omitted_chars: [...OUTPUTS.c1].length - 100,
      },
      {
        call_id: 'c2',
        tool_name: 'bash',
        target: 'grep -rn TODO src',
        action: 'drop_result',
        omitted_chars: [...OUTPUTS.c2].length - 100,
      },
    ]);
    // The count is the one the marker states.
    expect(exported.snapshot).toContain(`…[${[...OUTPUTS.c1].length - 100} characters of the result of tool call c1`);
  });

  it('§9 compact_context answers the §6 envelope as structuredContent', async () => {
    const result = await call('compact_context', {
      goal: 'Fix payment retries',
      messages: HISTORY,
      eligible_tool_names: ['read_file'],
      options: { preserve_recent_messages: 1 },
    });
    expect(result.isError).toBeFalsy();
    const envelope = result.structuredContent as { success: boolean; answer: { decisions: unknown[] } };
    expect(envelope.success).toBe(true);
    expect(envelope.answer.decisions).toHaveLength(2);
    expect(JSON.parse(textOf(result))).toEqual(envelope);
  });

  it('§9 a page is the original text alone; the continuation notice is its own block', async () => {
    const result = await call('restore_result', { archive: exported.archive, call_id: 'c1', offset: 3, max_chars: 40 });
    const page = [...LONG].slice(3, 43).join('');
    expect(result.content).toEqual([
      { type: 'text', text: page },
      {
        type: 'text',
        text: `[characters 3–43 of ${[...LONG].length}; call restore_result again with offset 43 for the rest]`,
      },
    ]);
    expect(result.structuredContent).toMatchObject({ text: page, offset: 3, returned_chars: 40, next_offset: 43 });
  });

  it('§9 20 pipelined restore_result calls on a fresh connection each get their own page', async () => {
    const fresh = await connectRestoreServer(exported.dir, 'restore-pipelined');
    try {
      // Pages of 1,000 code points every 997 (overlapping, astral characters at the edges), all
      // sent before the first answer, while the archive is read for the first time.
      const points = [...LONG];
      const results = (await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fresh.callTool({
            name: 'restore_result',
            arguments: { archive: exported.archive, call_id: 'c1', offset: i * 997, max_chars: 1000 },
          }),
        ),
      )) as CallToolResult[];
      results.forEach((result, i) => {
        const text = points.slice(i * 997, i * 997 + 1000).join('');
        expect(result.structuredContent).toMatchObject({ offset: i * 997, text, next_offset: i * 997 + 1000 });
        expect(result.content[0]).toEqual({ type: 'text', text });
      });
    } finally {
      await fresh.close();
    }
  });

  it('§9 concurrent calls on one connection each get their own answer', async () => {
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? call('restore_result', { archive: exported.archive, call_id: 'c1', offset: i * 100, max_chars: 50 })
        : i % 3 === 1
          ? call('search_archive', { archive: exported.archive, query: `line ${i}:`, call_id: 'c1', max_matches: 1 })
          : call('restore_result', { archive: exported.archive, call_id: 'nope' }),
    );
    const results = await Promise.all(calls);
    results.forEach((result, i) => {
      if (i % 3 === 0)
        expect((result.structuredContent as { text: string }).text).toBe(
          [...LONG].slice(i * 100, i * 100 + 50).join(''),
        );
      else if (i % 3 === 1)
        expect(result.structuredContent).toMatchObject({ matches: [{ call_id: 'c1', line: i + 1 }] });
      else expect(result.isError).toBe(true);
    });
  });
});

describe('§9 restore server: refusals are one sentence, and the server keeps serving', () => {
  it('§9 an absolute path is refused', async () => {
    await refused('restore_result', { archive: join(exported.dir, exported.archive), call_id: 'c1' }, /absolute path/);
  });

  it('§9 a name climbing with .. is refused', async () => {
    await refused('restore_result', { archive: `../x/${exported.archive}`, call_id: 'c1' }, /"\.\."/);
    await refused('list_omissions', { audit: '../snapshot.json.audit.json' }, /"\.\."/);
  });

  it('§9 a symlink leaving the root is refused', async () => {
    const text = JSON.stringify(HISTORY);
    const sha = createHash('sha256').update(text).digest('hex');
    const name = `stolen.${sha.slice(0, 16)}.json`;
    writeFileSync(join(outside, name), text);
    symlinkSync(join(outside, name), join(exported.dir, name));
    await refused('restore_result', { archive: name, call_id: 'c1' }, /leads out of its --archive-dir folder/);
  });

  it('§9 an archive whose bytes no longer match the SHA-256 in its name is refused', async () => {
    const original = readFileSync(join(exported.dir, exported.archive), 'utf8');
    const tampered = `tampered.${exported.archive.split('.').slice(-2).join('.')}`;
    writeFileSync(join(exported.dir, tampered), original.replace('value 7', 'value 8'));
    await refused('restore_result', { archive: tampered, call_id: 'c1' }, /does not match the SHA-256 in its name/);
  });

  it('§9 a file not named by its SHA-256 is not an archive (a .env or the snapshot is never handed out)', async () => {
    writeFileSync(join(exported.dir, '.env'), 'DECISION_MODEL_API_KEY=secret\n');
    await refused('restore_result', { archive: '.env', call_id: 'c1' }, /not named by its SHA-256/);
    await refused('search_archive', { archive: 'snapshot.json', query: 'x' }, /not named by its SHA-256/);
    await refused('list_omissions', { audit: '.env' }, /not an audit record/);
  });

  it('§9 a file named like an archive is hash-checked before it is read, and no refusal quotes it', async () => {
    const secret = 'API_KEY=sk-never-shown-0123456789\n';
    writeFileSync(join(exported.dir, 'keys.env'), secret);
    // A hard link under an archive's name: its bytes do not hash to the name, so it is never parsed.
    linkSync(join(exported.dir, 'keys.env'), join(exported.dir, 'linked.0123456789abcdef.json'));
    // Named by its own hash: it is read, does not parse as a history, and the refusal says so unquoted.
    const own = createHash('sha256').update(secret).digest('hex').slice(0, 16);
    writeFileSync(join(exported.dir, `keys.${own}.env`), secret);
    for (const archive of ['linked.0123456789abcdef.json', `keys.${own}.env`]) {
      const restore = await refused('restore_result', { archive, call_id: 'c1' }, /is not read/);
      const search = await refused('search_archive', { archive, query: 'API' }, /is not read/);
      for (const sentence of [restore, search]) expect(sentence).not.toMatch(/API|sk-|never-shown/);
    }
    await refused(
      'restore_result',
      { archive: 'linked.0123456789abcdef.json', call_id: 'c1' },
      /does not match the SHA-256 in its name/,
    );
  });

  it('§9 an unknown call id is refused', async () => {
    await refused(
      'restore_result',
      { archive: exported.archive, call_id: 'c99' },
      /holds no result of tool call "c99"/,
    );
  });

  it('§9 limits out of range are refused, never clamped', async () => {
    const archive = exported.archive;
    await refused('restore_result', { archive, call_id: 'c1', max_chars: 0 }, /max_chars must be from 1 to 200000/);
    await refused(
      'restore_result',
      { archive, call_id: 'c1', max_chars: 200_001 },
      /max_chars must be from 1 to 200000/,
    );
    await refused('restore_result', { archive, call_id: 'c1', offset: -1 }, /offset must be 0 or more/);
    await refused('restore_result', { archive, call_id: 'c1', offset: 1.5 }, /offset must be a whole number/);
    await refused('restore_result', { archive, call_id: 'c2', offset: 10_000 }, /past the end/);
    await refused('search_archive', { archive, query: 'x', max_matches: 501 }, /max_matches must be from 1 to 500/);
    await refused('search_archive', { archive, query: '(', regex: true }, /not a valid regular expression/);
    await refused('restore_result', { archive, call_id: 'c1', extra: 1 }, /takes no argument "extra"/);
    await refused('restore_result', { archive }, /call_id is required/);
    await refused('compact_context', { goal: ' ', messages: [] }, /goal/);
  });

  it('§9 a 10 MB query is refused in one sentence', async () => {
    await refused('search_archive', { archive: exported.archive, query: 'q'.repeat(10 * 1024 * 1024) }, /at most 1000/);
  });

  it('§9 a missing archive is refused, and after every refusal the server still answers', async () => {
    await refused(
      'restore_result',
      { archive: 'missing.0123456789abcdef.json', call_id: 'c1' },
      /is not in the archive folder/,
    );
    const result = await call('restore_result', { archive: exported.archive, call_id: 'c2' });
    expect(result.structuredContent).toMatchObject({ text: GREP });
  });
});
