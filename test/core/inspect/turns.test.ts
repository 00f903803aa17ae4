/** Turn numbers in the audit view's message headers (core/inspect/turns.ts). */
import { describe, expect, it } from 'vitest';
import { turnNumbers } from '../../../core/inspect/turns.js';
import { paymentRetryScenario } from '../../../core/examples/index.js';

describe('turn numbers', () => {
  it('a turn starts at each prompt a person wrote; tool results and the agent’s steps stay in it', () => {
    const messages = [
      { id: 's', role: 'system', content: 'You are a coding agent.' },
      { id: 'u1', role: 'user', content: 'Fix the retries' },
      { id: 'a1', role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'read_file', input: {} }] },
      { id: 'r1', role: 'user', content: [{ type: 'tool_result', call_id: 'c1', output: 'x' }] },
      { id: 'a2', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { id: 'u2', role: 'user', content: [{ type: 'text', text: 'Now the tests' }] },
      { id: 'u3', role: 'user', content: '   ' },
    ];
    expect(turnNumbers(messages)).toEqual([0, 1, 1, 1, 1, 2, 2]);
  });

  it('numbers every message of the bundled example, never going back', () => {
    const turns = turnNumbers(paymentRetryScenario().messages);
    expect(turns.length).toBe(paymentRetryScenario().messages.length);
    expect(turns.every((t, i) => i === 0 || t >= turns[i - 1])).toBe(true);
    expect(turns.at(-1)).toBeGreaterThan(0);
  });
});
