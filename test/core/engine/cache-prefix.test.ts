/**
 * §9 cache stats on hand-built histories: the first message a compaction changes, and the size of
 * what comes before it (the prefix a provider's prompt cache still holds).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../core/engine/compact.js';
import { createScriptedModel } from '../../../core/engine/scripted.js';
import type { Message } from '../../../core/engine/schema.js';
import { estimateTokens } from '../../../core/engine/tokens.js';
import { answersArb, requestArb } from '../../support/arbitraries.js';
import { failure, history, msg, ok, request, scripted, tcall, tres, txt } from './helpers.js';

const KEEP = { call: 1, result: 1 };
const TRUNCATE = { call: 0.9, result: 0.1 };
const DROP = { call: 0, result: 0 };

/** The figures §9 defines, computed the slow, obvious way. */
const prefixOf = (messages: Message[], count: number) => ({
  unchanged_prefix_chars: JSON.stringify(messages.slice(0, count)).length,
  unchanged_prefix_tokens: estimateTokens(JSON.stringify(messages.slice(0, count))),
});

describe('§9 first changed message and unchanged prefix', () => {
  it('§9 nothing changed: the id is null and the prefix is the whole history', async () => {
    const messages = history(3);
    const answer = await ok(request(messages), scripted({}, KEEP));
    expect(answer.changed).toBe(false);
    expect(answer.stats).toMatchObject({ first_changed_message_id: null, ...prefixOf(messages, messages.length) });
    expect(answer.stats.unchanged_prefix_chars).toBe(answer.stats.chars_before);
  });

  it('§9 a truncated result in m2: the prefix is m0 and m1', async () => {
    const messages = history(4);
    const answer = await ok(request(messages), scripted({ c2: TRUNCATE, c3: KEEP, c4: TRUNCATE }, KEEP));
    expect(answer.stats).toMatchObject({ first_changed_message_id: 'm2', ...prefixOf(messages, 2) });
    expect(answer.messages.slice(0, 2)).toEqual(messages.slice(0, 2));
  });

  it('§9 a drop_call changes the call’s message first, even when the result’s message is removed whole', async () => {
    const messages = [
      msg('m0', 'user', [txt('start')]),
      msg('m1', 'assistant', [txt('reading'), tcall('a')]),
      msg('m2', 'user', [tres('a')]),
      msg('m3', 'user', [txt('next')]),
    ];
    const answer = await ok(request(messages), scripted({ a: DROP }));
    expect(answer.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm3']);
    expect(answer.stats).toMatchObject({ first_changed_message_id: 'm1', ...prefixOf(messages, 1) });
  });

  it('§9 a drop_result with its result in a later message leaves the call’s message in the prefix', async () => {
    const messages = [
      msg('m0', 'user', [txt('start')]),
      msg('m1', 'assistant', [tcall('a')]),
      msg('m2', 'user', [tres('a')]),
      msg('m3', 'user', [txt('next')]),
    ];
    const answer = await ok(request(messages), scripted({ a: TRUNCATE }));
    expect(answer.stats).toMatchObject({ first_changed_message_id: 'm2', ...prefixOf(messages, 2) });
  });

  it('§9 a drop_result whose marker would not be shorter changes nothing, so it does not end the prefix', async () => {
    const messages = [
      msg('m0', 'user', [txt('start')]),
      msg('m1', 'assistant', [tcall('tiny'), tres('tiny', 'short output')]),
      msg('m2', 'assistant', [tcall('big'), tres('big', 'B'.repeat(3000))]),
      msg('m3', 'user', [txt('next')]),
    ];
    const answer = await ok(request(messages), scripted({}, TRUNCATE));
    expect(answer.decisions.map((d) => d.action)).toEqual(['drop_result', 'drop_result']);
    expect(answer.stats).toMatchObject({ first_changed_message_id: 'm2', ...prefixOf(messages, 2) });
  });

  it('§9 a message without a string id is named #<index>, as in the observation', async () => {
    const messages: Message[] = [
      msg('m0', 'user', [txt('start')]),
      { role: 'assistant', content: [tcall('a'), tres('a')] },
      msg('m2', 'user', [txt('next')]),
    ];
    const answer = await ok(request(messages), scripted({ a: DROP }));
    expect(answer.stats.first_changed_message_id).toBe('#1');
  });

  it('§9 R7 prefix tokens count every non-ASCII unit as a token, as the estimator does', async () => {
    const messages = [
      msg('m0', 'user', [txt('café ☕ 😀 '.repeat(50))]),
      msg('m1', 'assistant', [tcall('a'), tres('a')]),
      msg('m2', 'user', [txt('next')]),
    ];
    const answer = await ok(request(messages), scripted({ a: DROP }));
    const prefix = JSON.stringify(messages.slice(0, 1));
    const nonAscii = [...prefix].reduce((n, ch) => n + (ch.charCodeAt(0) < 128 ? 0 : ch.length), 0);
    expect(answer.stats.unchanged_prefix_tokens).toBe(Math.ceil((prefix.length - nonAscii) / 4) + nonAscii);
  });

  it('§9 a failed compaction reports the cache figures as not measured (null)', async () => {
    const response = await failure(request(history(2), {}, { max_state_tokens: 1 }), scripted({}, KEEP));
    expect(response.metadata.compaction).toMatchObject({
      first_changed_message_id: null,
      unchanged_prefix_chars: null,
      unchanged_prefix_tokens: null,
    });
  });

  it('§9 over generated histories the prefix is exactly the longest run of leading messages left as they were', async () => {
    const scriptedArb = fc
      .tuple(answersArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([answers, call, result]) => createScriptedModel({ answers, default: { call, result } }));
    await fc.assert(
      fc.asyncProperty(requestArb, scriptedArb, async (input, model) => {
        const response = await compactContext(input, { model });
        if (!response.success) throw new Error(response.answer.error.message);
        const before = input.messages.map((m) => JSON.stringify(m));
        const after = response.answer.messages.map((m) => JSON.stringify(m));
        let same = 0;
        while (same < before.length && same < after.length && before[same] === after[same]) same++;
        const changed = response.answer.changed;
        const { stats } = response.answer;
        expect(stats).toMatchObject(prefixOf(input.messages, changed ? same : before.length));
        if (!changed) expect(stats.first_changed_message_id).toBeNull();
        else {
          const id = input.messages[same].id;
          expect(stats.first_changed_message_id).toBe(typeof id === 'string' ? id : `#${same}`);
        }
      }),
      { seed: 91, numRuns: 200 },
    );
  });
});
