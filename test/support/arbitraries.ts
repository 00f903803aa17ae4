/**
 * fast-check generators of AgentScope histories for the property tests: both result layouts,
 * every call and result state, duplicate, missing and reversed ids, nested and non-text
 * outputs, and unicode including astral characters and lone surrogates.
 */
import fc from 'fast-check';
import type { Block, Message } from '../../core/engine/schema.js';

export const TOOL_NAMES = ['read_file', 'grep', 'shell'] as const;
const F = 'finished';
const S = 'success';
const CALL_STATES = [F, F, F, F, F, F, F, F, 'pending', 'asking', 'allowed', 'submitted'];
const RESULT_STATES = [S, S, S, S, S, S, S, S, 'error', 'interrupted', 'denied', 'running'];

/** Text with ASCII, BMP, astral characters and, sometimes, lone surrogates. */
export const textArb = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('😀', '𝄞', 'é', '漢字', '\ud800', '\udfff', '\n', '"', '\\'),
      fc.string({ unit: 'grapheme', maxLength: 10 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const outputArb = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(textArb, fc.nat({ max: 900 })).map(([t, n]) => t + 'x'.repeat(n)) },
  {
    weight: 2,
    arbitrary: fc.array(
      textArb.map((text) => ({ type: 'text', text })),
      { minLength: 1, maxLength: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constant([
      { type: 'text', text: 'chart' },
      { type: 'data', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]),
  },
  { weight: 1, arbitrary: fc.constant({ nested: { rows: [1, 2, 3] } }) },
);

const inputArb = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom('{"path":', 'not json', '') },
);

/** One tool call / tool result pair spec; `layout` decides where the result goes. */
const pairArb = fc.record({
  /** Usually a fresh id; sometimes one that may already be taken (duplicate_id). */
  reuse: fc.constantFrom(false, false, false, false, false, false, false, true),
  name: fc.constantFrom(...TOOL_NAMES),
  resultName: fc.constantFrom(...TOOL_NAMES, ...Array<string>(12).fill('same')),
  input: inputArb,
  callState: fc.constantFrom(...CALL_STATES),
  resultState: fc.constantFrom(...RESULT_STATES),
  output: outputArb,
  layout: fc.constantFrom('same', 'same', 'same', 'later', 'later', 'later', 'reversed', 'no_result', 'no_call'),
});

const textBlockArb = fc.oneof(
  textArb.map((text) => ({ type: 'text', text })),
  fc.tuple(textArb, fc.string()).map(([thinking, signature]) => ({ type: 'thinking', thinking, signature })),
  fc.constant({ type: 'hint', hint: 'x' }),
);

/** A history: a user opener, then steps that each add prose and tool pairs in some layout. */
export const historyArb: fc.Arbitrary<Message[]> = fc
  .tuple(
    textArb,
    fc.array(fc.tuple(fc.array(textBlockArb, { maxLength: 2 }), fc.array(pairArb, { maxLength: 3 }), fc.boolean()), {
      minLength: 1,
      maxLength: 8,
    }),
  )
  .map(([opener, steps]) => {
    const messages: Message[] = [
      { id: 'm0', role: 'user', content: [{ type: 'text', text: opener }], extra: { k: 1 } },
    ];
    let n = 1;
    let ids = 0;
    const push = (role: string, content: Message['content']) =>
      messages.push({ id: `m${n++}`, name: role === 'user' ? 'u' : 'agent', role, content, metadata: {} });
    for (const [prose, pairs, bareUser] of steps) {
      const here: Block[] = [...prose];
      const later: Block[] = [];
      const before: Block[] = [];
      for (const p of pairs) {
        const id = p.reuse ? 'c1' : `c${++ids}`;
        const call = { type: 'tool_call', id, name: p.name, input: p.input, state: p.callState };
        const result = {
          type: 'tool_result',
          id,
          name: p.resultName === 'same' ? p.name : p.resultName,
          output: p.output,
          state: p.resultState,
        };
        if (p.layout === 'same') here.push(call, result);
        else if (p.layout === 'later') {
          here.push(call);
          later.push(result);
        } else if (p.layout === 'reversed') {
          before.push(result);
          here.push(call);
        } else if (p.layout === 'no_result') here.push(call);
        else here.push(result);
      }
      if (before.length) push('user', before);
      push('assistant', here);
      if (later.length) push('user', later);
      if (bareUser) push('user', 'a legacy bare-string message');
    }
    return messages;
  });

export const optionsArb = fc.record({
  keep_threshold: fc.constantFrom(0, 0.3, 0.5, 0.7, 1),
  preserve_recent_messages: fc.nat({ max: 4 }),
  truncate_head_chars: fc.constantFrom(0, 3, 20, 300),
  truncate_tail_chars: fc.constantFrom(0, 0, 4, 40),
});

export const requestArb = fc.record({
  messages: historyArb,
  goal: textArb.map((g) => `goal: ${g}`),
  eligible_tool_names: fc.subarray([...TOOL_NAMES]),
  protected_message_ids: fc.subarray(['m1', 'm2', 'm5']),
  protected_call_ids: fc.subarray(['c2', 'c7']),
  options: optionsArb,
  /** §9: sometimes a compaction the agent made, whose live context starts at one of these. */
  live_from_message_id: fc.constantFrom(undefined, undefined, 'm2', 'm4'),
});

/** Per call id probabilities for a scripted model: every candidate has an answer. */
export const answersArb = fc.dictionary(
  fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'),
  fc.record({ call: fc.double({ min: 0, max: 1, noNaN: true }), result: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** A scripted model's document: answers per call id, and a default for the other candidates. */
export const scriptArb = fc
  .tuple(answersArb, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([answers, call, result]) => ({ answers, default: { call, result } }));

/** Thresholds a re-derivation is checked at (R15): both ends and between. */
export const thresholdArb = fc.constantFrom(0, 0.2, 0.5, 0.8, 1);
