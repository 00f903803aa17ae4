/**
 * What cross-validation holds out together (training.ts): one conversation read from two files
 * is one group, runs that only open alike are not, and a repository's conversations are one
 * held-out unit (§7 the offline model, measured without what it was fitted on).
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../core/engine/schema.js';
import { conversationKey, heldOutUnits } from '../../../core/eval/training.js';
import type { ConversationGroup } from '../../../core/eval/training.js';

function run(commands: string[], spelled: 'object' | 'string' = 'object'): Message[] {
  const messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Fix the failing test in   utils.' }] }];
  commands.forEach((command, i) => {
    const input = spelled === 'object' ? { command } : JSON.stringify({ command });
    messages.push(
      { role: 'assistant', content: [{ type: 'tool_call', id: `c${i}`, name: 'bash', input }] },
      { role: 'tool', content: [{ type: 'tool_result', tool_call_id: `c${i}`, output: `out ${i}` }] },
    );
  });
  return messages;
}

const group = (source: string, repository: string | null): ConversationGroup => ({
  key: source,
  transcripts: [{ source, repository, messages: [] }],
  contexts: [],
});

describe('held-out units', () => {
  it('§7 two runs that open with the same instructions and first commands are two conversations', () => {
    const opening = ['ls', 'cat README.md', 'grep -rn parse src'];
    expect(conversationKey(run([...opening, 'pytest -x']))).not.toBe(
      conversationKey(run([...opening, 'sed -n 1,40p src/utils.py'])),
    );
  });

  it('§7 one conversation in two spellings (inputs as objects or JSON text, other spacing) is one', () => {
    const commands = ['ls', 'cat README.md', 'pytest -x'];
    expect(conversationKey(run(commands, 'string'))).toBe(conversationKey(run(commands, 'object')));
  });

  it('§7 a repository’s conversations are held out together; a conversation no manifest places, alone', () => {
    const units = heldOutUnits([
      group('a/1.json', 'owner/a'),
      group('loose.json', null),
      group('b/1.json', 'owner/b'),
      group('a/2.json', 'owner/a'),
      group('other-loose.json', null),
    ]);
    expect(units.map((u) => [u.name, u.repository, u.members])).toEqual([
      ['owner/a', 'owner/a', [0, 3]],
      ['loose.json', null, [1]],
      ['owner/b', 'owner/b', [2]],
      ['other-loose.json', null, [4]],
    ]);
  });
});
