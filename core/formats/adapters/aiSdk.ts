/**
 * `ai-sdk`: Vercel AI SDK `ModelMessage[]` (detect/aiSdk.ts). Shapes from vercel/ai
 * packages/provider-utils/src/types/content-part.ts @ a68a53cd: `ToolCallPart {toolCallId,
 * toolName, input, providerExecuted?}` in assistant content, `ToolResultPart {toolCallId,
 * toolName, output}` in `tool` messages (or the assistant's, for provider-executed tools),
 * `ReasoningPart {text}`; `output` is `LanguageModelV2ToolResultOutput`: `{type: "text" |
 * "error-text", value: string}`, `{type: "json" | "error-json", value}`, `{type: "content",
 * value: [{type: "text", text} | {type: "media", data, mediaType}]}`. A json output is read as
 * its JSON text; a shortened output is written as `{type: "text", value}` (a content list as
 * `content` with one text part), which the type allows. Messages have no ids: ours are synthesized.
 */
import type { Block } from '../../engine/schema.js';
import { jsonDocumentWriter, mainConversationReader, nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { CallIds } from '../ids.js';
import type { BlockOrigin, FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { aiSdkInfo, aiSdkMessages } from '../detect/aiSdk.js';
import type { ListMessageReader } from './messageList.js';
import { readMessageList } from './messageList.js';

function outputOf(output: unknown): { output: string | Block[]; state: string } {
  if (!isRecord(output)) return { output: [{ type: 'unknown', value: output }], state: 'success' };
  const error = output.type === 'error-text' || output.type === 'error-json';
  const state = error ? 'error' : output.type === 'execution-denied' ? 'denied' : 'success';
  if (typeof output.value === 'string' && (output.type === 'text' || output.type === 'error-text'))
    return { output: output.value, state };
  if (output.type === 'json' || output.type === 'error-json')
    return { output: JSON.stringify(output.value ?? null), state };
  if (output.type === 'content' && Array.isArray(output.value))
    return {
      output: output.value.map((part): Block => {
        if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
          return { type: 'text', text: part.text };
        if (isRecord(part) && part.type === 'media')
          return { type: 'data', source: { type: 'base64', media_type: part.mediaType, data: part.data } };
        return { type: 'unknown', value: part };
      }),
      state,
    };
  return { output: typeof output.reason === 'string' ? output.reason : '', state };
}

function blockOf(part: unknown, ids: CallIds, names: Map<string, string>): Block {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part) || typeof part.type !== 'string') return { type: 'unknown', value: part };
  if (part.type === 'text' && typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.type === 'reasoning' && typeof part.text === 'string') return { type: 'thinking', thinking: part.text };
  if (part.type === 'tool-call' && typeof part.toolCallId === 'string') {
    const id = ids.call(part.toolCallId);
    const name = typeof part.toolName === 'string' ? part.toolName : '';
    names.set(id, name);
    return { type: 'tool_call', id, name, input: JSON.stringify(part.input ?? {}), state: 'finished' };
  }
  if (part.type === 'tool-result' && typeof part.toolCallId === 'string') {
    const id = ids.result(part.toolCallId);
    const { output, state } = outputOf(part.output);
    const name = names.get(id) ?? (typeof part.toolName === 'string' ? part.toolName : '');
    return { type: 'tool_result', id, name, output, state };
  }
  // image, file, tool-approval-request / -response: carried as they are.
  return part as Block;
}

const messageOf: ListMessageReader<Record<string, unknown>> = (message, k, ids, names) => {
  const blocks: Block[] = [];
  const origins: BlockOrigin[] = [];
  if (typeof message.content === 'string') {
    if (message.content !== '') {
      blocks.push({ type: 'text', text: message.content });
      origins.push({ path: [k, 'content'] });
    }
  } else
    (message.content as unknown[]).forEach((part, p) => {
      blocks.push(blockOf(part, ids, names));
      origins.push({ path: [k, 'content', p] });
    });
  return { role: message.role as string, blocks, origins };
};

function read(doc: SourceText): ReadConversation {
  const list = aiSdkMessages(doc);
  if (!list) throw new FormatError('not a ModelMessage list', 'not_a_history');
  return readMessageList('ai-sdk', list, messageOf, {
    errors: 'error when the output type is error-text or error-json; execution-denied reads as denied',
    kept: 'providerOptions and every part this reader does not model (images, files, approvals)',
  });
}

export const aiSdk: FormatAdapter = {
  ...aiSdkInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: mainConversationReader(read),
  holdsReceipts: true,
  write: jsonDocumentWriter({
    // §9 drop_receipts: a `TextPart` in the `ToolCallPart`'s place.
    placeReceipt: (editor, call, text) => editor.set(call.path, { type: 'text', text }),
    // R13: a string stays a string (`text`), a list of text parts becomes one (`content`).
    setOutput: (editor, origin, output) =>
      editor.set(
        [...origin.path, 'output'],
        typeof output === 'string' ? { type: 'text', value: output } : { type: 'content', value: nativeOutput(output) },
      ),
    isEmpty: (message) => isRecord(message) && Array.isArray(message.content) && message.content.length === 0,
  }),
};
