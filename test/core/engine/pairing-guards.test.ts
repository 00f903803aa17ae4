/** R1–R5: pairing, the guards in their documented order, protection and stats counting. */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import type { GuardCode } from '../../../core/engine/schema.js';
import { GUARD_CODES, PROTECTING_GUARDS } from '../../../core/engine/schema.js';
import { constant, history, msg, ok, request, tcall, tres, txt } from './helpers.js';

const policy = {
  eligibleToolNames: ['read_file'],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 0,
};

describe('R1 pairing', () => {
  it('R1 pairs a call with its result in the same message and in a later message', () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('a'), tres('a')]),
      msg('m2', 'assistant', [tcall('b')]),
      msg('m3', 'user', [tres('b')]),
    ];
    const analysis = analyze(messages, policy);
    expect(analysis.pairs.map((p) => [p.pairId, p.callId, p.guard])).toEqual([
      ['p1', 'a', null],
      ['p2', 'b', null],
    ]);
    expect(analysis.pairs[1].call).toEqual({ message: 2, block: 0 });
    expect(analysis.pairs[1].result).toEqual({ message: 3, block: 0 });
  });
});

describe('R2 ineligible ids', () => {
  const messages = [
    msg('m0', 'user', [txt('go')]),
    msg('m1', 'assistant', [tcall('dup'), tres('dup'), tcall('dup'), tres('dup'), tres('dup')]),
    msg('m2', 'assistant', [tcall('lonely'), tres('orphan'), tres('rev')]),
    msg('m3', 'assistant', [
      tcall('rev'),
      { type: 'tool_call', name: 'read_file', input: '{}', state: 'finished' },
      { type: 'tool_result', id: 7, name: 'read_file', output: 'x', state: 'success' },
    ]),
    msg('m4', 'assistant', [tcall('fine'), tres('fine')]),
  ];

  it('R2 duplicate_id, missing_pair and reversed_pair are found, each id once', () => {
    const analysis = analyze(messages, policy);
    expect(analysis.unpaired.map((u) => [u.id, u.problem, u.blocks.length])).toEqual([
      ['dup', 'duplicate_id', 5],
      ['lonely', 'missing_pair', 1],
      ['orphan', 'missing_pair', 1],
      ['rev', 'reversed_pair', 2],
      [null, 'missing_pair', 1],
      [null, 'missing_pair', 1],
    ]);
    expect(analysis.pairs.map((p) => p.callId)).toEqual(['fine']);
  });

  it('R2 ineligible ids are kept, have no decision and count once per id in stats.ineligible', async () => {
    const answer = await ok(request(messages), constant(0, 0));
    expect(answer.decisions.map((d) => d.call_id)).toEqual(['fine']);
    expect(answer.stats.ineligible).toBe(6);
    const kept = answer.messages.flatMap((m) => (m.content as Array<{ id?: unknown }>).map((b) => b.id));
    for (const id of ['dup', 'lonely', 'orphan', 'rev', 7]) expect(kept).toContain(id);
    expect(kept).not.toContain('fine');
  });
});

describe('R3 guards, in order', () => {
  const cases: Array<[string, ReturnType<typeof tcall>, ReturnType<typeof tres>, Record<string, unknown>]> = [
    // §9: before the live context the agent resumes from, whatever else holds (an unfinished call here).
    [
      'outside_live_context',
      tcall('g', 'read_file', '{}', 'asking'),
      tres('g', 'x', 'read_file', 'error'),
      { live_from_message_id: 'm2' },
    ],
    ['call_unfinished', tcall('g', 'read_file', '{}', 'asking'), tres('g', 'x', 'read_file', 'error'), {}],
    ['result_not_success', tcall('g'), tres('g', 'x', 'read_file', 'interrupted'), {}],
    ['name_mismatch', tcall('g', 'read_file', 'not json'), tres('g', 'x', 'grep'), {}],
    [
      'invalid_input_json',
      tcall('g', 'read_file', '{"path":'),
      tres('g', [{ type: 'data', source: { type: 'url', url: 'u' } }]),
      {},
    ],
    [
      'non_text_output',
      tcall('g', 'shell'),
      tres(
        'g',
        [
          { type: 'text', text: 'a' },
          { type: 'data', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } },
        ],
        'shell',
      ),
      {},
    ],
    ['tool_not_eligible', tcall('g', 'shell'), tres('g', 'x', 'shell'), { protected_call_ids: ['g'] }],
    [
      'shell_command_not_read_only',
      tcall('g', 'Bash', '{"command":"rm -rf build"}'),
      tres('g', 'x', 'Bash'),
      { eligible_tool_names: ['read_file', 'Bash'], protected_call_ids: ['g'] },
    ],
    ['protected_call_id', tcall('g'), tres('g'), { protected_call_ids: ['g'], protected_message_ids: ['m1'] }],
    ['protected_message', tcall('g'), tres('g'), { protected_message_ids: ['m1'] }],
  ];

  it('R3 covers every guard code', () => {
    expect(cases.map((c) => c[0]).sort()).toEqual([...GUARD_CODES].sort());
  });

  it.each(cases)('R3 %s is the first failing guard and keeps the pair unasked', async (code, call, result, extra) => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [call, result]),
      msg('m2', 'assistant', [tcall('other'), tres('other')]),
    ];
    const model = constant(0, 0);
    const answer = await ok(request(messages, extra), model);
    const decision = answer.decisions.find((d) => d.call_id === 'g');
    expect(decision).toMatchObject({ action: 'keep', reason: code, keep_call: null, keep_result: null });
    expect(JSON.stringify(answer.messages[1])).toBe(JSON.stringify(messages[1]));
    expect(model.batches.flatMap((b) => b.questions.map((q) => q.callId))).toEqual(['other', 'other']);
    const protecting = PROTECTING_GUARDS.has(code as GuardCode);
    expect([answer.stats.protected, answer.stats.ineligible]).toEqual(protecting ? [1, 0] : [0, 1]);
  });

  it('R3 a list of text blocks is a text output; a missing or non-string input is invalid_input_json', async () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [
        tcall('t'),
        tres('t', [txt('a'), txt('b')]),
        { ...tcall('u'), input: { path: 'a' } },
        tres('u'),
      ]),
    ];
    const answer = await ok(request(messages), constant(0, 0));
    expect(answer.decisions.map((d) => d.reason)).toEqual(['not_needed', 'invalid_input_json']);
  });
});

describe('R4 protected messages', () => {
  it('R4 protects the first message, the last preserve_recent_messages messages and listed ids', () => {
    const analysis = analyze(history(6), { ...policy, preserveRecentMessages: 2, protectedMessageIds: ['m3'] });
    expect(analysis.protectedMessages).toEqual([true, false, false, true, false, false, true, true]);
    expect(analysis.pairs.map((p) => p.guard)).toEqual([
      null,
      null,
      'protected_message',
      null,
      null,
      'protected_message',
    ]);
  });

  it('R4 protecting either endpoint protects the pair (call side and result side)', () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('a')]),
      msg('m2', 'user', [tres('a')]),
      msg('m3', 'assistant', [tcall('b')]),
      msg('m4', 'user', [tres('b')]),
      msg('m5', 'user', [txt('end')]),
    ];
    const guards = (ids: string[]) =>
      analyze(messages, { ...policy, protectedMessageIds: ids }).pairs.map((p) => p.guard);
    expect(guards(['m1', 'm4'])).toEqual(['protected_message', 'protected_message']);
    expect(guards([])).toEqual([null, null]);
  });

  it('R4 counts recent messages as messages, not turns, and a call in the first message is protected', () => {
    const messages = [msg('m0', 'assistant', [tcall('first'), tres('first')]), ...history(3).slice(1)];
    const analysis = analyze(messages, { ...policy, preserveRecentMessages: 1 });
    expect(analysis.pairs.map((p) => [p.callId, p.guard])).toEqual([
      ['first', 'protected_message'],
      ['c1', null],
      ['c2', null],
      ['c3', null],
    ]);
  });
});

describe('R5 empty allowlist', () => {
  it('R5 with no eligible tool names nothing is a candidate and the reason is no_candidates', async () => {
    const model = constant(1, 1);
    const answer = await ok({ messages: history(3), goal: 'read_file everything' }, model);
    expect(answer.reason).toBe('no_candidates');
    expect(answer.changed).toBe(false);
    expect(answer.decisions.every((d) => d.reason === 'tool_not_eligible')).toBe(true);
    expect(model.batches).toHaveLength(0);
    expect([answer.stats.observation_tokens, answer.stats.fitting_stage, answer.stats.requests]).toEqual([0, 0, 0]);
  });
});
