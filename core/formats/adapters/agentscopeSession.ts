/**
 * `agentscope-session`: AgentScope 1.x session state as `JSONSession.save_session_state`
 * writes it — `{"<module>": {"memory": {"content": [[Msg, marks], …]}, "toolkit", "name",
 * "_sys_prompt"}, …}`, one conversation per module with a memory (a session holding several
 * agents holds several). Entries are `[msg, marks]` pairs (older memories store the Msg
 * alone). `Msg = {id, name, role, content: string | blocks, metadata, timestamp}`; calls are
 * `tool_use` blocks with an object `input`, results `tool_result` blocks `{id, name, output}`
 * in a `system` message, paired by `tool_result.id`. No error flag: a shell result whose text
 * starts with `<returncode>N</returncode>` (N ≠ 0), or a tool's `Error:` reply, is an error.
 */
import type { Block, Message } from '../../engine/schema.js';
import { jsonDocumentWriter, nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import { CallIds, idNote, startsWithError } from '../ids.js';
import type { BlockOrigin, ConversationInfo, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { agentscopeSessionInfo, memoryOf, msgOf, modules } from '../detect/agentscopeSession.js';

const RETURN_CODE = /^\s*<returncode>(-?\d+)<\/returncode>/;

function failed(output: string | Block[]): boolean {
  const text = outputText(output);
  const code = RETURN_CODE.exec(text);
  return code ? Number(code[1]) !== 0 : startsWithError(text);
}

function blockOf(block: unknown, ids: CallIds, names: Map<string, string>): Block {
  if (!isRecord(block) || typeof block.type !== 'string') return { type: 'unknown', value: block };
  if (block.type === 'tool_use' && typeof block.id === 'string') {
    const id = ids.call(block.id);
    const name = typeof block.name === 'string' ? block.name : '';
    names.set(id, name);
    const input = block.input;
    return {
      type: 'tool_call',
      id,
      name,
      input: typeof input === 'string' ? input : JSON.stringify(input ?? {}),
      state: 'finished',
    };
  }
  if (block.type === 'tool_result' && typeof block.id === 'string') {
    const id = ids.result(block.id);
    const raw = block.output;
    const output: string | Block[] =
      typeof raw === 'string'
        ? raw
        : Array.isArray(raw)
          ? raw.map((p) => (isRecord(p) && typeof p.type === 'string' ? (p as Block) : { type: 'unknown', value: p }))
          : '';
    return {
      type: 'tool_result',
      id,
      name: names.get(id) ?? String(block.name ?? ''),
      output,
      state: failed(output) ? 'error' : 'success',
    };
  }
  return block as Block;
}

function read(doc: SourceText, conversation: string): ReadConversation {
  if (!modules(doc).includes(conversation))
    throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const memory = memoryOf((doc as { value: Record<string, unknown> }).value[conversation]) as unknown[];
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  memory.forEach((entry, k) => {
    const { msg, at } = msgOf(entry) as { msg: Record<string, unknown>; at: JsonPath };
    const record: JsonPath = [conversation, 'memory', 'content', k];
    const msgPath = [...record, ...at];
    const blocks: Block[] = [];
    const origins: BlockOrigin[] = [];
    if (typeof msg.content === 'string' && msg.content !== '') {
      blocks.push({ type: 'text', text: msg.content });
      origins.push({ path: [...msgPath, 'content'] });
    } else if (Array.isArray(msg.content))
      msg.content.forEach((block, b) => {
        blocks.push(blockOf(block, ids, names));
        origins.push({ path: [...msgPath, 'content', b] });
      });
    const id = typeof msg.id === 'string' ? msg.id : `m${messages.length + 1}`;
    messages.push({
      id,
      role: typeof msg.role === 'string' ? msg.role : 'user',
      ...(typeof msg.name === 'string' ? { name: msg.name } : {}),
      content: blocks,
    });
    map.records.push([record]);
    map.blocks.push(origins);
  });
  return {
    format: 'agentscope-session',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: 'native', calls: 'native', repeated: ids.repeated }),
      errors: 'no error flag: error when a result starts with <returncode>N</returncode> (N ≠ 0) or "Error:"',
      kept: 'each entry’s marks, the module’s toolkit, name and _sys_prompt, and the other modules',
    },
  };
}

export const agentscopeSession: FormatAdapter = {
  ...agentscopeSessionInfo,
  conversations: (doc): ConversationInfo[] => modules(doc).map((key) => ({ key, label: `module "${key}"` })),
  read,
  write: jsonDocumentWriter({
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'output'], nativeOutput(output)),
    isEmpty: (entry) => {
      const found = msgOf(entry);
      return found !== null && Array.isArray(found.msg.content) && found.msg.content.length === 0;
    },
  }),
};
