/**
 * core/inspect/guardCounts.ts: the calls kept without asking the model, counted by the reason
 * the decisions record (R3's first failing guard), R4's protected_message split into the recent
 * window and the rest, R2's unpaired ids last; together they are §6's protected + ineligible.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../../core/engine/guards.js';
import { analyze } from '../../../core/engine/guards.js';
import { policy } from './policy.js';
import type { Message } from '../../../core/engine/schema.js';
import { keptByReason } from '../../../core/inspect/guardCounts.js';

const pairMessage = (id: string, name: string, state = 'success'): Message => ({
  id,
  role: 'assistant',
  content: [
    { type: 'tool_call', id: `c${id}`, name, input: '{}', state: 'finished' },
    { type: 'tool_result', id: `c${id}`, name, output: 'out', state },
  ],
});

const history: Message[] = [
  pairMessage('0', 'read'), // the first message (R4)
  pairMessage('1', 'read'),
  pairMessage('2', 'grep'),
  pairMessage('3', 'read'),
  pairMessage('4', 'read', 'error'),
  { id: 'u5', role: 'user', content: [{ type: 'tool_result', id: 'orphan', name: 'read', output: 'x' }] },
  pairMessage('6', 'read'),
  pairMessage('7', 'grep'),
];

const counts = (p: Policy) => {
  const analysis = analyze(history, p);
  return { analysis, kept: keptByReason(analysis, p.preserveRecentMessages) };
};

describe('calls kept by a guard', () => {
  it('R3 R5 an unticked tool counts as tool_not_eligible, never as a protection, even in the recent window', () => {
    const { kept } = counts(policy());
    expect(kept.map(({ reason, count }) => [reason, count])).toEqual([
      ['result_not_success', 1],
      // c2, and c7 in the recent window: R3 checks the tool before the protections.
      ['tool_not_eligible', 2],
      ['protected_message', 1],
      ['recent_window', 1],
      ['unpaired', 1],
    ]);
  });

  it('R3 R4 a listed call and a listed message count by their own reason; the recent window apart', () => {
    const { kept } = counts(policy({ protectedCallIds: ['c1'], protectedMessageIds: ['3'] }));
    expect(Object.fromEntries(kept.map(({ reason, count }) => [reason, count]))).toEqual({
      result_not_success: 1,
      tool_not_eligible: 2,
      protected_call_id: 1,
      // The first message and the listed one; c6 sits in the window.
      protected_message: 2,
      recent_window: 1,
      unpaired: 1,
    });
  });

  it('SPEC §6 the protecting reasons sum to stats.protected, the others to stats.ineligible', () => {
    for (const p of [
      policy(),
      policy({ eligibleToolNames: [] }),
      policy({ eligibleToolNames: ['read', 'grep'], preserveRecentMessages: 0 }),
      policy({ protectedCallIds: ['c1', 'c3'], preserveRecentMessages: 5 }),
    ]) {
      const { analysis, kept } = counts(p);
      const sum = (protecting: boolean) =>
        kept.filter((k) => k.protecting === protecting).reduce((n, k) => n + k.count, 0);
      expect(sum(true)).toBe(analysis.counts.protected);
      expect(sum(false)).toBe(analysis.counts.ineligible);
      expect(kept.every((k) => k.count > 0)).toBe(true);
    }
  });
});
