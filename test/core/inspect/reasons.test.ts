import { describe, expect, it } from 'vitest';
import { effectInWords, firstOf, parseReason, rankReasons } from '../../../core/inspect/reasons.js';

const LINES = [
  'baseline before any evidence: keep_result −0.80 toward drop, keep_call +0.30 toward keep',
  'the result brought 90 new terms: keep_result +1.57 toward keep, keep_call +2.11 toward keep',
  'a large result (40000 characters): the archive serves it: keep_result −2.40 toward drop, keep_call +0.10 toward keep',
  'called 12 messages before the end of the history: keep_result −0.20 toward drop, keep_call −0.05 toward drop',
  'quoted in 3 later messages: keep_result +0.90 toward keep, keep_call +0.40 toward keep',
];

describe('evidence as reasons (offline model lines, R8, R12)', () => {
  it('reads a signal line into its two signed pushes and words', () => {
    const r = parseReason(LINES[1]);
    expect(r).toMatchObject({ kind: 'signal', result: 1.57, call: 2.11, text: 'The result brought 90 new terms' });
    expect(r.effect).toBe('toward keeping the result and the call');
  });

  it('keeps a description that itself holds a colon', () => {
    const r = parseReason(LINES[2]);
    expect(r.text).toBe('A large result (40000 characters): the archive serves it');
    expect(r.result).toBe(-2.4);
    expect(r.effect).toBe('toward dropping the result, keeping the call');
  });

  it('says the two answers apart when they pull apart, and both when they agree', () => {
    expect(effectInWords(-1, -1)).toBe('toward dropping the result and the call');
    expect(effectInWords(1, -1)).toBe('toward keeping the result, dropping the call');
  });

  it('ranks the goal rules first, then signals by how far they moved the deciding answers', () => {
    const rule =
      'the goal calls this work finished or irrelevant (done, ignore): keep_call and keep_result at most 0.2';
    const { top, rest, scale } = rankReasons([...LINES, rule], 'drop_call');
    expect(top.map((r) => r.kind)).toEqual(['rule', 'signal', 'signal']);
    expect(top[0].effect).toBe('caps both answers below the sum');
    // |r|+|c|: 3.68 (new terms), 2.50 (large result), 1.30, 1.10 (baseline is not a reason), 0.25.
    expect(top[1].text).toBe('The result brought 90 new terms');
    expect(top[2].text).toMatch(/^A large result/);
    expect(rest.map((r) => r.kind)).toEqual(['baseline', 'signal', 'signal']);
    expect(top.length + rest.length).toBe(LINES.length + 1);
    expect(scale).toBe(2.4);
  });

  it('ranks by keep_result alone for a kept result (R12: keep_result decides keep)', () => {
    const { top } = rankReasons(LINES, 'keep', 1);
    expect(top[0].text).toMatch(/^A large result/);
  });

  it('keeps a line it cannot read as a note, unranked, after the ranked ones', () => {
    const { top, rest } = rankReasons(['the model said so'], 'keep');
    expect(top).toEqual([]);
    expect(rest).toEqual([{ text: 'The model said so', result: null, call: null, kind: 'note', effect: '' }]);
  });

  it('splits a long list into what is shown and how many more', () => {
    expect(firstOf(['a', 'b', 'c', 'd'], 3)).toEqual({ first: ['a', 'b', 'c'], more: 1 });
    expect(firstOf(['a'], 3)).toEqual({ first: ['a'], more: 0 });
  });
});
