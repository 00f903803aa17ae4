/**
 * Inspect AI reading a log back (inspect_ai @ 499e6152, the commit the shared logs come from):
 * `read_eval_log` validates the JSON as `EvalLog` with pydantic, and a sample's `messages` is
 * `list[ChatMessage]` (src/inspect_ai/log/_log.py `EvalSample`). `ChatMessage` is the union of
 * `ChatMessageSystem`, `ChatMessageUser`, `ChatMessageAssistant` and `ChatMessageTool`, told apart
 * by their `role` literal; each has a required `content: str | list[Content]`
 * (src/inspect_ai/model/_chat_message.py), whose blocks are the `Content` union by `type`: text,
 * reasoning, image, audio, video, data, tool_use, document (src/inspect_ai/_util/content.py). An
 * assistant's `tool_calls` are `ToolCall`s with string `id` and `function` and an object
 * `arguments`; a tool message's `tool_call_id` and `function` are strings or null and its `error`
 * a `ToolCallError`: a `type` from a fixed list and a string `message`
 * (src/inspect_ai/tool/_tool_call.py). The messages also go to the model's provider; the Chat
 * Completions rules (chat.ts) stand for it.
 */
import { isRecord, valueAt } from '../document.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'inspect.message_role': '`role` is system, user, assistant or tool (ChatMessage)',
  'inspect.message_content': '`content` is a string or a list of content blocks',
  'inspect.content_type':
    'every content block is text, reasoning, image, audio, video, data, tool_use or document (Content)',
  'inspect.tool_call_fields': 'an assistant’s tool call has string `id` and `function` and an object `arguments`',
  'inspect.tool_message_fields': 'a tool message’s `tool_call_id` and `function` are strings or null',
  'inspect.tool_error': 'a tool message’s `error` has a ToolCallError `type` and a string `message`',
} as const;

const CONTENT_TYPES = new Set(['text', 'reasoning', 'image', 'audio', 'video', 'data', 'tool_use', 'document']);
const ERROR_TYPES = new Set([
  'parsing',
  'timeout',
  'unicode_decode',
  'permission',
  'file_not_found',
  'is_a_directory',
  'limit',
  'approval',
  'cancelled',
  'sandbox_unavailable',
  'unknown',
  'output_limit',
]);

const stringOrNull = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function check(input: CheckInput): Violation[] {
  const first = input.read.map.records.find((paths) => paths.length > 0)?.[0];
  if (!first) return [];
  const base = first.slice(0, -1);
  const list = valueAt(rootOf(input.doc), base);
  const out: Violation[] = [];
  (Array.isArray(list) ? list : []).forEach((message, k) => {
    const place = placeOfPath(input.doc, [...base, k]);
    const add = (rule: keyof typeof RULES, text: string) => out.push({ rule, place, message: text });
    if (!isRecord(message)) return add('inspect.message_role', 'not a message object');
    const { role, content } = message;
    if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool')
      add('inspect.message_role', `role ${JSON.stringify(role)}`);
    if (typeof content !== 'string' && !Array.isArray(content))
      add('inspect.message_content', 'content is neither a string nor a list');
    if (Array.isArray(content))
      for (const block of content)
        if (!isRecord(block) || typeof block.type !== 'string' || !CONTENT_TYPES.has(block.type))
          add(
            'inspect.content_type',
            `a content block of type ${JSON.stringify(isRecord(block) ? block.type : block)}`,
          );
    if (role === 'assistant' && Array.isArray(message.tool_calls))
      for (const call of message.tool_calls)
        if (
          !isRecord(call) ||
          typeof call.id !== 'string' ||
          typeof call.function !== 'string' ||
          !isRecord(call.arguments)
        )
          add('inspect.tool_call_fields', `tool call ${JSON.stringify(isRecord(call) ? call.id : call)}`);
    if (role !== 'tool') return;
    if (!stringOrNull(message.tool_call_id) || !stringOrNull(message.function))
      add('inspect.tool_message_fields', 'tool_call_id or function is not a string');
    const error = message.error;
    if (
      error !== undefined &&
      error !== null &&
      !(isRecord(error) && ERROR_TYPES.has(error.type as string) && typeof error.message === 'string')
    )
      add('inspect.tool_error', `error ${JSON.stringify(error)}`);
  });
  return out;
}

export const inspectLogRead: Target = {
  id: 'inspect-read-eval-log',
  name: 'Inspect read_eval_log',
  cites:
    'inspect_ai @ 499e6152: src/inspect_ai/model/_chat_message.py, _util/content.py, tool/_tool_call.py, log/_log.py',
  rules: RULES,
  check,
};
