/**
 * §1 and §5: the zod-free checks of core/engine/accept.ts against the zod schemas they stand in
 * for. `acceptRequest` never accepts what `RequestSchema` refuses and returns what the schema's
 * parse returns, keys in the same order; `messageListProblem` says what `describeZodError`
 * says of `MessagesSchema`, and nothing exactly when the schema accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptRequest, isMessageList, messageListProblem } from '../../../core/engine/accept.js';
import { OPTION_NAMES, OPTION_RULES } from '../../../core/engine/constants.js';
import { parseRequest } from '../../../core/engine/request.js';
import { describeZodError, MessagesSchema, RequestSchema } from '../../../core/engine/schema.js';

const RUNS = { seed: 7, numRuns: 1500 };

/** Values of every JSON type, and the odd ones a library caller may pass. */
const anyValue = fc.oneof(
  fc.constantFrom(null, true, 0, -0, 1.5, -3, 'x', '', undefined, Number.NaN, Infinity, 2 ** 53, [], {}),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.array(fc.constantFrom(1, 'a', null), { maxLength: 2 }),
);

const block = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constantFrom('text', 'tool_call', 'mystery') }) },
  { weight: 1, arbitrary: fc.record({ type: anyValue }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: anyValue },
);
const content = fc.oneof(
  { weight: 4, arbitrary: fc.array(block, { maxLength: 3 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 3 }) },
  { weight: 1, arbitrary: anyValue },
);
const message = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        id: anyValue,
        role: fc.oneof(fc.constantFrom('user', 'assistant', undefined), anyValue),
        content,
        extra: anyValue,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);
const messages = fc.oneof(
  { weight: 8, arbitrary: fc.array(message, { maxLength: 4 }) },
  { weight: 1, arbitrary: anyValue },
);

const optionValue = (name: (typeof OPTION_NAMES)[number]) => {
  const rule: { default: number; min?: number; max?: number } = OPTION_RULES[name];
  return fc.oneof(
    fc.constantFrom(rule.default, rule.min ?? 0, rule.max ?? 1e6, (rule.min ?? 0) - 1, (rule.max ?? 1e6) + 1),
    fc.constantFrom(0.5, 1e20, 2 ** 53, -0, Infinity, Number.NaN, '3', null, undefined),
    fc.double({ noNaN: true, min: -10, max: 40_000 }),
    fc.integer({ min: -2, max: 40_000 }),
  );
};
const options = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(Object.fromEntries(OPTION_NAMES.map((name) => [name, optionValue(name)])), {
      requiredKeys: [],
    }),
  },
  { weight: 1, arbitrary: fc.record({ max_concurrency: fc.constant(2), unknown_option: anyValue }) },
  { weight: 1, arbitrary: anyValue },
);
const strings = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(anyValue, { maxLength: 2 }) },
  { weight: 1, arbitrary: anyValue },
);
const tool = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      { zeta: anyValue, description: fc.oneof(fc.string(), anyValue), name: fc.string(), alpha: anyValue },
      { requiredKeys: ['name'] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);
/** Mostly valid field by field, so that a run sees both answers of the check. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: other });
const validMessages = fc.array(
  fc.record(
    {
      id: fc.string({ maxLength: 3 }),
      role: fc.constantFrom('user', 'assistant'),
      content: fc.oneof(fc.string({ maxLength: 3 }), fc.array(fc.record({ type: fc.constant('text') }))),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 3 },
);
const validOptions = fc.record(
  Object.fromEntries(
    OPTION_NAMES.map((name) => {
      const rule: { default: number; min?: number; max?: number } = OPTION_RULES[name];
      return [name, fc.constantFrom(rule.default, rule.min ?? rule.default, rule.max ?? rule.default)];
    }),
  ),
  { requiredKeys: [] },
);
const validStrings = fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 });
const request = fc.record(
  {
    options: mostly(validOptions, options),
    goal: mostly(fc.constantFrom('fix the bug', ' g '), anyValue),
    messages: mostly(validMessages, messages),
    eligible_tool_names: mostly(validStrings, strings),
    protected_message_ids: mostly(validStrings, strings),
    protected_call_ids: mostly(validStrings, strings),
    tools: mostly(fc.array(tool, { maxLength: 2 }), anyValue),
    archive_ref: mostly(fc.string({ maxLength: 3 }), anyValue),
    drop_receipts: mostly(fc.boolean(), anyValue),
    stray: anyValue,
  },
  { requiredKeys: ['goal', 'messages'] },
);

/** Equal values with keys in the same order, -0 and undefined-valued keys included. */
function sameValue(a: unknown, b: unknown): void {
  expect(a).toStrictEqual(b);
  const order = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(order)
      : typeof value === 'object' && value !== null
        ? Object.keys(value).map((key) => [key, order((value as Record<string, unknown>)[key])])
        : Object.is(value, -0)
          ? '-0'
          : value;
  expect(order(a)).toStrictEqual(order(b));
}

describe('§1 §5 the zod-free checks agree with the schemas', () => {
  it('§1 messageListProblem names the first problem in the words of describeZodError(MessagesSchema)', () => {
    fc.assert(
      fc.property(messages, (value) => {
        const parsed = MessagesSchema.safeParse(value);
        const expected = parsed.success ? null : describeZodError(parsed.error, 'messages');
        expect(messageListProblem(value)).toBe(expected);
        expect(isMessageList(value)).toBe(parsed.success);
      }),
      RUNS,
    );
  });

  it('§5 acceptRequest accepts only what RequestSchema accepts, with the same result and key order', () => {
    let accepted = 0;
    fc.assert(
      fc.property(request, (input) => {
        const fast = acceptRequest(input);
        if (fast === null) return;
        accepted++;
        const parsed = RequestSchema.safeParse(input);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        sameValue(fast, { ...parsed.data, messages: input.messages });
        expect(fast.messages).toBe(input.messages);
      }),
      RUNS,
    );
    // The check is no stand-in that refuses everything: the CLI's start-up rests on it accepting.
    expect(accepted).toBeGreaterThan(RUNS.numRuns / 50);
  });

  it('§5 every request of the CLI shapes is accepted without zod', () => {
    const history = [{ id: 'm1', role: 'user', content: [{ type: 'text', text: 'hi' }] }];
    const inputs = [
      { messages: history, goal: 'g' },
      { messages: history, goal: 'g', eligible_tool_names: ['bash'], options: { preserve_recent_messages: 2 } },
      { goal: 'g', archive_ref: 'a.json', messages: history, tools: [{ name: 'bash', description: 'runs' }] },
      { messages: history, goal: 'g', drop_receipts: true },
    ];
    for (const input of inputs) {
      const fast = acceptRequest(input);
      expect(fast).not.toBeNull();
      sameValue(fast, parseRequest(structuredClone(input)));
    }
  });
});
