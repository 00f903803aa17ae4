/**
 * OpenAI Chat Completions: the API refuses a `tool` message that does not answer a `tool_calls`
 * entry of the assistant message before it ("messages with role 'tool' must be a response to
 * a preceeding message with 'tool_calls'"), and an assistant message whose `tool_calls` are not
 * each answered by the tool messages right after it ("An assistant message with 'tool_calls'
 * must be followed by tool messages responding to each 'tool_call_id'"). Source: the API
 * reference, https://platform.openai.com/docs/api-reference/chat/create (`messages`, tool
 * message `tool_call_id`), and the SDK types (openai-node 6.x
 * resources/chat/completions/completions.d.ts `ChatCompletionToolMessageParam`).
 *
 * Checked on our model: a tool message is a message holding only `tool_result` blocks.
 */
import type { Block, Message } from '../../engine/schema.js';
import { placeOfMessage } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'chat.tool_answers_call':
    'every tool message answers a tool_call of the assistant message just before the tool messages',
  'chat.call_answered': 'every tool_call is answered by one of the tool messages right after its assistant message',
} as const;

const blocksOf = (m: Message): Block[] => (Array.isArray(m.content) ? m.content : []);
const isToolMessage = (m: Message) => blocksOf(m).length > 0 && blocksOf(m).every((b) => b.type === 'tool_result');

export function checkChat(input: CheckInput, messages: readonly Message[] = input.read.messages): Violation[] {
  const out: Violation[] = [];
  let open: { calls: Map<unknown, number>; answered: Set<unknown> } | null = null;
  const close = (last: boolean) => {
    if (open && !last)
      for (const [id, message] of open.calls)
        if (!open.answered.has(id))
          out.push({
            rule: 'chat.call_answered',
            place: placeOfMessage(input, message),
            message: `tool_call ${String(id)} has no tool message after its assistant message`,
          });
    open = null;
  };
  messages.forEach((message, index) => {
    if (isToolMessage(message)) {
      for (const block of blocksOf(message)) {
        if (open?.calls.has(block.id)) open.answered.add(block.id);
        else
          out.push({
            rule: 'chat.tool_answers_call',
            place: placeOfMessage(input, index),
            message: `tool message for ${String(block.id)} answers no tool_call of the assistant message before it`,
          });
      }
      return;
    }
    close(false);
    const calls = blocksOf(message).filter((b) => b.type === 'tool_call');
    if (message.role === 'assistant' && calls.length > 0)
      open = { calls: new Map(calls.map((b) => [b.id, index])), answered: new Set() };
  });
  // A final assistant message still waiting for its results is a live conversation, not an error.
  close(true);
  return out;
}

export const chatCompletions: Target = {
  id: 'openai-chat-completions',
  name: 'OpenAI Chat Completions',
  cites: 'platform.openai.com/docs/api-reference/chat/create; openai-node 6.x completions.d.ts',
  rules: RULES,
  check: (input) => checkChat(input),
};
