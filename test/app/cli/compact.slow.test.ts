/**
 * SPEC §8 through the built command line: the source's example, every exit code, `@file`
 * and `@@`, and the four containers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../../core/engine/schema.js';
import type { CliResult } from './support.js';
import { exampleArgs, runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

function scripted(script: unknown): Record<string, string> {
  tmp.write('script.json', JSON.stringify(script));
  return { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' };
}

function envelope(result: CliResult) {
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trimEnd().includes('\n')).toBe(false);
  return ResponseSchema.parse(JSON.parse(result.stdout));
}

function expectBadInput(result: CliResult, mentions: string): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const LONG_OUTPUT = 'x'.repeat(1000);
const longHistory = [
  { id: 'm0', role: 'user', content: [{ type: 'text', text: 'start' }] },
  {
    id: 'm1',
    role: 'assistant',
    content: [
      { type: 'tool_call', id: 'c1', name: 'read_file', input: '{"path":"a"}', state: 'finished' },
      { type: 'tool_result', id: 'c1', name: 'read_file', output: LONG_OUTPUT, state: 'success' },
    ],
  },
  { id: 'm2', role: 'user', content: [{ type: 'text', text: 'go on' }] },
];

describe('compact_context', () => {
  it('§8 the source example with the scripted backend prints the §6 envelope and exits 0', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: scripted({ answers: { c1: { call: 0.1, result: 0.2 } } }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const response = envelope(result);
    if (!response.success) throw new Error('expected success');
    expect(response.answer.messages.map((m) => m.id)).toEqual(['m0', 'm2']);
    expect(response.answer.changed).toBe(true);
    expect(response.answer.reason).toBe('compacted');
    expect(response.answer.decisions).toHaveLength(1);
    expect(response.answer.decisions[0]).toMatchObject({
      pair_id: 'p1',
      call_id: 'c1',
      tool_name: 'search_code',
      action: 'drop_call',
      reason: 'not_needed',
      keep_call: 0.1,
      keep_result: 0.2,
    });
    expect(response.answer.stats).toMatchObject({
      messages_before: 3,
      messages_after: 2,
      candidates: 1,
      protected: 0,
      ineligible: 0,
      requests: 1,
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
    expect(response.metadata.compaction).toEqual(response.answer.stats);
  });

  it('§7 the offline backend is the default and runs the example with no key', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], { cwd: tmp.dir });
    expect(result.code).toBe(0);
    const response = envelope(result);
    if (!response.success) throw new Error('expected success');
    expect(response.answer.decisions).toHaveLength(1);
    expect(typeof response.answer.decisions[0].keep_call).toBe('number');
    expect(response.answer.stats.prompt_version).toMatch(/^offline/);
  });

  it('§8 a missing scripted answer (R11) prints the failure envelope and exits 1', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: scripted({ answers: {} }),
    });
    expect(result.code).toBe(1);
    const response = envelope(result);
    expect(response.success).toBe(false);
    if (response.success) return;
    expect(response.answer.error.code).toBe('invalid_answer');
    expect(response.answer).not.toHaveProperty('messages');
  });

  it('§8 a budget failure (R7 observation_too_large) exits 1 with the envelope', async () => {
    tmp = tempDir();
    const result = await runCli(
      ['compact_context', ...exampleArgs({ options: '{"preserve_recent_messages":1,"max_state_tokens":1}' })],
      { cwd: tmp.dir },
    );
    expect(result.code).toBe(1);
    const response = envelope(result);
    expect(response.success ? null : response.answer.error.code).toBe('observation_too_large');
  });

  const badInputs: Array<[string, string[], string]> = [
    ['an unknown key', [...exampleArgs(), 'colour=red'], 'colour'],
    ['a key given twice', [...exampleArgs(), 'goal=again'], 'goal'],
    ['a blank goal', exampleArgs({ goal: '   ' }), 'goal'],
    ['a missing goal', exampleArgs().filter((a) => !a.startsWith('goal=')), 'goal'],
    ['missing messages', exampleArgs().filter((a) => !a.startsWith('messages=')), 'messages'],
    ['malformed messages JSON', exampleArgs({ messages: '[{"id": }]' }), 'messages: not JSON'],
    ['messages that are not a history', exampleArgs({ messages: '{"a":1}' }), 'messages'],
    [
      'malformed eligible_tool_names JSON',
      exampleArgs({ eligible_tool_names: '[search_code]' }),
      'eligible_tool_names: not JSON',
    ],
    ['a wrongly typed tools value', exampleArgs({ tools: '[{"description":"x"}]' }), 'tools'],
    ['an out-of-range option', exampleArgs({ options: '{"keep_threshold":1.5}' }), 'options.keep_threshold'],
    [
      'a non-integer int option',
      exampleArgs({ options: '{"preserve_recent_messages":1.5}' }),
      'options.preserve_recent_messages',
    ],
    ['an unknown option key', exampleArgs({ options: '{"preserve_recent":1}' }), 'preserve_recent'],
    ['an argument without =', [...exampleArgs(), '--verbose'], '--verbose'],
    [
      'an unreadable @file',
      exampleArgs({ messages: '@does-not-exist.json' }),
      'messages: cannot read does-not-exist.json',
    ],
  ];
  for (const [what, args, mentions] of badInputs) {
    it(`§8 ${what} is bad input: exit 2, one stderr line, empty stdout`, async () => {
      tmp = tempDir();
      expectBadInput(await runCli(['compact_context', ...args], { cwd: tmp.dir }), mentions);
    });
  }

  it('§8 an unreadable DECISION_MODEL_SCRIPT is bad input (exit 2)', async () => {
    tmp = tempDir();
    const result = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'missing.json' },
    });
    expectBadInput(result, 'DECISION_MODEL_SCRIPT');
  });

  it('§8 a malformed DECISION_MODEL_SCRIPT is bad input (exit 2)', async () => {
    tmp = tempDir();
    expectBadInput(
      await runCli(['compact_context', ...exampleArgs()], {
        cwd: tmp.dir,
        env: scripted({ answers: { c1: { call: 'high' } } }),
      }),
      'DECISION_MODEL_SCRIPT',
    );
    tmp.write('script.json', '{"answers": ');
    expectBadInput(
      await runCli(['compact_context', ...exampleArgs()], {
        cwd: tmp.dir,
        env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' },
      }),
      'DECISION_MODEL_SCRIPT',
    );
  });

  it('§8 every value can come from @file; @@ is a literal leading @ (R13 marker names archive_ref)', async () => {
    tmp = tempDir();
    tmp.write('goal.txt', 'Fix payment retries');
    tmp.write('history.json', JSON.stringify(longHistory));
    tmp.write('names.json', '["read_file"]');
    tmp.write('options.json', '{"preserve_recent_messages":1,"truncate_head_chars":10}');
    const args = [
      'goal=@goal.txt',
      'messages=@history.json',
      'eligible_tool_names=@names.json',
      'options=@options.json',
      'archive_ref=@@archive/run-7',
      'protected_call_ids=[]',
    ];
    const result = await runCli(['compact_context', ...args], {
      cwd: tmp.dir,
      env: scripted({ answers: { c1: { call: 0.9, result: 0.1 } } }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const response = envelope(result);
    if (!response.success) throw new Error('expected success');
    expect(response.answer.decisions[0].action).toBe('drop_result');
    const output = (response.answer.messages[1].content as Array<{ output?: unknown }>)[1].output as string;
    expect(output.startsWith('xxxxxxxxxx')).toBe(true);
    expect(output).toContain('@archive/run-7');
    expect(output).toContain('c1');
  });

  it('§8 archive_ref is taken verbatim (not parsed as JSON) and @@ reaches goal as a literal', async () => {
    tmp = tempDir();
    tmp.write('history.json', JSON.stringify(longHistory));
    const args = [
      'goal=@@ mention: read_file',
      'messages=@history.json',
      'eligible_tool_names=["read_file"]',
      'options={"preserve_recent_messages":1}',
      'archive_ref=["not json"]',
    ];
    const result = await runCli(['compact_context', ...args], {
      cwd: tmp.dir,
      env: scripted({ default: { call: 0.9, result: 0 } }),
    });
    expect(result.code).toBe(0);
    const response = envelope(result);
    if (!response.success) throw new Error('expected success');
    expect(JSON.stringify(response.answer.messages)).toContain('[\\"not json\\"]');
  });

  it('§8 a @file that is not UTF-8 is bad input; a UTF-8 byte-order mark is accepted', async () => {
    tmp = tempDir();
    writeFileSync(join(tmp.dir, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expectBadInput(
      await runCli(['compact_context', ...exampleArgs({ goal: '@latin1.txt' })], { cwd: tmp.dir }),
      'goal: latin1.txt is not valid UTF-8',
    );
    tmp.write('bom.json', '\uFEFF["search_code"]');
    const result = await runCli(['compact_context', ...exampleArgs({ eligible_tool_names: '@bom.json' })], {
      cwd: tmp.dir,
    });
    expect(result.code).toBe(0);
  });

  describe('§1 messages=@file accepts every container and answers with the message array', () => {
    const containers: Record<string, string> = {
      'a bare array': JSON.stringify(longHistory, null, 2),
      'JSON Lines': longHistory.map((m) => JSON.stringify(m)).join('\n') + '\n',
      'an agent state {context}': JSON.stringify({ context: longHistory, summary: 'earlier work' }),
      'a nested state {state:{context}}': JSON.stringify({
        state: { context: longHistory, name: 'agent' },
        version: 2,
      }),
    };
    for (const [kind, text] of Object.entries(containers)) {
      it(`§1 ${kind}`, async () => {
        tmp = tempDir();
        tmp.write('history', text);
        const args = [
          'goal=finish',
          'messages=@history',
          'eligible_tool_names=["read_file"]',
          'options={"preserve_recent_messages":1}',
        ];
        const result = await runCli(['compact_context', ...args], {
          cwd: tmp.dir,
          env: scripted({ default: { call: 0, result: 0 } }),
        });
        expect(result.code).toBe(0);
        const response = envelope(result);
        if (!response.success) throw new Error('expected success');
        expect(response.answer.messages).toEqual([longHistory[0], longHistory[2]]);
      });
    }
  });
});
