/**
 * `anthropic-messages`: Anthropic Messages API conversations — a bare `MessageParam[]`, or a
 * request body as proxies log it (`{model, max_tokens, system?, messages, tools?}`). Calls are
 * `tool_use` blocks, results `tool_result` blocks in the next user message paired by
 * `tool_use_id`, errors `is_error: true` (shapes: anthropicBlocks.ts). A top-level `system`
 * prompt is read as our first (system) message and never edited. Messages have no ids: ours
 * are synthesized by position.
 */
import { applyProposal } from '../apply.js';
import { isRecord, serializeValue } from '../document.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { Detection, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { CallNames } from './anthropicBlocks.js';
import { isEmptyContent, readAnthropicContent, setAnthropicOutput } from './anthropicBlocks.js';
import type { Message } from '../../engine/schema.js';

const ANTHROPIC_TOOL_BLOCKS = new Set(['tool_use', 'tool_result']);

interface Located {
  base: JsonPath;
  list: Array<Record<string, unknown>>;
  system: unknown;
}

function locate(doc: SourceText): Located | null {
  if (doc.kind !== 'json') return null;
  const isMessages = (list: unknown): list is Array<Record<string, unknown>> =>
    Array.isArray(list) &&
    list.length > 0 &&
    list.every(
      (m) => isRecord(m) && (m.role === 'user' || m.role === 'assistant' || m.role === 'system') && 'content' in m,
    );
  if (isMessages(doc.value)) return { base: [], list: doc.value, system: undefined };
  const body = doc.value;
  if (isRecord(body) && isMessages(body.messages) && ('model' in body || 'system' in body || 'max_tokens' in body))
    return { base: ['messages'], list: body.messages, system: body.system };
  return null;
}

function detect(doc: SourceText): Detection | null {
  const found = locate(doc);
  if (!found) return null;
  let toolBlocks = 0;
  for (const message of found.list) {
    if (message.content !== null && typeof message.content !== 'string' && !Array.isArray(message.content)) return null;
    for (const block of Array.isArray(message.content) ? message.content : []) {
      if (!isRecord(block) || typeof block.type !== 'string') return null;
      if (ANTHROPIC_TOOL_BLOCKS.has(block.type)) toolBlocks++;
      // OpenAI's and our own block vocabularies mean another format.
      if (block.type === 'tool_call' || block.type === 'image_url') return null;
    }
    if ('tool_calls' in message) return null;
  }
  const where = found.base.length === 0 ? 'a message list' : 'a request body with "messages"';
  if (toolBlocks > 0)
    return {
      format: 'anthropic-messages',
      confidence: 0.95,
      reason: `${where} with ${toolBlocks} tool_use/tool_result blocks`,
    };
  if (
    found.system !== undefined ||
    (isRecord((doc as { value: unknown }).value) && 'max_tokens' in (doc as { value: Record<string, unknown> }).value)
  )
    return { format: 'anthropic-messages', confidence: 0.7, reason: `${where} with a top-level system/max_tokens` };
  return { format: 'anthropic-messages', confidence: 0.3, reason: `${where} of user/assistant messages` };
}

function read(doc: SourceText): ReadConversation {
  const found = locate(doc);
  if (!found) throw new FormatError('not an Anthropic Messages conversation', 'not_a_history');
  const ids = new CallIds();
  const names: CallNames = new Map();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  if (found.system !== undefined) {
    // Only the prompt's text blocks are ours; the prompt itself is a field, never a record we remove.
    const system = readAnthropicContent(found.system, ['system'], ids, names);
    messages.push({ id: 'm1', role: 'system', content: system.blocks });
    map.records.push([['system']]);
    map.blocks.push(system.origins);
  }
  found.list.forEach((message, k) => {
    const path = [...found.base, k];
    const content = readAnthropicContent(message.content, [...path, 'content'], ids, names);
    messages.push({ id: `m${messages.length + 1}`, role: message.role as string, content: content.blocks });
    map.records.push([path]);
    map.blocks.push(content.origins);
  });
  return {
    format: 'anthropic-messages',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: 'error when a tool_result has is_error: true',
      kept:
        found.base.length > 0 ? 'the request’s other fields (model, tools, max_tokens, …)' : 'nothing else in the file',
    },
  };
}

export const anthropicMessages: FormatAdapter = {
  id: 'anthropic-messages',
  name: 'Anthropic Messages conversation',
  reads:
    'MessageParam lists or request bodies {model, system, messages, tools}: tool_use / tool_result (is_error), string or block content',
  patterns: ['*.json (saved conversations)', 'proxy logs of POST /v1/messages bodies'],
  detect,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: (doc) => read(doc),
  write: (doc, read, proposal) =>
    serializeValue(
      doc,
      applyProposal((doc as { value: unknown }).value, read, proposal, {
        setOutput: setAnthropicOutput,
        isEmpty: isEmptyContent,
      }),
    ),
};
