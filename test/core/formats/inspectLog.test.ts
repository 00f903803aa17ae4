/**
 * inspect-log conversation keys (SPEC §9 "Sources"): every sample is a conversation of its own,
 * so every sample can be opened and written back — also when a log merged from two runs holds
 * samples that share both id and epoch.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { exportSource, inspectSource, openSource, proposalFor } from '../../../core/formats/index.js';

function sample(id: unknown, epoch: unknown, word: string) {
  return {
    id,
    epoch,
    input: word,
    messages: [
      { id: `${word}-u`, role: 'user', content: `find ${word}`, source: 'input' },
      {
        id: `${word}-a`,
        role: 'assistant',
        content: '',
        tool_calls: [{ id: `${word}-c`, function: 'grep', arguments: { pattern: word } }],
      },
      { id: `${word}-t`, role: 'tool', tool_call_id: `${word}-c`, function: 'grep', content: `${word} found` },
      { id: `${word}-z`, role: 'assistant', content: 'done' },
    ],
    events: [],
    attachments: {},
  };
}

const log = (samples: unknown[]) =>
  JSON.stringify({ version: 2, status: 'success', eval: { task: 't' }, samples }, null, 2);

describe('inspect-log conversation keys', () => {
  it('§9 samples sharing id and epoch get distinct keys, and each key opens its own sample', () => {
    const text = log([sample(1, 1, 'alpha'), sample(1, 1, 'beta'), sample(1, 2, 'gamma'), sample(2, 1, 'delta')]);
    const keys = inspectSource(text).conversations.map((c) => c.key);
    expect(new Set(keys).size).toBe(4);
    // Keys that were distinct already stay as they were.
    expect(keys[0]).toBe('1/1');
    expect(keys[2]).toBe('1/2');
    const firstUser = keys.map((key) => openSource(text, { conversation: key }).read.messages[0].id);
    expect(firstUser).toEqual(['alpha-u', 'beta-u', 'gamma-u', 'delta-u']);
  });

  it('§9 exporting the second of two same-keyed samples edits that sample, not the first', () => {
    const text = log([sample(1, 1, 'alpha'), sample(1, 1, 'beta')]);
    const key = inspectSource(text).conversations[1].key;
    const source = openSource(text, { conversation: key });
    const analysis = analyze(source.read.messages, {
      eligibleToolNames: ['grep'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const actions = new Map<string, Action>([[analysis.pairs[0].pairId, 'drop_call']]);
    const proposal = proposalFor(source.read.messages, analysis.pairs, actions, {
      options: DEFAULT_OPTIONS,
      archive_ref: 'a',
    });
    const written = JSON.parse(exportSource(source, proposal)) as { samples: Array<{ messages: unknown[] }> };
    expect(written.samples[0].messages).toHaveLength(4);
    expect(written.samples[1].messages.map((m) => (m as { id: string }).id)).toEqual(['beta-u', 'beta-z']);
  });
});
