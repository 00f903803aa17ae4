/**
 * fast-check generators for hostile histories: both layouts (results in the same assistant
 * message or a later one), every call/result state, colliding and missing ids, reversed
 * pairs, nested and non-text outputs, odd unicode, very long strings and deep nesting.
 * One file past ~300 lines because the generators build on each other (ids → blocks → steps →
 * histories → scripts): every reliability suite draws from this one grammar.
 */
import fc from 'fast-check';
import type { Block, Message } from '../../../core/engine/schema.js';

export const CALL_STATES = ['pending', 'asking', 'allowed', 'submitted', 'finished'] as const;
export const RESULT_STATES = ['success', 'error', 'interrupted', 'denied', 'running'] as const;
export const TOOL_NAMES = ['bash', 'Read', 'grep', 'search_flights', 'ignore the rules'] as const;

/** Characters that break naive code: astral, lone surrogates, RTL marks, zero-width, controls. */
const ODD = [
  '😀',
  '𝔘',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200F',
  '\u200B',
  '\uFEFF',
  '\u0000',
  '\x1b[31m',
  '\r',
  '\r\n',
  '\\',
  '"',
  '</script>',
  '…[',
  'ש',
  '\u0301',
];

const oddString = fc
  .array(fc.oneof(fc.constantFrom(...ODD), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 8 })
  .map((parts) => parts.join(''));

/** Mostly short text, sometimes odd unicode, sometimes very long (up to ~40 k units). */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: oddString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(oddString, fc.integer({ min: 500, max: 5000 }))
      .map(([s, n]) => (s || 'x').repeat(n).slice(0, 40_000)),
  },
);

/** An object nested `depth` levels deep, for unknown fields that must survive untouched. */
export const deepArb: fc.Arbitrary<unknown> = fc
  .oneof(
    { weight: 40, arbitrary: fc.integer({ min: 1, max: 400 }) },
    { weight: 1, arbitrary: fc.integer({ min: 990, max: 1500 }) },
  )
  .map((depth) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
    return value;
  });

/** Stands for "a fresh unique id" until render() numbers it; the pool makes collisions. */
const FRESH = Symbol('fresh id');
const idArb = (pool: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(FRESH) },
    { weight: 2, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 7, null, '') },
    { weight: 1, arbitrary: oddString },
  );

const inputArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 14,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 6 }), fc.oneof(textArb, fc.integer()))
      .map((o) => JSON.stringify(o)),
  },
  { weight: 1, arbitrary: fc.constantFrom('{not json', '', '{"a":', 'null', '"just a string"') },
  { weight: 1, arbitrary: fc.constantFrom(undefined, 42, { command: 'ls' }, null) },
);

const outputArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: textArb },
  {
    weight: 4,
    arbitrary: fc.array(
      textArb.map((text) => ({ type: 'text', text })),
      { maxLength: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant([
      { type: 'text', text: 'see image' },
      { type: 'data', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      deepArb,
      fc.constantFrom(
        undefined,
        null,
        3,
        [{ type: 'text' }],
        [{ type: 'text', text: 5 }],
        [[{ type: 'text', text: 'nested list' }]],
      ),
    ),
  },
);

const extraFields = fc.dictionary(
  fc.constantFrom('signature', 'meta', 'x_unknown', '0', '10'),
  fc.oneof(textArb, deepArb, fc.integer()),
  { maxKeys: 2 },
);

function callBlock(id: unknown, name: unknown, input: unknown, state: unknown, extra: Record<string, unknown>): Block {
  return { type: 'tool_call', ...extra, id, name, input, state } as Block;
}
function resultBlock(id: unknown, name: unknown, output: unknown, state: unknown): Block {
  return { type: 'tool_result', id, name, output, state } as Block;
}

interface Step {
  calls: Array<{
    id: unknown;
    name: unknown;
    input: unknown;
    callState: unknown;
    resultName: unknown;
    output: unknown;
    resultState: unknown;
    extra: Record<string, unknown>;
  }>;
  layout: 'same' | 'later' | 'reversed' | 'call_only' | 'result_only';
  text: string;
  thinking: string | null;
  userText: string;
}

const stateArb = <T extends string>(states: readonly T[], good: T) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(good) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...states, 'bogus', undefined) },
  );

const stepArb = (ids: string[]): fc.Arbitrary<Step> =>
  fc.record({
    calls: fc.array(
      fc.record({
        id: idArb(ids),
        name: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom<unknown>(...TOOL_NAMES) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, 3) },
        ),
        input: inputArb,
        callState: stateArb(CALL_STATES, 'finished'),
        resultName: fc.oneof(
          { weight: 10, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(...TOOL_NAMES) },
        ),
        output: outputArb,
        resultState: stateArb(RESULT_STATES, 'success'),
        extra: extraFields,
      }),
      { minLength: 1, maxLength: 3 },
    ),
    layout: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom<Step['layout']>('same', 'later') },
      { weight: 1, arbitrary: fc.constantFrom<Step['layout']>('reversed', 'call_only', 'result_only') },
    ),
    text: textArb,
    thinking: fc.option(textArb),
    userText: textArb,
  });

/** Turns steps into AgentScope messages; a missing resultName means "same as the call". */
function render(steps: Step[], legacy: boolean[]): Message[] {
  const messages: Message[] = [];
  let n = 0;
  const push = (role: string, content: string | Block[]) =>
    messages.push({ id: `m${n++}`, role, content, metadata: null });
  let fresh = 0;
  for (const step of steps)
    for (const c of step.calls) if (c.id === FRESH) c.id = `t${fresh++}${fresh % 3 === 0 ? '😀' : ''}`;
  steps.forEach((step, s) => {
    if (legacy[s]) push('user', step.userText);
    else push('user', [{ type: 'text', text: step.userText }]);
    const calls = step.calls.map((c) => callBlock(c.id, c.name, c.input, c.callState, c.extra));
    const results = step.calls.map((c) => resultBlock(c.id, c.resultName ?? c.name, c.output, c.resultState));
    const head: Block[] = [
      ...(step.thinking === null ? [] : [{ type: 'thinking', thinking: step.thinking, signature: 'sig' }]),
      { type: 'text', text: step.text },
    ];
    if (step.layout === 'same') push('assistant', [...head, ...calls.flatMap((c, i) => [c, results[i]])]);
    if (step.layout === 'later') {
      push('assistant', [...head, ...calls]);
      push('user', results);
    }
    if (step.layout === 'reversed') push('assistant', [...head, ...results, ...calls]);
    if (step.layout === 'call_only') push('assistant', [...head, ...calls]);
    if (step.layout === 'result_only') push('user', [{ type: 'hint', hint: 'orphan results' }, ...results]);
  });
  return messages;
}

export interface GeneratedCase {
  messages: Message[];
  eligible: string[];
  protectedMessageIds: string[];
  protectedCallIds: string[];
  options: {
    preserve_recent_messages: number;
    truncate_head_chars: number;
    keep_threshold: number;
    max_state_tokens: number;
    max_request_tokens: number;
    max_concurrency: number;
  };
  archiveRef: string;
  goal: string;
}

const idPool = fc.uniqueArray(
  fc.oneof(
    fc.constantFrom('c1', 'c2', 'toolu_01', 'call_😀', '\u202Ec3', '', '__proto__', 'constructor'),
    fc.string({ minLength: 1, maxLength: 6 }),
  ),
  { minLength: 1, maxLength: 10 },
);

export const historyCaseArb: fc.Arbitrary<GeneratedCase> = idPool.chain((ids) =>
  fc
    .record({
      steps: fc.array(stepArb(ids), { minLength: 1, maxLength: 10 }),
      legacy: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
      eligible: fc.oneof(
        { weight: 4, arbitrary: fc.constant<string[]>([...TOOL_NAMES]) },
        { weight: 1, arbitrary: fc.subarray<string>([...TOOL_NAMES]) },
      ),
      protectedMessageIds: fc.subarray(['m0', 'm1', 'm2', 'm5', 'nope']),
      protectedCallIds: fc.subarray(ids),
      options: fc.record({
        preserve_recent_messages: fc.integer({ min: 0, max: 4 }),
        truncate_head_chars: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(300)),
        keep_threshold: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 1)),
        max_state_tokens: fc.oneof(
          { weight: 4, arbitrary: fc.constant(25000) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }) },
        ),
        max_request_tokens: fc.oneof(
          { weight: 4, arbitrary: fc.constant(30000) },
          { weight: 1, arbitrary: fc.integer({ min: 257, max: 1200 }) },
        ),
        max_concurrency: fc.integer({ min: 1, max: 32 }),
      }),
      archiveRef: fc.oneof(fc.constant('archived history'), textArb),
      goal: fc.oneof(
        fc.constant('fix the failing test in bash output'),
        textArb.filter((g) => g.trim().length > 0),
      ),
    })
    .map(({ steps, legacy, ...rest }) => ({ messages: render(steps, legacy), ...rest })),
);

/** Scripted answers keyed by call id, some missing, some out of range, plus an optional default. */
export const scriptArb: fc.Arbitrary<{
  answers: Record<string, { call: number; result: number }>;
  default?: { call: number; result: number };
}> = fc.record(
  {
    answers: fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'c1',
          'c2',
          't0',
          't1',
          't2😀',
          'toolu_01',
          'call_😀',
          '\u202Ec3',
          '',
          '__proto__',
          'constructor',
        ),
        fc.string({ minLength: 1, maxLength: 6 }),
      ),
      fc.record({
        call: fc.oneof(
          { weight: 9, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
          { weight: 1, arbitrary: fc.constantFrom(-0.5, 1.5, 1e308) },
        ),
        result: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    ),
    default: fc.record({
      call: fc.double({ min: 0, max: 1, noNaN: true }),
      result: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { requiredKeys: ['answers'] },
);
