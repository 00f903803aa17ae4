/** core/summary.ts: the "Open" summary with warnings and the "before running" guard counts. */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../core/engine/schema.js';
import { analyze } from '../../../core/engine/guards.js';
import { candidacyReport, summarizeHistory } from '../../../core/inspect/summary.js';

const call = (id: string, name: string, state = 'finished') => ({ type: 'tool_call', id, name, input: '{}', state });
const result = (id: string, name: string, output = 'abc', state = 'success') => ({
  type: 'tool_result',
  id,
  name,
  output,
  state,
});

describe('history summary', () => {
  it('R2 counts calls per tool with result characters and lists every oddity as a warning', () => {
    const messages: Message[] = [
      { id: 'm0', role: 'user', content: 'go' },
      {
        id: 'm1',
        role: 'assistant',
        content: [
          call('a', 'read'),
          result('a', 'read', 'hello'),
          call('d', 'read'),
          call('d', 'read'),
          call('x', 'grep', 'weird'),
        ],
      },
      {
        id: 'm1',
        role: 'user',
        content: [
          result('orphan', 'grep'),
          result('x', 'grep', [{ type: 'text', text: 'ab' }] as unknown as string, 'odd'),
        ],
      },
    ];
    const summary = summarizeHistory(messages);
    expect(summary.messages).toBe(3);
    expect(summary.toolCalls).toBe(4);
    expect(summary.tools).toEqual([
      { name: 'read', calls: 3, resultChars: 5 },
      { name: 'grep', calls: 1, resultChars: 5 },
    ]);
    expect(summary.chars).toBe(JSON.stringify(messages).length);
    const codes = summary.warnings.map((w) => w.code).sort();
    expect(codes).toEqual(['duplicate_id', 'duplicate_message_id', 'orphan_result', 'unknown_state', 'unknown_state']);
    expect(summary.warnings.find((w) => w.code === 'orphan_result')?.message).toMatch(
      /"orphan" has no call \(message 2\)/,
    );
  });

  it('R5 with no eligible tools the report names tool_not_eligible and what to change', () => {
    const messages: Message[] = [
      { id: 'm0', role: 'user', content: 'go' },
      { id: 'm1', role: 'assistant', content: [call('a', 'read'), result('a', 'read')] },
      { id: 'm2', role: 'user', content: 'ok' },
    ];
    const report = candidacyReport(
      analyze(messages, {
        eligibleToolNames: [],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 0,
      }),
      0,
    );
    expect(report).toMatchObject({ pairs: 1, candidates: 0 });
    expect(report.kept).toEqual([{ reason: 'tool_not_eligible', count: 1, protecting: true }]);
    expect(report.advice).toMatch(/tool not eligible.*Eligible tools/);
  });

  it('R4 when recent-message protection takes everything (one AgentScope 2.x reply), it says to lower it', () => {
    const messages: Message[] = [
      { id: 'm0', role: 'user', content: 'go' },
      {
        id: 'm1',
        role: 'assistant',
        content: [call('a', 'read'), result('a', 'read'), call('b', 'read'), result('b', 'read')],
      },
    ];
    const report = candidacyReport(
      analyze(messages, {
        eligibleToolNames: ['read'],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 6,
      }),
      6,
    );
    expect(report.kept).toEqual([{ reason: 'recent_window', count: 2, protecting: true }]);
    expect(report.advice).toMatch(/recent window.*Preserve recent messages/);
    const lowered = candidacyReport(
      analyze(messages, {
        eligibleToolNames: ['read'],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 0,
      }),
      0,
    );
    expect(lowered).toMatchObject({ candidates: 2, advice: null });
  });

  it('R14 roles named "constructor", "__proto__" or "toString" count like any other', () => {
    const messages = JSON.parse(
      JSON.stringify(
        ['constructor', '__proto__', '__proto__', 'toString', 'user'].map((role, i) => ({
          id: `m${i}`,
          role,
          content: 'x',
        })),
      ),
    ) as Message[];
    const { roles } = summarizeHistory(messages);
    expect(Object.entries(roles)).toEqual([
      ['constructor', 1],
      ['__proto__', 2],
      ['toString', 1],
      ['user', 1],
    ]);
    expect(JSON.parse(JSON.stringify(roles))).toEqual(roles);
  });
});
