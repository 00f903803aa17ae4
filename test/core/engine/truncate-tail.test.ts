/**
 * SPEC §9 `truncate_tail_chars`: a drop_result output keeps its head, the R13 marker and its tail.
 * Every R13 rule holds (shape, code points, only-if-shorter as text and as JSON); 0 is R13 exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { omissionMarker, truncateOutput } from '../../../core/engine/rebuild.js';
import { msg, ok, request, scripted, tcall, tres, txt } from './helpers.js';

const opts = (head: number, tail: number, archiveRef = 'archive://run-42') => ({
  truncateHeadChars: head,
  truncateTailChars: tail,
  archiveRef,
});
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('§9 truncate_tail_chars', () => {
  it('§9 R13 with tail 0 the output is exactly the head and the marker, as before', () => {
    const text = 'h'.repeat(10) + 'x'.repeat(500);
    expect(truncateOutput(text, 'c1', opts(10, 0))).toBe(
      'h'.repeat(10) +
        '\n…[500 characters of the result of tool call c1 omitted; the full output is in archive://run-42]',
    );
  });

  it('§9 R13 head, marker and tail in code points; the marker counts only the middle; no astral character is split', () => {
    const text = '😀😀😀' + 'm'.repeat(300) + '🚀🚀🚀🚀';
    const out = truncateOutput(text, 'call-9', opts(2, 3)) as string;
    expect(out).toBe('😀😀' + omissionMarker('call-9', 1 + 300 + 1, 'archive://run-42', true) + '🚀🚀🚀');
    expect(out.endsWith('omitted; the full output is in archive://run-42]\n🚀🚀🚀')).toBe(true);
    expect(LONE_SURROGATE.test(out)).toBe(false);
  });

  it('§9 R13 a tail alone (head 0) keeps the end of a log', () => {
    const log = Array.from({ length: 200 }, (_, i) => `line ${i} ok`).join('\n') + '\nFAILED: test_retry';
    const out = truncateOutput(log, 'c', opts(0, 18)) as string;
    expect(out.startsWith('\n…[')).toBe(true);
    expect(out.endsWith(']\nFAILED: test_retry')).toBe(true);
  });

  it('§9 R13 a string stays a string; a list of text blocks becomes one text block whose tail is the joined text’s end', () => {
    expect(typeof truncateOutput('y'.repeat(400), 'c', opts(5, 5))).toBe('string');
    const list = truncateOutput([txt('abc'), txt('d'.repeat(300)), txt('END')], 'c', opts(3, 5)) as Array<{
      type: string;
      text: string;
    }>;
    expect(list).toHaveLength(1);
    expect(list[0].type).toBe('text');
    expect(list[0].text.startsWith('abc\n…[')).toBe(true);
    expect(list[0].text.endsWith(']\nd\nEND')).toBe(true);
    expect(list[0].text).toContain(`${3 + 1 + 300 + 1 + 3 - 3 - 5} characters`);
  });

  it('§9 R13 head and tail that cover the whole output, or a marker longer than the middle, leave it unchanged', () => {
    const text = 'a'.repeat(150) + 'z'.repeat(150);
    expect(truncateOutput(text, 'c', opts(150, 150))).toBeNull();
    expect(truncateOutput(text, 'c', opts(200, 200))).toBeNull();
    expect(truncateOutput(text, 'c', opts(140, 140))).toBeNull(); // 20 omitted, marker far longer
    expect(truncateOutput(text, 'c', opts(10, 10))).not.toBeNull();
  });

  it('§9 R13 a marker shorter as text but longer as JSON leaves the output unchanged', () => {
    const text = '😀'.repeat(400);
    expect(truncateOutput(text, 'c', opts(0, 5, '\u0000'.repeat(500)))).toBeNull();
    expect(truncateOutput(text, 'c', opts(0, 5, 'archived history'))).not.toBeNull();
  });

  it('§9 R13 compact_context applies the tail; a too-short output stays unchanged with the action drop_result', async () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('s'), tres('s', 'tiny output'), tcall('l'), tres('l', 'L'.repeat(2000) + 'TRACE')]),
      msg('m2', 'user', [txt('end')]),
    ];
    const answer = await ok(
      request(messages, {}, { truncate_head_chars: 10, truncate_tail_chars: 5 }),
      scripted({}, { call: 0.9, result: 0.1 }),
    );
    expect(answer.decisions.map((d) => d.action)).toEqual(['drop_result', 'drop_result']);
    const blocks = answer.messages[1].content as unknown as Array<{ output: string }>;
    expect(blocks[1].output).toBe('tiny output');
    const marker = omissionMarker('l', 1990, 'archived history', true, { tool: 'read_file', target: 'a.txt' });
    expect(blocks[3].output).toBe('L'.repeat(10) + marker + 'TRACE');
    expect(answer.stats.chars_after).toBe(JSON.stringify(answer.messages).length);
  });

  it('§9 truncate_tail_chars out of range is an error naming the option, never clamped', async () => {
    const input = request([msg('m0', 'user', [txt('go')])], {}, { truncate_tail_chars: -1 });
    await expect(ok(input, scripted({}))).rejects.toThrow('truncate_tail_chars');
  });
});

/** An independent oracle built on Array.from (code points), not on the engine's helpers. */
function expected(text: string, head: number, tail: number, archiveRef: string, callId: string): string | null {
  const points = Array.from(text);
  const h = Math.min(head, points.length);
  const t = Math.min(tail, points.length - h);
  const omitted = points.length - h - t;
  const marker = `\n…[${omitted} characters of the result of tool call ${callId} omitted; the full output is in ${archiveRef}]`;
  const candidate =
    points.slice(0, h).join('') + marker + (t > 0 ? '\n' + points.slice(points.length - t).join('') : '');
  const shorter = candidate.length < text.length && JSON.stringify(candidate).length < JSON.stringify(text).length;
  return shorter ? candidate : null;
}

const unit = fc.constantFrom('a', 'Z', ' ', '\n', '"', '\\', '\u0000', 'é', '😀', '🚀', '\ud800', '\udc00');
const textArb = fc.array(unit, { maxLength: 400 }).map((units) => units.join(''));

describe('§9 truncate_tail_chars properties', () => {
  it('§9 R13 head + marker + tail is never longer than the original (text and JSON) when applied, and is exactly the code-point oracle', () => {
    fc.assert(
      fc.property(
        textArb,
        fc.nat({ max: 120 }),
        fc.nat({ max: 120 }),
        fc.constantFrom('archived history', 'a', '\u0000\u0000', '"x"'),
        (text, head, tail, archiveRef) => {
          const out = truncateOutput(text, 'c7', opts(head, tail, archiveRef));
          expect(out).toBe(expected(text, head, tail, archiveRef, 'c7'));
          if (out === null) return;
          const shortened = out as string;
          expect(shortened.length).toBeLessThan(text.length);
          expect(JSON.stringify(shortened).length).toBeLessThan(JSON.stringify(text).length);
        },
      ),
      { seed: 14, numRuns: 2000 },
    );
  });

  it('§9 R13 tail 0 gives the same output as R13 alone for every text', () => {
    fc.assert(
      fc.property(textArb, fc.nat({ max: 120 }), (text, head) => {
        expect(truncateOutput(text, 'c', opts(head, 0))).toBe(expected(text, head, 0, 'archive://run-42', 'c'));
      }),
      { seed: 15, numRuns: 1000 },
    );
  });
});
