/**
 * `openai-responses`: OpenAI Responses API items — a bare item list, a request body as proxies
 * log it (`{model, instructions?, input: [...]}`), or a Response object (`{object: "response",
 * output: [...]}`). Shapes from the `openai` SDK 6.x types (resources/responses/responses.d.ts):
 * `EasyInputMessage {role, content: string | parts, type?: "message"}`, `ResponseOutputMessage
 * {id, role: "assistant", content: [{type: "output_text", text}]}`, `ResponseFunctionToolCall
 * {type: "function_call", call_id, name, arguments: "<JSON string>", id?}`,
 * `ResponseInputItem.FunctionCallOutput {type: "function_call_output", call_id, output: string |
 * [{type: "input_text", text} | image | file]}`, `ResponseCustomToolCall {call_id, name, input}`
 * and its `custom_tool_call_output`, `ResponseReasoningItem {id, summary: [{type:
 * "summary_text", text}], content?, encrypted_content?}`.
 *
 * Each item is one message of ours (a call or a result is an item of its own), paired by
 * `call_id`. Built-in tool items (web_search_call, computer_call, …) are kept untouched. There
 * is no error flag: an output whose text starts with `Error:` is read as an error.
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal, nativeOutput } from '../apply.js';
import { isRecord, serializeValue, valueAt } from '../document.js';
import { CallIds, idNote, startsWithError } from '../ids.js';
import type { BlockOrigin, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { CHAT_ERROR_NOTE, outputText, roleOf } from './chatMessages.js';
import { openaiResponsesInfo, CALLS, OUTPUTS, TEXT_PARTS, locate, isMessageItem } from '../detect/openaiResponses.js';

function partBlock(part: unknown): Block {
  if (isRecord(part) && typeof part.type === 'string' && TEXT_PARTS.has(part.type) && typeof part.text === 'string')
    return { type: 'text', text: part.text };
  return isRecord(part) && typeof part.type === 'string' ? (part as Block) : { type: 'unknown', value: part };
}

function outputOf(output: unknown): string | Block[] {
  if (typeof output === 'string') return output;
  return Array.isArray(output) ? output.map(partBlock) : '';
}

function read(doc: SourceText): ReadConversation {
  const found = locate(doc);
  if (!found) throw new FormatError('not an OpenAI Responses item list', 'not_a_history');
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const used = new Set<string>();
  let synthesized = 0;
  let kept = 0;
  const push = (
    item: Record<string, unknown> | null,
    role: string,
    blocks: Block[],
    origins: BlockOrigin[],
    record: JsonPath,
  ) => {
    let id = item && typeof item.id === 'string' && !used.has(item.id) ? item.id : null;
    if (id === null) {
      id = `m${messages.length + 1}`;
      synthesized++;
    }
    used.add(id);
    messages.push({ id, role, content: blocks });
    map.records.push([record]);
    map.blocks.push(origins);
  };
  if (typeof found.instructions === 'string' && found.instructions !== '')
    push(null, 'system', [{ type: 'text', text: found.instructions }], [{ path: ['instructions'] }], ['instructions']);
  found.items.forEach((raw, k) => {
    const path = [...found.base, k];
    if (!isRecord(raw)) return;
    const item = raw;
    if (isMessageItem(item)) {
      const parts =
        typeof item.content === 'string'
          ? item.content === ''
            ? []
            : [item.content]
          : Array.isArray(item.content)
            ? item.content
            : [];
      const blocks = parts.map((p) => (typeof p === 'string' ? { type: 'text', text: p } : partBlock(p)));
      const origins =
        typeof item.content === 'string'
          ? blocks.map(() => ({ path: [...path, 'content'] }))
          : parts.map((_, i) => ({ path: [...path, 'content', i] }));
      push(item, roleOf(item.role), blocks, origins, path);
    } else if (item.type === 'reasoning') {
      const texts = [
        ...(Array.isArray(item.summary) ? item.summary : []),
        ...(Array.isArray(item.content) ? item.content : []),
      ]
        .map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : ''))
        .filter((t) => t !== '');
      push(item, 'assistant', [{ type: 'thinking', thinking: texts.join('\n\n') }], [{ path }], path);
    } else if (typeof item.type === 'string' && CALLS.has(item.type) && typeof item.call_id === 'string') {
      const id = ids.call(item.call_id);
      const name = typeof item.name === 'string' ? item.name : '';
      names.set(id, name);
      // A custom tool's input is free text: wrapped as JSON so R3 can read it (never written back).
      const input = item.type === 'function_call' ? item.arguments : JSON.stringify({ input: item.input });
      const call: Block = {
        type: 'tool_call',
        id,
        name,
        input: typeof input === 'string' ? input : JSON.stringify(input ?? {}),
        state: 'finished',
      };
      push(item, 'assistant', [call], [{ path }], path);
    } else if (typeof item.type === 'string' && OUTPUTS.has(item.type) && typeof item.call_id === 'string') {
      const id = ids.result(item.call_id);
      const output = outputOf(item.output);
      const state = startsWithError(outputText(output)) ? 'error' : 'success';
      push(item, 'user', [{ type: 'tool_result', id, name: names.get(id) ?? '', output, state }], [{ path }], path);
    } else kept++;
  });
  return {
    format: 'openai-responses',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({
        messages:
          synthesized === messages.length
            ? 'm1, m2, … by position'
            : synthesized > 0
              ? `${synthesized} items without an id by position (m<n>); the rest native`
              : 'native',
        calls: 'native',
        repeated: ids.repeated,
      }),
      errors: CHAT_ERROR_NOTE,
      kept:
        [
          kept > 0 ? `${kept} built-in tool items (web search, computer use, …)` : null,
          found.base.length > 0
            ? `the ${found.base[0] === 'input' ? 'request' : 'response'}’s other fields (model, …)`
            : null,
        ]
          .filter(Boolean)
          .join('; ') || 'nothing else in the file',
    },
  };
}

export const openaiResponses: FormatAdapter = {
  ...openaiResponsesInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: (doc) => read(doc),
  keepsCall: (doc, read, call) => {
    // A call right after a reasoning item is the item that reasoning must be followed by:
    // removing it leaves the reasoning without it, which the API refuses (targets/responses.ts).
    const path = read.map.blocks[call.message]?.[call.block]?.path;
    const k = path?.[path.length - 1];
    if (!path || typeof k !== 'number' || k === 0) return null;
    const before = valueAt((doc as { value: unknown }).value, [...path.slice(0, -1), k - 1]);
    return isRecord(before) && before.type === 'reasoning' ? 'responses.reasoning_followed' : null;
  },
  write: (doc, read, proposal) =>
    serializeValue(
      doc,
      applyProposal((doc as { value: unknown }).value, read, proposal, {
        setOutput: (editor, origin, output) =>
          editor.set([...origin.path, 'output'], nativeOutput(output, 'input_text')),
        isEmpty: (record) => isRecord(record) && Array.isArray(record.content) && record.content.length === 0,
      }),
    ),
};
