/**
 * core/engine/editPlan.ts: the one statement of which blocks an action edits (R13–R14), which
 * rebuild applies and the inspector's size model measures.
 */
import { describe, expect, it } from 'vitest';
import { editPlan } from '../../../core/engine/editPlan.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { msg, tcall, tres, txt } from './helpers.js';

const messages = [
  msg('m0', 'user', [txt('go')]),
  msg('m1', 'assistant', [tcall('a'), tcall('b'), tcall('c')]),
  msg('m2', 'user', [tres('a'), tres('b'), tres('c')]),
];
const { pairs } = analyze(messages, {
  eligibleToolNames: ['read_file'],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 0,
});

describe('R13 R14 edit plan', () => {
  it('R14 drop_call removes the call and its result; R13 drop_result replaces only the result; keep edits nothing', () => {
    const actions = new Map<string, Action>([
      [pairs[0].pairId, 'drop_call'],
      [pairs[1].pairId, 'drop_result'],
      [pairs[2].pairId, 'keep'],
    ]);
    const plan = editPlan(pairs, actions, (pair) => `short ${pair.callId}`);
    expect([...plan.keys()]).toEqual([1, 2]);
    expect([...plan.get(1)!]).toEqual([[0, null]]);
    expect([...plan.get(2)!]).toEqual([
      [0, null],
      [1, 'short b'],
    ]);
  });

  it('R13 a drop_result whose truncation would not shorten the result edits nothing', () => {
    const actions = new Map<string, Action>(pairs.map((p) => [p.pairId, 'drop_result']));
    expect(editPlan(pairs, actions, () => null).size).toBe(0);
  });
});
