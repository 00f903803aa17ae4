/**
 * core/inspect/breakdown.ts: where a history's characters are — candidates (R3), the recent
 * window (R4), the other guards by reason, and text — summing to SPEC §6's compact JSON
 * length, and the option that reaches them when a protected region holds most.
 */
import { NO_SHELL_PATTERNS } from '../../../core/engine/shellReadOnly.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHistory } from '../../../core/engine/containers.js';
import { analyze } from '../../../core/engine/guards.js';
import { policy } from './policy.js';
import type { Message } from '../../../core/engine/schema.js';
import { charBreakdown } from '../../../core/inspect/breakdown.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const corpus = sharedPath('corpus');

const pairMessage = (id: string, name: string, output: string): Message => ({
  id,
  role: 'assistant',
  content: [
    { type: 'tool_call', id: `c${id}`, name, input: '{}', state: 'finished' },
    { type: 'tool_result', id: `c${id}`, name, output, state: 'success' },
  ],
});

const history: Message[] = [
  { id: 'u0', role: 'user', content: 'start' },
  pairMessage('1', 'read', 'a'.repeat(1000)),
  pairMessage('2', 'grep', 'b'.repeat(500)),
  pairMessage('3', 'read', 'quote "q"'),
  { id: 'u4', role: 'user', content: 'more' },
  pairMessage('5', 'read', 'c'.repeat(8000)),
];

describe('where the characters are', () => {
  it('SPEC §6 the regions sum to the compact JSON length; R3 R4 each output counts once, by its guard', () => {
    const b = charBreakdown(history, analyze(history, policy()), 2, ['read']);
    expect(b.total).toBe(JSON.stringify(history).length);
    const guarded = Object.values(b.otherGuards).reduce((x, y) => x + y, 0);
    expect(b.candidates + b.protectedRecent + guarded + b.textAndOther).toBe(b.total);
    // Outputs as they sit in the JSON: quotes escaped.
    expect(b.candidates).toBe(1002 + JSON.stringify('quote "q"').length);
    expect(b.otherGuards).toEqual({ tool_not_eligible: 502 });
    expect(b.protectedRecent).toBe(8002);
    expect(b.inRecentMessages).toBe(JSON.stringify(history[4]).length + JSON.stringify(history[5]).length);
    expect(b.largestRecent).toMatchObject({ callId: 'c5', toolName: 'read', message: 5, chars: 8002 });
  });

  it('R4 most characters in the recent window: names preserve_recent_messages and the value that reaches them', () => {
    const b = charBreakdown(history, analyze(history, policy()), 2, ['read']);
    expect(b.protectedRecent * 2).toBeGreaterThan(b.total);
    expect(b.advice).toMatch(/last 2 messages, which preserve_recent_messages protects;/);
    expect(b.advice).toMatch(/"Preserve recent messages" at 0/);
    // At that value the result is a candidate: the advice is right.
    const reached = charBreakdown(history, analyze(history, policy({ preserveRecentMessages: 0 })), 0, ['read']);
    expect(reached.protectedRecent).toBe(0);
    expect(reached.candidates).toBeGreaterThan(8000);
    expect(reached.advice).toBeNull();
  });

  it('R5 an unticked tool in the window needs both: the window and the tick', () => {
    const b = charBreakdown(history, analyze(history, policy({ eligibleToolNames: [] })), 2, []);
    expect(b.protectedRecent).toBe(8002);
    expect(b.otherGuards.tool_not_eligible).toBe(1002 + 502 + JSON.stringify('quote "q"').length);
    expect(b.advice).toMatch(/at 0 and read ticked under "Eligible tools"/);
  });

  it('R3 a protected call id and R4 a listed message are other guards, by reason', () => {
    const b = charBreakdown(
      history,
      analyze(history, policy({ protectedCallIds: ['c1'], protectedMessageIds: ['3'], preserveRecentMessages: 0 })),
      0,
      ['read'],
    );
    expect(b.otherGuards).toMatchObject({
      protected_call_id: 1002,
      protected_message: JSON.stringify('quote "q"').length,
    });
    expect(b.protectedRecent).toBe(0);
  });

  it.skipIf(corpus === null)(
    corpus === null
      ? sharedSkipReason('corpus')
      : 'R4 on the 1 MB transcript most characters sit in the last 6 messages, one result in the window',
    () => {
      const { messages } = loadHistory(readFileSync(join(corpus!, 'miniswe-gemini3pro-requests-1142.json'), 'utf8'));
      const p = policy({ eligibleToolNames: ['bash'], preserveRecentMessages: 6 });
      const b = charBreakdown(messages, analyze(messages, p), 6, ['bash']);
      expect(b.total).toBe(JSON.stringify(messages).length);
      // The 84 % counts the text; as compact JSON it is 86 %.
      expect(b.inRecentMessages / b.total).toBeGreaterThan(0.84);
      expect(b.protectedRecent / b.total).toBeGreaterThan(0.84);
      expect(b.candidates / b.total).toBeLessThan(0.05);
      expect(b.largestRecent!.chars).toBeGreaterThan(800_000);
      expect(b.advice).toMatch(/preserve_recent_messages/);
      const reach = Number(/"Preserve recent messages" at (\d+)/.exec(b.advice!)![1]);
      const reached = charBreakdown(messages, analyze(messages, { ...p, preserveRecentMessages: reach }), reach, [
        'bash',
      ]);
      expect(reached.candidates).toBeGreaterThanOrEqual(b.largestRecent!.chars);
      // R3 shell rule: that result's command stages files (git add), so with bash not yet ticked the
      // advice says ticking it would not reach that result.
      const ruled = { ...p, eligibleToolNames: [], shellReadOnly: NO_SHELL_PATTERNS };
      const withRule = charBreakdown(messages, analyze(messages, ruled), 6, [], NO_SHELL_PATTERNS);
      expect(withRule.advice).toMatch(/its command may write \(.+\), so the shell rule keeps it even then/);
    },
  );
});
