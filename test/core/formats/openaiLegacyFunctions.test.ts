/**
 * OpenAI's legacy function calling in `openai-chat` (our own fixture, ownFixtures.ts): an
 * assistant `function_call` and the `function` message that answers it were read with no calls
 * at all; they now pair by position and name, and a dropped call loses its key and its message.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, exportSource, openSource, parseSource } from '../../../core/formats/index.js';
import { OWN_FIXTURES } from './ownFixtures.js';
import { proposalFromChoices } from './support.js';

const fixture = OWN_FIXTURES.find((f) => f.name.includes('legacy function_call'));
const text = fixture?.text ?? '[]';

describe('openai-chat legacy function_call (our own fixture)', () => {
  it('§9 a legacy function-calling list is openai-chat', () => {
    expect(detectFormats(parseSource(text)).map((d) => d.format)).toEqual(['openai-chat']);
  });

  it('§9 R3 each function message answers the latest call of its name; "Error:" is an error', () => {
    const blocks = openSource(text).read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks.filter((b) => b.type === 'tool_call').map((b) => [b.id, b.name])).toEqual([
      ['c1', 'read_file'],
      ['c2', 'run_tests'],
      ['c3', 'read_file'],
    ]);
    expect(blocks.filter((b) => b.type === 'tool_result').map((b) => [b.id, b.state])).toEqual([
      ['c1', 'success'],
      ['c2', 'error'],
      ['c3', 'success'],
    ]);
  });

  it('§9 R13 drop_call removes the function_call key and the function message', () => {
    const source = openSource(text);
    const list = JSON.parse(exportSource(source, proposalFromChoices(source, ['drop_call'], 0))) as Array<
      Record<string, unknown>
    >;
    expect(list.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'function',
      'assistant',
      'function',
      'assistant',
    ]);
    expect(list[2]).toEqual({
      role: 'assistant',
      content: 'Running the test.',
      function_call: { name: 'run_tests', arguments: '{}' },
    });
  });
});
