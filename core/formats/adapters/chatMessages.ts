/**
 * OpenAI Chat Completions messages ⇄ our model, shared by `openai-chat` and the trajectory
 * formats that store chat messages (mini-swe-agent 1.1). Shapes from the `openai` SDK 6.x
 * types (resources/chat/completions/completions.d.ts): assistant `content: string | parts |
 * null` beside `tool_calls: [{id, type: "function", function: {name, arguments: "<JSON
 * string>"}}]`; `{role: "tool", tool_call_id, content: string | text parts}`; the legacy
 * `function_call: {name, arguments}` (one per message, no id) answered by `{role: "function",
 * name, content}`, paired with the latest unanswered call of that name. There is no
 * error flag: a result whose text starts with `Error:` is read as an error (tau-bench's tools
 * answer that way), everything else as a success.
 */
import type { Block, Message } from '../../engine/schema.js';
import type { WriteHooks } from '../apply.js';
import { nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import type { CallIds } from '../ids.js';
import { startsWithError } from '../ids.js';
import type { BlockOrigin, JsonPath, SourceMap } from '../types.js';

export const CHAT_ERROR_NOTE = 'no error flag: error when the tool output starts with "Error:"';

export function roleOf(role: unknown): string {
  if (role === 'system' || role === 'developer') return 'system';
  if (role === 'assistant') return 'assistant';
  return 'user'; // user, and tool results: what comes back to the agent
}

/** A message's `content` at `path`: a non-empty string is one text block; each part of a list is one block. */
export function chatContentBlocks(
  content: unknown,
  path: JsonPath,
  out: { blocks: Block[]; origins: BlockOrigin[] },
): void {
  if (typeof content === 'string') {
    if (content !== '') {
      out.blocks.push({ type: 'text', text: content });
      out.origins.push({ path });
    }
    return;
  }
  if (!Array.isArray(content)) return;
  content.forEach((part, k) => {
    const block: Block =
      isRecord(part) && part.type === 'text' && typeof part.text === 'string'
        ? { type: 'text', text: part.text }
        : isRecord(part) && typeof part.type === 'string'
          ? (part as Block)
          : { type: 'unknown', value: part };
    out.blocks.push(block);
    out.origins.push({ path: [...path, k] });
  });
}

/** A result's output: a string, or text parts as our text blocks (anything else is non-text data). */
export function chatOutput(content: unknown): string | Block[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) =>
    isRecord(part) && part.type === 'text' && typeof part.text === 'string'
      ? { type: 'text', text: part.text }
      : isRecord(part) && typeof part.type === 'string'
        ? (part as Block)
        : { type: 'unknown', value: part },
  );
}

export function outputText(output: string | Block[]): string {
  return typeof output === 'string' ? output : output.map((b) => (typeof b.text === 'string' ? b.text : '')).join('\n');
}

/** The call inside one `tool_calls` entry: a function call, or a custom tool's free-form input. */
function callOf(entry: unknown, ids: CallIds, names: Map<string, string>): Block | null {
  if (!isRecord(entry) || typeof entry.id !== 'string') return null;
  const fn = isRecord(entry.function) ? entry.function : isRecord(entry.custom) ? entry.custom : null;
  if (!fn) return null;
  const id = ids.call(entry.id);
  const name = typeof fn.name === 'string' ? fn.name : '';
  names.set(id, name);
  // A custom tool's input is free text: wrapped as JSON so R3 can read it (never written back).
  const input = 'arguments' in fn ? fn.arguments : JSON.stringify({ input: fn.input });
  return {
    type: 'tool_call',
    id,
    name,
    input: typeof input === 'string' ? input : JSON.stringify(input ?? {}),
    state: 'finished',
  };
}

/**
 * Reads chat messages at `base` (the list's path in the document) into `messages` and `map`;
 * `messageId(k)` names message k (formats without ids synthesize them).
 */
export function readChatMessages(
  list: readonly unknown[],
  base: JsonPath,
  ids: CallIds,
  messageId: (k: number, message: Record<string, unknown>) => string,
): { messages: Message[]; map: SourceMap } {
  const names = new Map<string, string>();
  // Legacy function calls have no id: `c1, c2, …` by position of the call (ids.ts), queued per name.
  const functionCalls = new Map<string, string[]>();
  let functionCount = 0;
  const messages: Message[] = [];
  const map: SourceMap = { records: [], blocks: [] };
  list.forEach((raw, k) => {
    if (!isRecord(raw)) return;
    const path = [...base, k];
    const out = { blocks: [] as Block[], origins: [] as BlockOrigin[] };
    if (raw.role === 'function' && typeof raw.name === 'string') {
      const native = functionCalls.get(raw.name)?.pop() ?? `c${functionCount + 1}`;
      const id = ids.result(native);
      const output = chatOutput(raw.content);
      const state = startsWithError(outputText(output)) ? 'error' : 'success';
      out.blocks.push({ type: 'tool_result', id, name: raw.name, output, state });
      out.origins.push({ path });
    } else if (raw.role === 'tool' && typeof raw.tool_call_id === 'string') {
      const id = ids.result(raw.tool_call_id);
      const output = chatOutput(raw.content);
      const name = names.get(id) ?? (typeof raw.name === 'string' ? raw.name : '');
      const state = startsWithError(outputText(output)) ? 'error' : 'success';
      out.blocks.push({ type: 'tool_result', id, name, output, state });
      out.origins.push({ path });
    } else {
      chatContentBlocks(raw.content, [...path, 'content'], out);
      (Array.isArray(raw.tool_calls) ? raw.tool_calls : []).forEach((entry, j) => {
        const call = callOf(entry, ids, names);
        out.blocks.push(call ?? { type: 'unknown', value: entry });
        out.origins.push({ path: [...path, 'tool_calls', j] });
      });
      const fn = raw.function_call;
      if (isRecord(fn) && typeof fn.name === 'string') {
        const native = `c${++functionCount}`;
        functionCalls.set(fn.name, [...(functionCalls.get(fn.name) ?? []), native]);
        const id = ids.call(native);
        names.set(id, fn.name);
        const input = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
        out.blocks.push({ type: 'tool_call', id, name: fn.name, input, state: 'finished' });
        out.origins.push({ path: [...path, 'function_call'] });
      }
    }
    messages.push({ id: messageId(k, raw), role: roleOf(raw.role), content: out.blocks });
    map.records.push([path]);
    map.blocks.push(out.origins);
  });
  return { messages, map };
}

/**
 * §9 `drop_receipts` in a chat message: the call leaves `tool_calls` (or its legacy
 * `function_call` key goes) and the receipt joins `content`, which holds text beside the calls
 * rather than between them: no content becomes the receipt string, a string becomes two text
 * parts (the original one unchanged), a list of parts gains one. A reader sees the receipt after
 * the message's text and before the calls it kept, where our model has it in the call's place.
 */
export const placeChatReceipt: NonNullable<WriteHooks['placeReceipt']> = (editor, call, text) => {
  const last = call.path[call.path.length - 1];
  const message = last === 'function_call' ? call.path.slice(0, -1) : call.path.slice(0, -2);
  if (last === 'function_call') editor.deleteKey(call.path);
  else editor.remove(call.path);
  const content = editor.get([...message, 'content']);
  const part = { type: 'text', text };
  const parts = (value: unknown) => (typeof value === 'string' ? [{ type: 'text', text: value }] : value);
  editor.set(
    [...message, 'content'],
    content === null || content === undefined || content === ''
      ? text
      : Array.isArray(content) || typeof content === 'string'
        ? [...(parts(content) as unknown[]), part]
        : content,
  );
};

/** The write hooks of chat messages: outputs set on the tool message, emptied messages removed. */
export const chatHooks: Pick<WriteHooks, 'setOutput' | 'removeBlock' | 'isEmpty' | 'tidy'> = {
  setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], nativeOutput(output)),
  // A legacy `function_call` is a key, not a list element.
  removeBlock: (editor, origin) => {
    if (origin.path[origin.path.length - 1] === 'function_call') editor.deleteKey(origin.path);
    else editor.remove(origin.path);
  },
  isEmpty: (record) => {
    if (!isRecord(record)) return false;
    const content = record.content;
    const noContent =
      content === null || content === undefined || content === '' || (Array.isArray(content) && content.length === 0);
    const noCalls = !Array.isArray(record.tool_calls) || record.tool_calls.length === 0;
    return noContent && noCalls && (record.function_call === undefined || record.function_call === null);
  },
  // The API refuses `tool_calls: []`: a message that lost its last call loses the key.
  tidy: (editor: DocumentEditor, record: JsonPath) => {
    const calls = editor.get([...record, 'tool_calls']);
    if (Array.isArray(calls) && calls.length === 0) editor.deleteKey([...record, 'tool_calls']);
  },
};
