/**
 * `anthropic-messages`: Anthropic Messages API conversations — a bare `MessageParam[]`, or a
 * request body as proxies log it (`{model, max_tokens, system?, messages, tools?}`). Calls are
 * `tool_use` blocks, results `tool_result` blocks in the next user message paired by
 * `tool_use_id`, errors `is_error: true` (shapes: anthropicBlocks.ts). A top-level `system`
 * prompt is read as our first (system) message and never edited. Messages have no ids: ours
 * are synthesized by position.
 */
import { jsonDocumentWriter } from '../apply.js';

import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { CallNames } from './anthropicBlocks.js';
import { isEmptyContent, placeAnthropicReceipt, readAnthropicContent, setAnthropicOutput } from './anthropicBlocks.js';
import type { Message } from '../../engine/schema.js';
import { anthropicMessagesInfo, locate } from '../detect/anthropicMessages.js';

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
  ...anthropicMessagesInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: (doc) => read(doc),
  holdsReceipts: true,
  write: jsonDocumentWriter({
    setOutput: setAnthropicOutput,
    placeReceipt: placeAnthropicReceipt,
    isEmpty: isEmptyContent,
  }),
};
