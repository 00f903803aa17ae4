/**
 * Request shapes whose heap need differs per body byte: many small messages, few huge
 * results, many tool calls, and a raised `max_state_tokens` (R7 then keeps the whole
 * observation). The heap bench (test/bench/host-heap.ts) measures each; the memory
 * tests send the one whose bytes understate its heap need the most.
 */
import type { Message } from '../../core/engine/schema.js';
import { generateHistory, GENERATED_TOOLS } from './generate.js';

export interface HeapRequest {
  goal: string;
  messages: Message[];
  eligible_tool_names?: string[];
  options?: Record<string, number>;
}

export interface HeapShape {
  name: string;
  /** A request whose compact JSON is about `targetBytes`. */
  request(targetBytes: number): HeapRequest;
}

const GOAL = 'finish the payment retry fix';
const RAISED = { max_state_tokens: 10_000_000, max_request_tokens: 10_000_000 };

function textMessages(count: number, chars = 120): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < count; i++)
    messages.push({
      id: `m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: [{ type: 'text', text: `note ${i} ${'w'.repeat(chars)}` }],
    });
  return messages;
}
const perText = (chars: number) => JSON.stringify(textMessages(1, chars)[0]).length + 1;

/** Short finished calls, the result in the next message: ~190 bytes a message, 100k messages in 19 MB. */
function shortCalls(count: number): Message[] {
  const messages: Message[] = [{ id: 'task', role: 'user', content: [{ type: 'text', text: GOAL }] }];
  for (let i = 0; i < count; i++) {
    const id = `c${i}`;
    const name = GENERATED_TOOLS[i % GENERATED_TOOLS.length];
    messages.push(
      {
        id: `a${i}`,
        role: 'assistant',
        content: [{ type: 'tool_call', id, name, input: `{"path":"src/f${i}.ts"}`, state: 'finished' }],
      },
      {
        id: `r${i}`,
        role: 'user',
        content: [{ type: 'tool_result', id, name, output: `line ${i} ${'x'.repeat(76)}`, state: 'success' }],
      },
    );
  }
  return messages;
}
const perCall = JSON.stringify(shortCalls(1).slice(1)).length;
const callsFor = (targetBytes: number) => Math.round(targetBytes / perCall);
const calls = (targetBytes: number, count: number) =>
  count >= 50_000 ? shortCalls(count) : generateHistory({ calls: count, targetBytes, layout: 'next_message', seed: 5 });

export const HEAP_SHAPES: HeapShape[] = [
  {
    name: 'small text messages, no tools',
    request: (bytes) => ({ goal: GOAL, messages: textMessages(Math.round(bytes / perText(120))) }),
  },
  {
    name: 'small text messages and one call',
    request: (bytes) => ({
      goal: GOAL,
      messages: [...shortCalls(1), ...textMessages(Math.round(bytes / perText(120)))],
      eligible_tool_names: [...GENERATED_TOOLS],
    }),
  },
  {
    name: 'small text messages and one call, max_state_tokens and max_request_tokens 10M',
    request: (bytes) => ({
      goal: GOAL,
      messages: [...shortCalls(1), ...textMessages(Math.round(bytes / perText(120)))],
      eligible_tool_names: [...GENERATED_TOOLS],
      options: RAISED,
    }),
  },
  {
    name: 'text messages of 2 kB and one call',
    request: (bytes) => ({
      goal: GOAL,
      messages: [...shortCalls(1), ...textMessages(Math.round(bytes / perText(2000)), 2000)],
      eligible_tool_names: [...GENERATED_TOOLS],
    }),
  },
  {
    name: 'text messages of 2 kB, no tools',
    request: (bytes) => ({ goal: GOAL, messages: textMessages(Math.round(bytes / perText(2000)), 2000) }),
  },
  {
    name: 'many calls (2 messages each)',
    request: (bytes) => ({
      goal: GOAL,
      messages: calls(bytes, callsFor(bytes)),
      eligible_tool_names: [...GENERATED_TOOLS],
    }),
  },
  {
    name: 'many calls, max_state_tokens 10M',
    request: (bytes) => ({
      goal: GOAL,
      messages: calls(bytes, callsFor(bytes)),
      eligible_tool_names: [...GENERATED_TOOLS],
      options: { max_state_tokens: RAISED.max_state_tokens },
    }),
  },
  {
    name: 'many calls, max_state_tokens and max_request_tokens 10M',
    request: (bytes) => ({
      goal: GOAL,
      messages: calls(bytes, callsFor(bytes)),
      eligible_tool_names: [...GENERATED_TOOLS],
      options: RAISED,
    }),
  },
  {
    name: '20k calls, 500-char results, max_state_tokens and max_request_tokens 10M',
    request: (bytes) => ({
      goal: GOAL,
      messages: calls(bytes, 20_000),
      eligible_tool_names: [...GENERATED_TOOLS],
      options: RAISED,
    }),
  },
  {
    name: '400 calls, 47 kB results',
    request: (bytes) => ({ goal: GOAL, messages: calls(bytes, 400), eligible_tool_names: [...GENERATED_TOOLS] }),
  },
  {
    name: '8 calls, huge results, both limits 10M',
    request: (bytes) => ({
      goal: GOAL,
      messages: calls(bytes, 8),
      eligible_tool_names: [...GENERATED_TOOLS],
      options: RAISED,
    }),
  },
];

/** The history whose bytes understate its heap need most: ~100k messages in ~19 MB, max_state_tokens raised. */
export const ABORTING_SHAPE = HEAP_SHAPES.find(
  (s) => s.name === 'many calls, max_state_tokens and max_request_tokens 10M',
) as HeapShape;
