/**
 * `langchain`: LangChain `StoredMessage[]` (detect/langchain.ts). Shapes from @langchain/core
 * 1.4.0 (npm tarball) dist/messages/base.d.ts, tool.d.ts, ai.d.ts: an ai message's
 * `data.tool_calls: [{name, args, id, type: "tool_call"}]`; a tool message's `data.content`
 * (string or content blocks), `tool_call_id` and `status?: "success" | "error"`. OpenAI chat
 * models also copy the raw calls into `data.additional_kwargs.tool_calls`, which langchain-openai
 * sends only when `tool_calls` is empty: a removed call goes from that copy too. Legacy
 * `function` messages (no call id) are read as text. Message ids are synthesized by position.
 * `data.content` holds the provider's parts, read by the chat reader's rule (chatMessages.ts).
 */
import type { Block } from '../../engine/schema.js';
import { jsonDocumentWriter, mainConversationReader, nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import type { BlockOrigin, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { chatContentBlocks, chatOutput } from './chatMessages.js';
import { langchainInfo, langchainMessages } from '../detect/langchain.js';
import type { ListMessageReader } from './messageList.js';
import { readMessageList } from './messageList.js';

function roleOf(type: string, data: Record<string, unknown>): string {
  if (type === 'ai') return 'assistant';
  if (type === 'system') return 'system';
  if ((type === 'chat' || type === 'generic') && (data.role === 'assistant' || data.role === 'system'))
    return data.role;
  return 'user'; // human, and tool / function results: what comes back to the agent
}

const messageOf: ListMessageReader<{ type: string; data: Record<string, unknown> }> = (
  { type, data },
  k,
  ids,
  names,
) => {
  const blocks: Block[] = [];
  const origins: BlockOrigin[] = [];
  if (type === 'tool' && typeof data.tool_call_id === 'string') {
    const id = ids.result(data.tool_call_id);
    const name = names.get(id) ?? (typeof data.name === 'string' ? data.name : '');
    const state = data.status === 'error' ? 'error' : 'success';
    blocks.push({ type: 'tool_result', id, name, output: chatOutput(data.content), state });
    origins.push({ path: [k] });
  } else {
    chatContentBlocks(data.content, [k, 'data', 'content'], { blocks, origins });
    (Array.isArray(data.tool_calls) ? data.tool_calls : []).forEach((call: unknown, j) => {
      if (isRecord(call) && typeof call.id === 'string') {
        const id = ids.call(call.id);
        const name = typeof call.name === 'string' ? call.name : '';
        names.set(id, name);
        blocks.push({ type: 'tool_call', id, name, input: JSON.stringify(call.args ?? {}), state: 'finished' });
      } else blocks.push({ type: 'unknown', value: call });
      origins.push({ path: [k, 'data', 'tool_calls', j] });
    });
  }
  return { role: roleOf(type, data), blocks, origins };
};

function read(doc: SourceText): ReadConversation {
  const list = langchainMessages(doc);
  if (!list) throw new FormatError('not a LangChain messages_to_dict list', 'not_a_history');
  return readMessageList('langchain', list, messageOf, {
    errors: 'error when a tool message’s status is "error"',
    kept: 'additional_kwargs, response_metadata, usage_metadata, invalid_tool_calls, artifacts, message ids',
  });
}

/** Drops the raw copies in `additional_kwargs.tool_calls` whose call is no longer in `tool_calls`. */
function tidy(editor: DocumentEditor, record: JsonPath): void {
  const raw = editor.get([...record, 'data', 'additional_kwargs', 'tool_calls']);
  if (!Array.isArray(raw)) return;
  const calls = editor.get([...record, 'data', 'tool_calls']);
  const kept = new Set((Array.isArray(calls) ? calls : []).map((c) => (isRecord(c) ? c.id : undefined)));
  const left = raw.filter((c) => isRecord(c) && kept.has(c.id));
  if (left.length === raw.length) return;
  if (left.length === 0) editor.deleteKey([...record, 'data', 'additional_kwargs', 'tool_calls']);
  else editor.set([...record, 'data', 'additional_kwargs', 'tool_calls'], left);
}

export const langchain: FormatAdapter = {
  ...langchainInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: mainConversationReader(read),
  write: jsonDocumentWriter({
    // R13: a string stays a string, content blocks stay blocks.
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'data', 'content'], nativeOutput(output)),
    isEmpty: (record) => {
      if (!isRecord(record) || !isRecord(record.data)) return false;
      const { content, tool_calls: calls } = record.data;
      const noContent = content === '' || (Array.isArray(content) && content.length === 0);
      return noContent && (!Array.isArray(calls) || calls.length === 0);
    },
    tidy,
  }),
};
