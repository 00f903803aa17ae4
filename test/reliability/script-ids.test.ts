/**
 * A scripted answer keyed by the call id "__proto__" is kept when the script is parsed: zod's
 * record neither validates nor keeps that key, so without care a history with that call id
 * would fail with a missing answer (R11) although the script has one.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../core/engine/compact.js';
import { createScriptedModel, parseScript } from '../../core/engine/scripted.js';
import type { Message } from '../../core/engine/schema.js';

const IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

function history(): Message[] {
  const messages: Message[] = [{ id: 'm0', role: 'user', content: [{ type: 'text', text: 'x' }] }];
  for (const id of IDS) {
    messages.push({
      id: `a${id}`,
      role: 'assistant',
      content: [
        { type: 'tool_call', id, name: 't', input: '{}', state: 'finished' },
        { type: 'tool_result', id, name: 't', output: 'y'.repeat(500), state: 'success' },
      ],
    });
  }
  messages.push({ id: 'last', role: 'user', content: [{ type: 'text', text: 'z' }] });
  return messages;
}

describe('scripted answers keyed by prototype-looking call ids', () => {
  it('R11 R12 "__proto__", "constructor", "toString" and "hasOwnProperty" are ordinary call ids in a script', async () => {
    const script = parseScript(
      JSON.parse(
        '{"answers":{"__proto__":{"call":0.9,"result":0.1},"constructor":{"call":0.1,"result":0.1},"toString":{"call":0.9,"result":0.9},"hasOwnProperty":{"call":0.1,"result":0.9}}}',
      ),
    );
    const response = await compactContext(
      { messages: history(), goal: 'go', eligible_tool_names: ['t'], options: { preserve_recent_messages: 1 } },
      { model: createScriptedModel(script) },
    );
    if (!response.success) throw new Error(response.answer.error.message);
    expect(response.answer.decisions.map((d) => `${d.call_id}:${d.action}`)).toEqual([
      '__proto__:drop_result',
      'constructor:drop_call',
      'toString:keep',
      'hasOwnProperty:keep',
    ]);
  });

  it('R11 a call id with no entry is still a missing answer, even when it names an Object.prototype member', async () => {
    const script = parseScript({ answers: { __proto__x: { call: 1, result: 1 } } });
    const response = await compactContext(
      { messages: history(), goal: 'go', eligible_tool_names: ['t'], options: { preserve_recent_messages: 1 } },
      { model: createScriptedModel(script) },
    );
    expect(response.success).toBe(false);
    if (!response.success) expect(response.answer.error.code).toBe('invalid_answer');
  });

  it('§8 an invalid "__proto__" entry is refused like any other', () => {
    expect(() => parseScript(JSON.parse('{"answers":{"__proto__":{"call":"high"}}}'))).toThrow(/decision script/);
  });
});
