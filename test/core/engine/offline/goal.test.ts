/**
 * Reading the goal: a term is dismissed only when a sentence says its work is finished or
 * irrelevant, never because negation words describe the task; verbatim requests are told
 * apart from other exactness cues; stemming meets a word's plural and verb forms.
 */
import { describe, expect, it } from 'vitest';
import { readGoal, sentences } from '../../../../core/engine/offline/goal.js';
import { extractTerms, stem } from '../../../../core/engine/offline/terms.js';

/** A word as the offline model's terms spell it (stemmed). */
const term = (word: string) => extractTerms(word)[0];

describe('goal reading', () => {
  it('negation that describes the task dismisses nothing', () => {
    for (const goal of [
      'Make sure GET requests no longer send Content-Length',
      'Make GET requests without a body stop sending Content-Length',
      "Don't add Content-Length in prepare_content_length when the body is None",
    ]) {
      const reading = readGoal(goal);
      expect([...reading.dismissed], goal).toEqual([]);
      expect(reading.terms.has('content-length'), goal).toBe(true);
    }
  });

  it('dismisses the subject of "… are finished", not the rest of the goal', () => {
    const reading = readGoal(
      'Write the diff for services/payments/retry_policy.py. The theme CSS fix, the logo search and the inventory export are finished.',
    );
    for (const word of ['theme', 'css', 'logo', 'inventory', 'export'])
      expect(reading.dismissed.has(term(word)), word).toBe(true);
    expect(reading.dismissed.has('retry_policy')).toBe(false);
    expect(reading.terms.has('retry_policy')).toBe(true);
  });

  it('a finished side task in a subordinate clause dismisses only that clause', () => {
    const reading = readGoal('Now that the reproduction is done, fix prepare_content_length in models.py.');
    expect([...reading.dismissed]).toEqual([term('reproduction')]);
    expect(reading.terms.has('prepare_content_length')).toBe(true);
  });

  it('"ignore X and do Y" dismisses X only', () => {
    const reading = readGoal('Ignore the theme fix and patch retry_policy.py');
    expect([...reading.dismissed].sort()).toEqual([term('fix'), term('theme')].sort());
    expect(reading.terms.has('retry_policy')).toBe(true);
    expect(reading.terms.has('patch')).toBe(true);
  });

  it('tells a request for verbatim text from other exactness cues', () => {
    expect(readGoal('Quote the pg-orders-1 log lines verbatim').verbatimCues).toEqual(['verbatim', 'quote']);
    const patch = readGoal('Write a patch for the retry loop');
    expect(patch.exactCues).toEqual(['patch']);
    expect(patch.verbatimCues).toEqual([]);
  });

  it('splits sentences at punctuation followed by a space, not inside file names', () => {
    expect(sentences('Fix models.py now. Then run test_requests.py!\nDone')).toEqual([
      'Fix models.py now.',
      'Then run test_requests.py!',
      'Done',
    ]);
  });

  it('stemming meets plural and verb forms', () => {
    const same = [
      ['send', 'sends', 'sending'],
      ['preserve', 'preserved', 'preserves'],
      ['drop', 'dropping', 'drops'],
      ['retry', 'retries'],
      ['explicit', 'explicitly'],
      ['update', 'updated', 'updating'],
    ];
    for (const forms of same) expect(new Set(forms.map(stem)), forms.join('/')).toHaveProperty('size', 1);
    expect(stem('string')).toBe('string');
    expect(stem('need')).toBe('need');
  });
});
