/** R12–R15 and the §6 answer: actions from probabilities, truncation, removal, re-derivation. */
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../core/engine/schema.js';
import { analyze } from '../../../core/engine/guards.js';
import { compactDetailed, decisionsFor, policyOf } from '../../../core/engine/compact.js';
import { decide } from '../../../core/engine/decide.js';
import { omissionMarker, truncateOutput } from '../../../core/engine/rebuild.js';
import { constant, history, msg, ok, request, scripted, tcall, tres, txt } from './helpers.js';

describe('R12 actions from probabilities', () => {
  it.each([
    [0.5, 0.5, 'keep', 'result_needed'],
    [0.0, 0.9, 'keep', 'result_needed'],
    [0.5, 0.4999, 'drop_result', 'call_needed'],
    [0.4999, 0.4999, 'drop_call', 'not_needed'],
  ])('R12 p_call=%f p_result=%f at t=0.5 gives %s (%s)', (keepCall, keepResult, action, reason) => {
    expect(decide({ keepCall, keepResult }, 0.5)).toEqual({ action, reason });
  });

  it('R12 a guard wins over any probabilities', () => {
    expect(decide({ keepCall: 0, keepResult: 0 }, 0.5, 'protected_message')).toEqual({
      action: 'keep',
      reason: 'protected_message',
    });
  });

  it('R12 thresholds 0 and 1 are inclusive: t=0 keeps everything, t=1 keeps only certainty', () => {
    expect(decide({ keepCall: 0, keepResult: 0 }, 0).action).toBe('keep');
    expect(decide({ keepCall: 0.99, keepResult: 0.99 }, 1).action).toBe('drop_call');
    expect(decide({ keepCall: 1, keepResult: 0.99 }, 1).action).toBe('drop_result');
  });
});

describe('R13 drop_result', () => {
  const opts = { truncateHeadChars: 5, truncateTailChars: 0, archiveRef: 'archive://run-42' };

  it('R13 keeps the head in code points, never splitting an astral character, with a marker naming call, count and archive', () => {
    const text = '😀😀😀😀😀😀' + 'x'.repeat(200);
    const out = truncateOutput(text, 'call-9', opts) as string;
    expect(out.startsWith('😀😀😀😀😀\n')).toBe(true);
    expect(out).toBe('😀😀😀😀😀' + omissionMarker('call-9', 201, 'archive://run-42'));
    expect(out).toContain('call-9');
    expect(out).toContain('201 characters');
    expect(out).toContain('archive://run-42');
    expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(out)).toBe(false);
  });

  it('R13 a string stays a string; a list of text blocks becomes one text block of the joined texts', () => {
    expect(typeof truncateOutput('y'.repeat(400), 'c', opts)).toBe('string');
    const list = truncateOutput([txt('abc'), txt('d'.repeat(300))], 'c', opts) as Array<{ type: string; text: string }>;
    expect(list).toHaveLength(1);
    expect(list[0].type).toBe('text');
    expect(list[0].text.startsWith('abc\nd')).toBe(true);
    expect(list[0].text).toContain(`${3 + 1 + 300 - 5} characters`);
  });

  it('R13 replaces only when shorter; otherwise the output is unchanged and the action stays drop_result', async () => {
    expect(truncateOutput('short', 'c', opts)).toBeNull();
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('s'), tres('s', 'tiny output'), tcall('l'), tres('l', 'L'.repeat(2000))]),
      msg('m2', 'user', [txt('end')]),
    ];
    const answer = await ok(request(messages, {}, { truncate_head_chars: 10 }), constant(0.9, 0.1));
    expect(answer.decisions.map((d) => d.action)).toEqual(['drop_result', 'drop_result']);
    const blocks = answer.messages[1].content as unknown as Array<{ output: string }>;
    expect(blocks[1].output).toBe('tiny output');
    expect(blocks[3].output.startsWith('L'.repeat(10) + '\n…[1990 characters')).toBe(true);
    expect(answer.reason).toBe('compacted');
  });

  it('R13 uses the default archive_ref "archived history" and keeps every other field of the result block', async () => {
    const result = { ...tres('r', 'z'.repeat(1000)), extra: { keep: [1, 2] }, state: 'success' };
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('r'), result]),
      msg('m2', 'user', [txt('end')]),
    ];
    const answer = await ok(request(messages), constant(1, 0));
    const out = (answer.messages[1].content as Array<Record<string, unknown>>)[1];
    expect(Object.keys(out)).toEqual(Object.keys(result));
    expect(out.extra).toEqual({ keep: [1, 2] });
    expect(out.output).toContain('archived history');
  });
  it('R13 R14 an own "__proto__" field of a rebuilt message or result block stays a field', async () => {
    // JSON.parse makes "__proto__" an ordinary own key, as any history file or request body does.
    const messages = JSON.parse(
      JSON.stringify([
        msg('m0', 'user', [txt('go')]),
        {
          ...msg('m1', 'assistant', [tcall('r'), { ...tres('r', 'z'.repeat(1000)), proto_: { b: 1 } }]),
          proto_: { m: 1 },
        },
        msg('m2', 'user', [txt('end')]),
      ]).replaceAll('"proto_"', '"__proto__"'),
    );
    const answer = await ok(request(messages), constant(1, 0));
    const message = answer.messages[1] as Record<string, unknown>;
    const block = (message.content as Array<Record<string, unknown>>)[1];
    expect(block.output).toContain('omitted');
    expect(Object.hasOwn(message, '__proto__')).toBe(true);
    expect(Object.hasOwn(block, '__proto__')).toBe(true);
    expect(JSON.stringify(message)).toContain('"__proto__":{"m":1}');
    expect(JSON.stringify(block)).toContain('"__proto__":{"b":1}');
    expect(Object.getPrototypeOf(block)).toBe(Object.prototype);
  });
});

describe('R14 drop_call', () => {
  it('R14 removes both blocks, and a message only when that empties it', async () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, tcall('a')]),
      msg('m2', 'user', [tres('a')]),
      msg('m3', 'assistant', [tcall('b'), tres('b'), txt('note')]),
      msg('m4', 'assistant', []),
      msg('m5', 'user', 'legacy string'),
    ];
    const answer = await ok(request(messages), constant(0, 0));
    expect(answer.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm3', 'm4', 'm5']);
    expect(answer.messages[1].content).toEqual([{ type: 'thinking', thinking: 'hmm', signature: 'sig' }]);
    expect(answer.messages[2].content).toEqual([txt('note')]);
    expect(answer.messages[4].content).toBe('legacy string');
    expect(answer.stats).toMatchObject({ messages_before: 6, messages_after: 5 });
    expect(answer.stats.chars_after).toBe(JSON.stringify(answer.messages).length);
  });

  it('§6 changed is false and reason no_change when every candidate is kept', async () => {
    const answer = await ok(request(history(3)), constant(1, 1));
    expect([answer.changed, answer.reason]).toEqual([false, 'no_change']);
    expect(answer.stats.chars_after).toBe(answer.stats.chars_before);
    expect(JSON.stringify(answer.messages)).toBe(JSON.stringify(history(3)));
  });
});

const core = ({ pair_id, call_id, tool_name, action, reason, keep_call, keep_result }: Decision) => ({
  pair_id,
  call_id,
  tool_name,
  action,
  reason,
  keep_call,
  keep_result,
});

describe('R15 re-deriving at a new threshold', () => {
  it('R15 decisionsFor at a new threshold equals a fresh run at that threshold', async () => {
    const answers = {
      c1: { call: 0.2, result: 0.7 },
      c2: { call: 0.6, result: 0.3 },
      c3: { call: 0.1, result: 0.1 },
      c4: { call: 0.9, result: 0.55 },
    };
    const input = request(history(4));
    const first = await compactDetailed(input, { model: scripted(answers) });
    if (!first.response.success || !first.analysis || !first.request) throw new Error('run failed');
    const probabilities = new Map<string, number>();
    for (const d of first.response.answer.decisions) {
      if (d.keep_call !== null) probabilities.set(`call_${d.pair_id}`, d.keep_call);
      if (d.keep_result !== null) probabilities.set(`result_${d.pair_id}`, d.keep_result);
    }
    for (const t of [0, 0.15, 0.3, 0.55, 0.65, 0.8, 1]) {
      const fresh = await ok({ ...input, options: { ...input.options, keep_threshold: t } }, scripted(answers));
      // Only the R12 fields: hosts may attach explanation fields (evidence) that R15 does not cover.
      expect(decisionsFor(first.analysis, probabilities, t).map(core)).toEqual(fresh.decisions.map(core));
    }
    expect(analyze(first.request.messages, policyOf(first.request)).pairs).toHaveLength(4);
  });
});
