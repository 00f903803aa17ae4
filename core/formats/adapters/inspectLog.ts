/**
 * `inspect-log`: Inspect AI eval logs in JSON (`inspect log convert --to json` for `.eval`).
 * Each sample is a conversation (key: its id; with the epoch when ids repeat; with its position
 * `#n` when id and epoch both repeat). Messages have ids; assistant `tool_calls: [{id, function: "<name>", arguments: {…object…}}]`; `tool`
 * messages `{tool_call_id, function, content, error?: {type, message}}` — an `error` object is
 * the error state. Content may be an `attachment://<hash>` reference into the sample's
 * `attachments`; it is resolved for reading, and a shortened output is written inline, so
 * every reference that stays keeps resolving.
 *
 * The sample's `events` repeat the conversation; the writer keeps them consistent: a shortened
 * result is shortened in the `tool` event and in every `model` event's input copy, and a
 * dropped call leaves the model events' input and output copies and loses its `tool` event.
 * Spans, sandbox and other events stay.
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal, nativeOutput } from '../apply.js';
import { isRecord, serializeValue } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote } from '../ids.js';
import type {
  BlockOrigin,
  ConversationInfo,
  Edit,
  FormatAdapter,
  JsonPath,
  ReadConversation,
  SourceText,
} from '../types.js';
import { FormatError } from '../types.js';
import { chatHooks, roleOf } from './chatMessages.js';
import { syncEvents } from './inspectEvents.js';
import type { Sample } from '../detect/inspectLog.js';
import { inspectLogInfo, samplesOf } from '../detect/inspectLog.js';

const ATTACHMENT = 'attachment://';

function conversations(doc: SourceText): ConversationInfo[] {
  const samples = samplesOf(doc) ?? [];
  const ids = samples.map((s) => String(s.id));
  const unique = new Set(ids).size === ids.length;
  const used = new Set<string>();
  return samples.map((s, i) => {
    // The id; with the epoch when ids repeat; with the sample's position when both repeat (a
    // log merged from two runs), so every sample can be opened and written back (SPEC §9).
    const base = unique ? ids[i] : `${ids[i]}/${String(s.epoch)}`;
    let key = base;
    while (used.has(key)) key = `${key}#${i + 1}`;
    used.add(key);
    const input = typeof s.input === 'string' ? `: ${s.input.slice(0, 60)}` : '';
    const position = key === base ? '' : ` (sample ${i + 1} of the log)`;
    return { key, label: `sample ${ids[i]}, epoch ${String(s.epoch ?? 1)}${position}${input}` };
  });
}

/** `attachment://<hash>` → the attachment's text; anything else as it is. */
function resolver(sample: Sample): (value: unknown) => unknown {
  const attachments = isRecord(sample.attachments) ? sample.attachments : {};
  return (value) =>
    typeof value === 'string' &&
    value.startsWith(ATTACHMENT) &&
    typeof attachments[value.slice(ATTACHMENT.length)] === 'string'
      ? attachments[value.slice(ATTACHMENT.length)]
      : value;
}

function contentBlocks(
  content: unknown,
  path: JsonPath,
  resolve: (v: unknown) => unknown,
): { blocks: Block[]; origins: BlockOrigin[] } {
  const out = { blocks: [] as Block[], origins: [] as BlockOrigin[] };
  const text = resolve(content);
  if (typeof text === 'string') {
    if (text !== '') {
      out.blocks.push({ type: 'text', text });
      out.origins.push({ path });
    }
    return out;
  }
  (Array.isArray(content) ? content : []).forEach((part, i) => {
    let block: Block;
    if (isRecord(part) && part.type === 'text') block = { type: 'text', text: String(resolve(part.text) ?? '') };
    else if (isRecord(part) && part.type === 'reasoning')
      block = {
        type: 'thinking',
        thinking: String(resolve(part.reasoning) ?? ''),
        ...(part.signature ? { signature: part.signature } : {}),
      };
    else block = isRecord(part) && typeof part.type === 'string' ? (part as Block) : { type: 'unknown', value: part };
    out.blocks.push(block);
    out.origins.push({ path: [...path, i] });
  });
  return out;
}

function outputOf(content: unknown, resolve: (v: unknown) => unknown): string | Block[] {
  const text = resolve(content);
  if (typeof text === 'string') return text;
  if (!Array.isArray(content)) return '';
  return content.map((part) =>
    isRecord(part) && part.type === 'text'
      ? { type: 'text', text: String(resolve(part.text) ?? '') }
      : isRecord(part) && typeof part.type === 'string'
        ? (part as Block)
        : { type: 'unknown', value: part },
  );
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const samples = samplesOf(doc);
  const index = conversations(doc).findIndex((c) => c.key === conversation);
  if (!samples || index < 0) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const sample = samples[index];
  const resolve = resolver(sample);
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  let synthesized = 0;
  (Array.isArray(sample.messages) ? sample.messages : []).forEach((raw, k) => {
    if (!isRecord(raw)) return;
    const path: JsonPath = ['samples', index, 'messages', k];
    let out: { blocks: Block[]; origins: BlockOrigin[] };
    if (raw.role === 'tool' && typeof raw.tool_call_id === 'string') {
      const id = ids.result(raw.tool_call_id);
      const name = names.get(id) ?? (typeof raw.function === 'string' ? raw.function : '');
      const state = isRecord(raw.error) ? 'error' : 'success';
      out = {
        blocks: [{ type: 'tool_result', id, name, output: outputOf(raw.content, resolve), state }],
        origins: [{ path }],
      };
    } else {
      out = contentBlocks(raw.content, [...path, 'content'], resolve);
      (Array.isArray(raw.tool_calls) ? raw.tool_calls : []).forEach((call, j) => {
        if (isRecord(call) && typeof call.id === 'string') {
          const id = ids.call(call.id);
          const name = typeof call.function === 'string' ? call.function : '';
          names.set(id, name);
          const args = resolve(call.arguments);
          out.blocks.push({
            type: 'tool_call',
            id,
            name,
            input: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
            state: 'finished',
          });
        } else out.blocks.push({ type: 'unknown', value: call });
        out.origins.push({ path: [...path, 'tool_calls', j] });
      });
    }
    let id = typeof raw.id === 'string' ? raw.id : null;
    if (id === null) {
      id = `m${messages.length + 1}`;
      synthesized++;
    }
    messages.push({ id, role: roleOf(raw.role), content: out.blocks });
    map.records.push([path]);
    map.blocks.push(out.origins);
  });
  return {
    format: 'inspect-log',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({
        messages: synthesized > 0 ? `${synthesized} by position (m<n>)` : 'native',
        calls: 'native',
        repeated: ids.repeated,
      }),
      errors: 'error when the tool message has an error object (any ToolCallError type)',
      kept: 'the log’s eval, plan, results and stats, the sample’s scores, store, attachments and events (their copies of changed messages follow the change)',
    },
  };
}

/** The log's value with `proposal` applied (its samples' messages and events); `doc` is never modified. */
export function applyToLog(
  doc: SourceText,
  read: ReadConversation,
  proposal: { edits: readonly Edit[]; messages: readonly Message[] },
): unknown {
  const root = (doc as { value: unknown }).value;
  const sampleIndex = conversations(doc).findIndex((c) => c.key === read.conversation);
  return applyProposal(root, read, proposal, {
    ...chatHooks,
    // Outputs go inline: the attachment a reference named stays for every other reference.
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], nativeOutput(output)),
    afterRemoval: (editor: DocumentEditor) => syncEvents(editor, sampleIndex, read, proposal.edits, root),
  });
}

function write(
  doc: SourceText,
  read: ReadConversation,
  proposal: { edits: readonly Edit[]; messages: readonly Message[] },
): string {
  return serializeValue(doc, applyToLog(doc, read, proposal));
}

export const inspectLog: FormatAdapter = {
  ...inspectLogInfo,
  conversations,
  read,
  write,
};

export { conversations as sampleConversations, read as readSample };
