/**
 * R13's only-if-shorter holds in compact JSON too: with an archive_ref made of characters JSON
 * escapes (a NUL is 1 character in a string, 6 in JSON; `npm run fuzz` seed 1234), a marker can
 * be shorter as text yet grow the history as §6 measures it (2,830 → 3,912 characters).
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../core/engine/compact.js';
import { createScriptedModel } from '../../core/engine/scripted.js';
import { truncateOutput } from '../../core/engine/rebuild.js';
import type { Message } from '../../core/engine/schema.js';

const OUTPUT = '😀'.repeat(400);

function history(): Message[] {
  return [
    { id: 'm0', role: 'user', content: [{ type: 'text', text: 'go' }] },
    {
      id: 'm1',
      role: 'assistant',
      content: [
        { type: 'tool_call', id: 't0', name: 'bash', input: '{"command":"cat emoji.txt"}', state: 'finished' },
        { type: 'tool_result', id: 't0', name: 'bash', output: OUTPUT, state: 'success' },
      ],
    },
    { id: 'm2', role: 'user', content: [{ type: 'text', text: 'next' }] },
  ];
}

const run = (archiveRef: string) =>
  compactContext(
    {
      messages: history(),
      goal: 'go on',
      eligible_tool_names: ['bash'],
      archive_ref: archiveRef,
      options: { preserve_recent_messages: 0, truncate_head_chars: 0 },
    },
    { model: createScriptedModel({ answers: { t0: { call: 0.9, result: 0.1 } } }) },
  );

describe('R13 marker measured in JSON', () => {
  it('R13 a marker that is shorter as text but longer as JSON leaves the output unchanged (the action stays drop_result)', async () => {
    const response = await run('\u0000'.repeat(500));
    if (!response.success) throw new Error(response.answer.error.message);
    expect(response.answer.decisions[0].action).toBe('drop_result');
    expect(response.answer.changed).toBe(false);
    expect(response.answer.stats.chars_after).toBeLessThanOrEqual(response.answer.stats.chars_before ?? 0);
  });

  it('R13 the same output with a plain archive_ref is still cut', async () => {
    const response = await run('archived history');
    if (!response.success) throw new Error(response.answer.error.message);
    expect(response.answer.changed).toBe(true);
    expect(response.answer.stats.chars_after).toBeLessThan(response.answer.stats.chars_before ?? 0);
  });

  it('R13 truncateOutput never returns an output longer in JSON than the original', () => {
    for (const archiveRef of [
      '\u0000'.repeat(300),
      '"'.repeat(300),
      '\\'.repeat(300),
      '\u001b'.repeat(300),
      'x'.repeat(300),
    ]) {
      const cut = truncateOutput(OUTPUT, 't0', { truncateHeadChars: 0, truncateTailChars: 0, archiveRef });
      if (cut !== null) expect(JSON.stringify(cut).length).toBeLessThan(JSON.stringify(OUTPUT).length);
    }
  });
});
