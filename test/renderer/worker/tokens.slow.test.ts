/**
 * The inspector's BPE counts are counted incrementally per message (renderer/worker/tokens.ts):
 * after any sequence of action changes they must equal a full recount of the compact JSON —
 * the history before, the history after (R13, R14) and its unchanged prefix (§9).
 */
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/model/gpt-4o';
import { describe, expect, it } from 'vitest';
import type { Pair, Policy } from '../../../core/engine/guards.js';
import { analyze } from '../../../core/engine/guards.js';
import type { RebuildOptions } from '../../../core/engine/rebuild.js';
import { rebuild } from '../../../core/engine/rebuild.js';
import type { Action, Message } from '../../../core/engine/schema.js';
import { TokenCounter } from '../../../renderer/worker/tokens.js';
import { historyArb, TOOL_NAMES } from '../../support/arbitraries.js';
import { generateHistory, GENERATED_TOOLS } from '../../support/generate.js';

// 300 generated histories counted with the real BPE tokenizer: ~15 s on an idle 2-core machine,
// past vitest's 30 s default when the slow tier runs beside other suites.
const PROPERTY_TIMEOUT_MS = 180_000;

const count = (text: string) => countTokens(text);

function recount(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: Map<string, Action>,
  o: RebuildOptions,
) {
  const rebuilt = rebuild(messages, pairs, actions, o, false);
  return {
    after: count(JSON.stringify(rebuilt.messages)),
    prefix: count(JSON.stringify(messages.slice(0, rebuilt.firstChanged ?? messages.length))),
  };
}

// Where the tokenizer's pieces could straddle a cut: trailing spaces and other whitespace,
// combining marks, contractions, punctuation-only keys and values, empty objects.
const edgeText = fc.constantFrom(
  'ends with spaces   ',
  'ends with nbsp\u00a0\u00a0',
  'e\u0301',
  '\u0301',
  "it's",
  "don'",
  '}}\u0301',
  ' ',
  '',
  '123',
  'x\u2028',
  '💥',
);
const oddMessage = fc.oneof(
  edgeText.map((text): Message => ({ _: text, role: 'user', content: text })),
  edgeText.map((text): Message => ({ role: 'assistant', content: [{ type: 'text', text }], z: text })),
  fc.constant({} as Message),
  edgeText.map((text): Message => ({ ' lead': text, content: [] })),
);
const mixedHistory = fc
  .tuple(historyArb, fc.array(fc.tuple(fc.nat(), oddMessage), { maxLength: 4 }))
  .map(([messages, odd]) => {
    const out = [...messages];
    for (const [at, message] of odd) out.splice(at % (out.length + 1), 0, message);
    return out;
  });
const actionArb = fc.constantFrom<Action>('keep', 'keep', 'drop_result', 'drop_call');
const optionsArb = fc.record({
  truncateHeadChars: fc.constantFrom(0, 3, 20),
  truncateTailChars: fc.constantFrom(0, 4),
  archiveRef: fc.constantFrom('archived history', 'x'),
});

describe('incremental token counts', () => {
  it(
    '§9 equal a full recount after every change of actions, on any history',
    () => {
      fc.assert(
        fc.property(
          mixedHistory,
          fc.nat({ max: 3 }),
          optionsArb,
          fc.array(fc.array(actionArb, { minLength: 12, maxLength: 12 }), { minLength: 1, maxLength: 5 }),
          (messages, recent, options, steps) => {
            const policy: Policy = {
              eligibleToolNames: [...TOOL_NAMES],
              protectedMessageIds: [],
              protectedCallIds: [],
              preserveRecentMessages: recent,
            };
            const { pairs } = analyze(messages, policy);
            const counter = new TokenCounter(messages, count);
            expect(counter.before()).toBe(count(JSON.stringify(messages)));
            for (const step of steps) {
              const actions = new Map(pairs.map((p, i) => [p.pairId, step[i % step.length]] as const));
              expect(counter.measure(policy, actions, options)).toEqual(recount(messages, pairs, actions, options));
            }
          },
        ),
        { seed: 7, numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    '§9 the history before equals a full recount for messages of any keys and unicode values',
    () => {
      const valueArb = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), edgeText);
      const messageArb = fc.dictionary(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), edgeText),
        fc.oneof(valueArb, fc.jsonValue({ maxDepth: 2 }), fc.array(fc.dictionary(fc.string(), valueArb))),
        { maxKeys: 4 },
      ) as fc.Arbitrary<Message>;
      fc.assert(
        fc.property(fc.array(messageArb, { maxLength: 8 }), (messages) => {
          expect(new TokenCounter(messages, count).before()).toBe(count(JSON.stringify(messages)));
          for (let k = 0; k <= messages.length; k++)
            expect(new TokenCounter(messages, count).prefix(k)).toBe(count(JSON.stringify(messages.slice(0, k))));
        }),
        { seed: 11, numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('§9 equal a full recount while a threshold moves over a generated history, in both layouts', () => {
    for (const layout of ['same_message', 'next_message'] as const) {
      const messages = generateHistory({ calls: 60, targetBytes: 60_000, layout, seed: 3 });
      const policy: Policy = {
        eligibleToolNames: [...GENERATED_TOOLS],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 2,
      };
      const { pairs } = analyze(messages, policy);
      const options = { truncateHeadChars: 300, truncateTailChars: 0, archiveRef: 'archived history' };
      const counter = new TokenCounter(messages, count);
      // A pair's "probability" is its index: each threshold drops the results (or calls) of a different share.
      for (const threshold of [0.5, 0.2, 0.8, 0.5, 1, 0]) {
        const actions = new Map<string, Action>(
          pairs.map((p, i) => {
            const share = i / pairs.length;
            return [p.pairId, share < threshold / 2 ? 'drop_call' : share < threshold ? 'drop_result' : 'keep'];
          }),
        );
        expect(counter.measure(policy, actions, options)).toEqual(recount(messages, pairs, actions, options));
      }
    }
  });
});
