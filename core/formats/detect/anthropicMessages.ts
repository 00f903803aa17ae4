/**
 * Detection of `anthropic-messages`: MessageParam lists and request bodies, by their
 * `tool_use`/`tool_result` blocks or a top-level `system`/`max_tokens`. The reader and writer are
 * adapters/anthropicMessages.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export const ANTHROPIC_TOOL_BLOCKS = new Set(['tool_use', 'tool_result']);

export interface Located {
  base: JsonPath;
  list: Array<Record<string, unknown>>;
  system: unknown;
}

export function locate(doc: SourceText): Located | null {
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

export const anthropicMessagesInfo: FormatInfo = {
  id: 'anthropic-messages',
  name: 'Anthropic Messages conversation',
  reads:
    'MessageParam lists or request bodies {model, system, messages, tools}: tool_use / tool_result (is_error), string or block content',
  patterns: ['*.json (saved conversations)', 'proxy logs of POST /v1/messages bodies'],
  detect,
};
