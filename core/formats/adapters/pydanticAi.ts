/**
 * `pydantic-ai`: Pydantic AI message history (detect/pydanticAi.ts). Shapes from
 * pydantic/pydantic-ai pydantic_ai_slim/pydantic_ai/messages.py @ 4fda3898: a request's parts
 * are `system-prompt`, `instruction`, `user-prompt` (content: string or a list), `tool-return`
 * {tool_name, content: any JSON, tool_call_id, outcome: success | failed | denied | interrupted}
 * and `retry-prompt` {content: string or ErrorDetails list, tool_name?, tool_call_id}; a
 * response's are `text`, `thinking`, `tool-call` {tool_name, args: JSON string or object,
 * tool_call_id}. A retry-prompt with a tool_name answers that call (pydantic-ai sends it as the
 * call's tool result) and reads as an error; without one it is text. A request of system parts
 * only reads as a system message. Provider-executed parts (builtin-tool-*) are carried as they are.
 */
import type { Block } from '../../engine/schema.js';
import { jsonDocumentWriter, mainConversationReader } from '../apply.js';
import { isRecord } from '../document.js';
import type { CallIds } from '../ids.js';
import type { BlockOrigin, FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { pydanticAiInfo, pydanticAiMessages } from '../detect/pydanticAi.js';
import type { ListMessageReader } from './messageList.js';
import { readMessageList } from './messageList.js';

const SYSTEM_PARTS = new Set(['system-prompt', 'instruction']);
const OUTCOME_STATE: Readonly<Record<string, string>> = {
  failed: 'error',
  denied: 'denied',
  interrupted: 'interrupted',
};

const jsonText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

function textOf(content: unknown): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return (Array.isArray(content) ? content : [content]).map((item): Block =>
    typeof item === 'string' ? { type: 'text', text: item } : { type: 'unknown', value: item },
  );
}

function blocksOf(part: Record<string, unknown>, ids: CallIds, names: Map<string, string>): Block[] {
  const kind = part.part_kind;
  if (kind === 'tool-call' && typeof part.tool_call_id === 'string') {
    const id = ids.call(part.tool_call_id);
    const name = typeof part.tool_name === 'string' ? part.tool_name : '';
    names.set(id, name);
    const input = typeof part.args === 'string' ? part.args : JSON.stringify(part.args ?? {});
    return [{ type: 'tool_call', id, name, input, state: 'finished' }];
  }
  const answers = kind === 'tool-return' || (kind === 'retry-prompt' && typeof part.tool_name === 'string');
  if (answers && typeof part.tool_call_id === 'string') {
    const id = ids.result(part.tool_call_id);
    const name = names.get(id) ?? (typeof part.tool_name === 'string' ? part.tool_name : '');
    const state = kind === 'retry-prompt' ? 'error' : (OUTCOME_STATE[part.outcome as string] ?? 'success');
    return [{ type: 'tool_result', id, name, output: jsonText(part.content), state }];
  }
  if (kind === 'thinking' && typeof part.content === 'string') return [{ type: 'thinking', thinking: part.content }];
  if (kind === 'text' || kind === 'user-prompt' || SYSTEM_PARTS.has(kind as string)) return textOf(part.content);
  if (kind === 'retry-prompt') return [{ type: 'text', text: jsonText(part.content) }];
  return [{ type: 'unknown', value: part }];
}

const messageOf: ListMessageReader<{ kind: string; parts: Array<Record<string, unknown>> }> = (
  message,
  k,
  ids,
  names,
) => {
  const blocks: Block[] = [];
  const origins: BlockOrigin[] = [];
  message.parts.forEach((part, p) => {
    for (const block of blocksOf(part, ids, names)) {
      blocks.push(block);
      origins.push({ path: [k, 'parts', p] });
    }
  });
  const system = message.kind === 'request' && message.parts.every((p) => SYSTEM_PARTS.has(p.part_kind as string));
  return { role: message.kind === 'response' ? 'assistant' : system ? 'system' : 'user', blocks, origins };
};

function read(doc: SourceText): ReadConversation {
  const list = pydanticAiMessages(doc);
  if (!list) throw new FormatError('not a Pydantic AI message history', 'not_a_history');
  return readMessageList('pydantic-ai', list, messageOf, {
    errors: 'error when a tool-return’s outcome is "failed" or the result is a retry-prompt',
    kept: 'timestamps, usage, model and provider fields, builtin-tool parts, metadata',
  });
}

export const pydanticAi: FormatAdapter = {
  ...pydanticAiInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: mainConversationReader(read),
  holdsReceipts: true,
  write: jsonDocumentWriter({
    // §9 drop_receipts: a response `text` part in the `tool-call` part's place.
    placeReceipt: (editor, call, text) => editor.set(call.path, { part_kind: 'text', content: text }),
    // `content` of a tool-return is any JSON and of a retry-prompt a string or list: a string fits both.
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], outputText(output)),
    isEmpty: (message) => isRecord(message) && Array.isArray(message.parts) && message.parts.length === 0,
  }),
};
