/**
 * SPEC §9 "Sources" through the built command line: `messages=@FILE` in a native format,
 * `metadata.source`, `--format`, `--conversation`, `--out` (never the input, however spelled),
 * the no-tool-calls error, the name-mismatch warning, the `@` hint and the `formats` command.
 */
import { linkSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../../core/engine/schema.js';
import { FORMAT_IDS, openSource } from '../../../core/formats/index.js';
import { withPositionalIds } from '../../core/formats/support.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import type { CliResult } from './support.js';
import { runCli, tempDir, withoutRestoreNote } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const line = (record: unknown) => JSON.stringify(record);
const envelopeKeys = { sessionId: 's1', cwd: '/w', version: '2.0.76', isSidechain: false, userType: 'external' };
/** A small Claude Code session: a prompt, one reply over two lines, its result, a snapshot line and a reply. */
const SESSION =
  [
    line({
      type: 'file-history-snapshot',
      messageId: 'u1',
      snapshot: { trackedFileBackups: {} },
      isSnapshotUpdate: false,
    }),
    line({
      ...envelopeKeys,
      parentUuid: null,
      type: 'user',
      message: { role: 'user', content: 'read the log' },
      uuid: 'u1',
    }),
    line({
      ...envelopeKeys,
      parentUuid: 'u1',
      type: 'assistant',
      uuid: 'a1',
      message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'Reading it.' }] },
    }),
    line({
      ...envelopeKeys,
      parentUuid: 'a1',
      type: 'assistant',
      uuid: 'a2',
      message: {
        id: 'msg_1',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/w/log.txt' } }],
      },
    }),
    line({
      ...envelopeKeys,
      parentUuid: 'a2',
      type: 'user',
      uuid: 'u2',
      toolUseResult: { stdout: 'x'.repeat(4000) },
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x'.repeat(4000) }] },
    }),
    line({
      ...envelopeKeys,
      parentUuid: 'u2',
      type: 'assistant',
      uuid: 'a3',
      message: { id: 'msg_2', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    }),
    line({ ...envelopeKeys, parentUuid: 'a3', type: 'user', uuid: 'u3', message: { role: 'user', content: 'thanks' } }),
  ].join('\n') + '\n';

function scripted(script: unknown): Record<string, string> {
  tmp.write('script.json', JSON.stringify(script));
  return { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' };
}

function envelope(result: CliResult) {
  expect(result.code).toBe(0);
  const parsed = JSON.parse(result.stdout);
  ResponseSchema.parse(parsed);
  return parsed as { success: true; answer: { messages: unknown[]; reason: string }; metadata: { source: unknown } };
}

function expectBadInput(result: CliResult, mentions: string | RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(mentions);
}

const compact = (extra: string[], env?: Record<string, string>) =>
  runCli(
    [
      'compact_context',
      'goal=finish',
      'eligible_tool_names=["Read"]',
      'options={"preserve_recent_messages":1}',
      ...extra,
    ],
    {
      cwd: tmp.dir,
      env,
    },
  );

describe('messages=@FILE in a native format', () => {
  it('§9 a Claude Code session is detected; metadata.source names it; --out writes the session back', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    const result = await compact(
      ['messages=@session.jsonl', '--out', 'out.jsonl'],
      scripted({ default: { call: 0.9, result: 0 } }),
    );
    const response = envelope(result);
    expect(withoutRestoreNote(result.stderr)).toBe('');
    expect(response.metadata.source).toEqual({ format: 'claude-code', conversation: 'main', conversations: 1 });
    expect(response.answer.reason).toBe('compacted');
    const written = readFileSync(join(tmp.dir, 'out.jsonl'), 'utf8');
    expect(readFileSync(join(tmp.dir, 'session.jsonl'), 'utf8')).toBe(SESSION);
    const reread = openSource(written);
    expect(reread.format).toBe('claude-code');
    expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(response.answer.messages as never));
    const lines = written.trimEnd().split('\n');
    // Untouched lines are written back byte for byte; the raw toolUseResult copy stays.
    expect(lines[0]).toBe(SESSION.split('\n')[0]);
    expect(JSON.parse(lines[4]).toolUseResult.stdout).toHaveLength(4000);
    expect(JSON.parse(lines[4]).message.content[0].content).toContain('omitted');
  });

  it('§9 --out is written also when nothing changed, JSON-equal to the input', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    const result = await runCli(['compact_context', 'goal=finish', 'messages=@session.jsonl', '--out=same.jsonl'], {
      cwd: tmp.dir,
    });
    expect(envelope(result).answer.reason).toBe('no_candidates');
    expect(readFileSync(join(tmp.dir, 'same.jsonl'), 'utf8')).toBe(SESSION);
  });

  it('§9 --out is never the input file, however the path is spelled (exit 2, input untouched)', async () => {
    tmp = tempDir();
    const input = tmp.write('session.jsonl', SESSION);
    symlinkSync(input, join(tmp.dir, 'link.jsonl'));
    linkSync(input, join(tmp.dir, 'hard.jsonl'));
    for (const out of [
      'session.jsonl',
      './session.jsonl',
      `${tmp.dir}/./session.jsonl`,
      'link.jsonl',
      'hard.jsonl',
      '../' + tmp.dir.split('/').pop() + '/session.jsonl',
    ]) {
      expectBadInput(await compact(['messages=@session.jsonl', '--out', out]), /--out: .* is the input file/);
      expect(readFileSync(input, 'utf8')).toBe(SESSION);
    }
  });

  it('§9 a tool-call-shaped file read as the wrong format is an error naming the guess, never a silent 0', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    expectBadInput(
      await compact(['messages=@session.jsonl', '--format', 'agentscope']),
      /messages: read as agentscope .*found no tool calls.*tool-call-shaped.*pass --format ID/,
    );
  });

  it('§9 --format names an unknown id: exit 2 listing the ids', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    expectBadInput(
      await compact(['messages=@session.jsonl', '--format', 'claude']),
      /unknown format "claude" \(formats: agentscope, /,
    );
  });

  it('§9 an eligible name that matches no call warns on stderr with the closest names', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    const result = await runCli(
      ['compact_context', 'goal=finish', 'messages=@session.jsonl', 'eligible_tool_names=["read","Bash"]'],
      { cwd: tmp.dir },
    );
    envelope(result);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'warning: eligible tool "read" matches no tool call in the history (closest: "Read"); names are matched exactly',
      'warning: eligible tool "Bash" matches no tool call in the history (no similar name); names are matched exactly',
    ]);
  });

  it('§9 messages=path without @ gets a hint to add @', async () => {
    tmp = tempDir();
    tmp.write('session.jsonl', SESSION);
    expectBadInput(
      await compact(['messages=./session.jsonl']),
      /not JSON: .*; to read the file, write messages=@\.\/session\.jsonl$/,
    );
  });

  it('§9 an unknown option is a usage error naming it and the options', async () => {
    tmp = tempDir();
    expectBadInput(
      await compact(['messages=[]', '--conversations', 'x']),
      /unknown option "--conversations" \(options: --format, --conversation, --out, --reviewer, --force, --sign-key, --restore-server, --resumable, --policy\)/,
    );
  });
});

const formats = sharedPath('formats');
describe.skipIf(!formats)('files with several conversations', () => {
  if (!formats) it.skip(sharedSkipReason('formats'), () => {});
  const taubench = join(formats ?? '', 'openai-chat-completions/taubench-gpt-4o-airline-first4.json');

  it('§9 without --conversation: an error listing the keys; with it: that conversation, written back in place', async () => {
    tmp = tempDir();
    expectBadInput(
      await compact([`messages=@${taubench}`]),
      /holds 4 conversations; choose one \(keys: 0 \(task 0, trial 0, reward 0\), 1 .*\); pass --conversation KEY$/,
    );
    expectBadInput(await compact([`messages=@${taubench}`, '--conversation', '9']), /no conversation "9"/);
    const result = await runCli(
      [
        'compact_context',
        'goal=finish',
        `messages=@${taubench}`,
        'eligible_tool_names=["search_direct_flight","get_reservation_details"]',
        '--conversation',
        '3',
        '--out',
        'out.json',
      ],
      { cwd: tmp.dir },
    );
    const response = envelope(result);
    expect(response.metadata.source).toEqual({ format: 'openai-chat', conversation: '3', conversations: 4 });
    const written = JSON.parse(readFileSync(join(tmp.dir, 'out.json'), 'utf8'));
    const original = JSON.parse(readFileSync(taubench, 'utf8'));
    // The other conversations and every field around the messages are as they were.
    expect(written.slice(0, 3)).toEqual(original.slice(0, 3));
    expect({ ...written[3], traj: null }).toEqual({ ...original[3], traj: null });
    const reread = openSource(readFileSync(join(tmp.dir, 'out.json'), 'utf8'), { conversation: '3' });
    expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(response.answer.messages as never));
  });

  it('§9 a .jsonl file read in chunks answers, exports and fails exactly as the same bytes read whole', async () => {
    tmp = tempDir();
    // The same archive name both ways: R13's markers name it, and the two files are named apart.
    const run = (name: string, extra: string[] = []) =>
      compact(
        [`messages=@${name}`, 'archive_ref=session.archive', ...extra],
        scripted({ default: { call: 0.9, result: 0 } }),
      );
    const withoutTimes = (stdout: string) => stdout.replace(/"elapsed_ms":\d+/g, '"elapsed_ms":0');
    const variants = {
      lf: SESSION,
      crlfBom: `\ufeff${SESSION.replaceAll('\n', '\r\n').replace(/\r\n$/, '')}\n\n`,
    };
    for (const [label, text] of Object.entries(variants)) {
      tmp.write(`${label}.jsonl`, text);
      tmp.write(`${label}.txt`, text);
      const streamed = await run(`${label}.jsonl`, ['--out', `${label}-streamed.jsonl`]);
      const whole = await run(`${label}.txt`, ['--out', `${label}-whole.jsonl`]);
      expect(withoutTimes(streamed.stdout)).toBe(withoutTimes(whole.stdout));
      expect(envelope(streamed).answer.reason).toBe('compacted');
      expect(readFileSync(join(tmp.dir, `${label}-streamed.jsonl`))).toEqual(
        readFileSync(join(tmp.dir, `${label}-whole.jsonl`)),
      );
    }
    const broken = {
      badLine: `${SESSION}{"type":\n`,
      notUtf8: Buffer.concat([Buffer.from(SESSION), Buffer.from([0xff, 0x0a])]),
      oneRecord: `${SESSION.split('\n')[1]}\n`,
    };
    for (const [label, bytes] of Object.entries(broken)) {
      for (const name of [`${label}.jsonl`, `${label}.txt`]) writeFileSync(join(tmp.dir, name), bytes);
      const [streamed, whole] = [await run(`${label}.jsonl`), await run(`${label}.txt`)];
      expect(streamed.code).toBe(whole.code);
      expect(streamed.stderr.replaceAll('.jsonl', '.txt')).toBe(whole.stderr);
    }
  });
});

it('§9 formats lists every format id with what it reads and its file patterns', async () => {
  tmp = tempDir();
  const result = await runCli(['formats'], { cwd: tmp.dir });
  expect(result.code).toBe(0);
  for (const id of FORMAT_IDS.filter((id) =>
    ['agentscope', 'claude-code', 'claude-stream-json', 'openai-chat'].includes(id),
  ))
    expect(result.stdout).toMatch(new RegExp(`^${id} +\\S`, 'm'));
  const json = await runCli(['formats', '--json'], { cwd: tmp.dir });
  const list = JSON.parse(json.stdout) as Array<{ id: string; reads: string; patterns: string[] }>;
  expect(list.every((f) => f.reads.length > 0 && f.patterns.length > 0)).toBe(true);
});
