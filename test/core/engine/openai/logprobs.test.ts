/** Probabilities read from logprobs however the tokenizer split the answer. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SuccessAnswer } from '../../../../core/engine/schema.js';
import { answerWord, keyScrubber, memberSpans, readAnswer } from '../../../../core/engine/openai/index.js';
import { compactContext } from '../../../../core/engine/compact.js';
import type { FakeOpenAI } from '../../../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../../../support/fakeOpenAI.js';
import type { KeyOrder } from '../../../support/fakeOpenAIAnswers.js';
import { completion, TOKEN_SPLITS, yesNoTokens } from '../../../support/fakeOpenAIAnswers.js';
import { FAST, modelFor, request } from './fixture.js';

let server: FakeOpenAI;
const NO_KEY = keyScrubber(null);
afterEach(() => server?.close());

// Distinct values per key, on both sides of 0.5, so a mix-up between keys would show.
const P: Record<string, number> = {
  call_p1: 0.91,
  result_p1: 0.12,
  call_p2: 0.35,
  result_p2: 0.64,
  call_p3: 0.02,
  result_p3: 0.5,
};

describe('probabilities from logprobs', () => {
  for (const split of TOKEN_SPLITS) {
    for (const order of ['schema', 'reversed', 'interleaved'] as KeyOrder[]) {
      it(`R11 token split "${split}", keys in ${order} order: P(yes)/(P(yes)+P(no)) per key`, async () => {
        server = await startFakeOpenAI({ split, order, pYes: (key) => P[key] });
        const response = await compactContext(request(3), { model: modelFor(server), settings: FAST });
        expect(response.success).toBe(true);
        const decisions = (response.answer as SuccessAnswer).decisions;
        for (const d of decisions) {
          expect(d.keep_call).toBeCloseTo(P[`call_${d.pair_id}`], 12);
          expect(d.keep_result).toBeCloseTo(P[`result_${d.pair_id}`], 12);
        }
        // R12 on the real probabilities: p1 drop_result, p2 keep, p3 keep (0.5 ≥ t).
        expect(decisions.map((d) => d.action)).toEqual(['drop_result', 'keep', 'keep']);
      });
    }
  }

  it('a certain answer (no "no" among the alternatives) reads as 1, not as a failure', () => {
    const { content, tokens } = yesNoTokens(['call_p1', 'result_p1'], (k) => (k === 'call_p1' ? 1 : 0), 'glued');
    expect(readAnswer(completion(content, { logprobs: tokens }), 'logprobs', NO_KEY)).toEqual({
      call_p1: 1,
      result_p1: 0,
    });
  });

  it('no logprobs from the provider fails at once with a hint to use verbalized, never 0/1', async () => {
    server = await startFakeOpenAI({ behaviour: () => ({ body: completion('{"call_p1":"yes","result_p1":"no"}') }) });
    const response = await compactContext(request(1), {
      model: modelFor(server),
      settings: { ...FAST, maxRetries: 3 },
    });
    expect(response.success).toBe(false);
    expect(response.answer).not.toHaveProperty('messages');
    expect(JSON.stringify(response.answer)).toContain('DECISION_MODEL_PROBABILITY=verbalized');
    expect(server.requests).toHaveLength(1);
  });

  it('R11 an answer that is neither "yes" nor "no" is invalid', () => {
    expect(() =>
      readAnswer(completion('{"call_p1":"maybe","result_p1":"no"}', { logprobs: [] }), 'logprobs', NO_KEY),
    ).toThrow(/not "yes" or "no"/);
  });

  it('logprob tokens that do not spell the answer are invalid', () => {
    const { tokens } = yesNoTokens(['call_p1', 'result_p1'], () => 0.9, 'word');
    const broken = tokens.slice(0, 3);
    expect(() =>
      readAnswer(completion('{"call_p1":"yes","result_p1":"yes"}', { logprobs: broken }), 'logprobs', NO_KEY),
    ).toThrow(/do not spell/);
  });
});

describe('answer word and value positions', () => {
  it('reads yes/no ignoring quotes, spaces and case, and accepts a prefix of the word', () => {
    expect(['yes', ' "Yes', 'YES"}', 'y', 'ye'].map(answerWord)).toEqual(['yes', 'yes', 'yes', 'yes', 'yes']);
    expect(['no', ' "No', 'n', 'NO",'].map(answerWord)).toEqual(['no', 'no', 'no', 'no']);
    expect(['', '"', ' ', 'maybe', 'yesterday', 'none'].map(answerWord)).toEqual([null, null, null, null, 'yes', 'no']);
  });

  it('finds the first character inside each string value, with escapes and spaces', () => {
    const text = '{ "a\\"b" : "yes", "c":  "no" ,"d":[1,{"e":"x"}] }';
    const spans = memberSpans(text)!;
    expect(text[spans.get('a"b')!.innerStart!]).toBe('y');
    expect(text[spans.get('c')!.innerStart!]).toBe('n');
    expect(spans.get('d')!.innerStart).toBeNull();
    expect(memberSpans('{"a":"yes"} trailing')).toBeNull();
    expect(memberSpans('{"a":"yes","a":"no"}')).toBeNull();
    expect(memberSpans('not json')).toBeNull();
  });
});
