/**
 * Detection of `langchain`: a LangChain message list as `messages_to_dict` (Python) or
 * `mapChatMessagesToStoredMessages` (`@langchain/core`) saves it — `StoredMessage {type, data}`
 * with `data.content` (@langchain/core 1.4.0 dist/messages/base.d.ts). No other format wraps
 * each message in `{type, data}`. The reader and writer are adapters/langchain.ts.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** The `type`s mapStoredMessageToChatMessage loads (dist/messages/utils.js); Python writes `chat`. */
export const LANGCHAIN_TYPES = new Set(['human', 'ai', 'system', 'tool', 'function', 'generic', 'chat']);

/** The stored messages, when `doc` is a bare list of `{type, data: {content}}`. */
export function langchainMessages(doc: SourceText): Array<{ type: string; data: Record<string, unknown> }> | null {
  if (doc.kind !== 'json' || !Array.isArray(doc.value) || doc.value.length === 0) return null;
  const valid = doc.value.every(
    (m) => isRecord(m) && LANGCHAIN_TYPES.has(m.type as string) && isRecord(m.data) && 'content' in m.data,
  );
  return valid ? (doc.value as Array<{ type: string; data: Record<string, unknown> }>) : null;
}

function detect(doc: SourceText): Detection | null {
  const list = langchainMessages(doc);
  if (!list) return null;
  const calls = list.reduce((n, m) => n + (Array.isArray(m.data.tool_calls) ? m.data.tool_calls.length : 0), 0);
  return {
    format: 'langchain',
    confidence: 0.95,
    reason: `a LangChain messages_to_dict list of ${list.length} {type, data} messages with ${calls} tool_calls`,
  };
}

export const langchainInfo: FormatInfo = {
  id: 'langchain',
  name: 'LangChain messages_to_dict',
  reads:
    'StoredMessage lists ({type: human | ai | system | tool, data}): data.tool_calls on ai messages, tool messages by tool_call_id with status',
  patterns: ['*.json (messages_to_dict / mapChatMessagesToStoredMessages output)'],
  detect,
};
