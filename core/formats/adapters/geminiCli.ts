/**
 * `gemini-cli`: Gemini CLI chat recordings (detect/geminiCli.ts has the container). Facts
 * from google-gemini/gemini-cli @ 5411f113:
 * - chatRecordingService.ts `loadConversationRecord`: a JSON Lines message record replaces the
 *   earlier record with its id in place (Map order), `$rewindTo` drops that message and every
 *   later one, `$set.messages` is a checkpoint that replaces them all. The live record of each
 *   message is read, edited and written; superseded lines stay as they were.
 * - utils/sessionUtils.ts `convertSessionToClientHistory` (what resume sends the model):
 *   `info`/`error`/`warning` records and user commands (`/…`, `?…`, `<session_context>`,
 *   `<hook_context>`, blank) are skipped, so they are not messages here either; a `gemini`
 *   record whose `content` holds `functionCall` or `thought` parts is sent from its content
 *   (modern), otherwise from `thoughts`, `content` and `toolCalls` (legacy); each
 *   `toolCalls[i].result` (a `functionResponse` part, or a string) becomes the next user turn.
 * A call and its result are one `toolCalls` entry (`ToolCallRecord {id, name, args, result,
 * status}`), read as a call and its result in the same assistant message (SPEC §1 allows it).
 */
import type { Block, Message } from '../../engine/schema.js';
import type { WriteHooks } from '../apply.js';
import { applyProposal } from '../apply.js';
import { isRecord, serializeRecords, serializeValue } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote } from '../ids.js';
import type { BlockOrigin, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { geminiCliInfo, isGeminiMessage, isGeminiMetadata } from '../detect/geminiCli.js';
import { outputText } from './chatMessages.js';

/** Each live message's record, in conversation order, as the CLI's loader resolves them. */
export function liveRecords(doc: SourceText): JsonPath[] {
  if (doc.kind === 'json') {
    const value = doc.value;
    if (!isGeminiMetadata(value) || !Array.isArray(value.messages)) return [];
    return value.messages.map((_, k) => ['messages', k]);
  }
  const live = new Map<string, JsonPath>();
  const setAll = (messages: unknown, base: JsonPath) => {
    if (!Array.isArray(messages)) return;
    messages.forEach((m, k) => {
      if (isGeminiMessage(m)) live.set(m.id as string, [...base, k]);
    });
  };
  doc.records.forEach((record, i) => {
    if (!isRecord(record)) return;
    if (typeof record.$rewindTo === 'string') {
      const ids = [...live.keys()];
      const at = ids.indexOf(record.$rewindTo);
      for (const id of at === -1 ? ids : ids.slice(at)) live.delete(id);
    } else if (typeof record.id === 'string') {
      if (isGeminiMessage(record)) live.set(record.id, [i]);
    } else if (isRecord(record.$set)) {
      if (Array.isArray(record.$set.messages)) {
        live.clear();
        setAll(record.$set.messages, [i, '$set', 'messages']);
      }
    } else if (isGeminiMetadata(record)) setAll(record.messages, [i, 'messages']);
  });
  return [...live.values()];
}

function rootOf(doc: SourceText): unknown {
  return doc.kind === 'json' ? doc.value : doc.records;
}

function at(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const step of path) node = isRecord(node) || Array.isArray(node) ? (node as never)[step] : undefined;
  return node;
}

/** The text a part list stands for, as the CLI's `partListUnionToString` reads user content. */
function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((p) => (typeof p === 'string' ? p : isRecord(p) && typeof p.text === 'string' ? p.text : ''))
    .join('');
}

/** sessionUtils.ts `isIgnoredUserContent`: user records resume does not send. */
export function isIgnoredUserContent(content: unknown): boolean {
  const text = partsText(content).trim();
  return (
    text === '' ||
    text.startsWith('/') ||
    text.startsWith('?') ||
    text.startsWith('<session_context>') ||
    text.startsWith('<hook_context>')
  );
}

const partsOf = (content: unknown): unknown[] =>
  Array.isArray(content) ? content : content === undefined || content === null || content === '' ? [] : [content];

/** A `gemini` record whose content is the source of truth (it holds functionCall or thought parts). */
export function isModern(message: Record<string, unknown>): boolean {
  return partsOf(message.content).some((p) => isRecord(p) && (isRecord(p.functionCall) || p.thought === true));
}

/** Where a tool call's output text lives inside its `result`, and under which response key. */
export function responseOf(call: Record<string, unknown>): { path: JsonPath; key: 'output' | 'error' } | null {
  const result = call.result;
  if (typeof result === 'string') return { path: ['result'], key: 'output' };
  const parts = Array.isArray(result) ? result : isRecord(result) ? [result] : [];
  const responses = parts.map((p, i) => ({ p, i })).filter(({ p }) => isRecord(p) && isRecord(p.functionResponse));
  // A result synced from history can hold a sibling call's response too: take this call's own.
  const own = responses.find(({ p }) => (p as { functionResponse: { id?: unknown } }).functionResponse.id === call.id);
  const chosen = own ?? (responses.length === 1 && parts.length === 1 ? responses[0] : undefined);
  if (!chosen) return null;
  const response = (chosen.p as { functionResponse: { response?: unknown } }).functionResponse.response;
  if (!isRecord(response)) return null;
  const key = typeof response.output === 'string' ? 'output' : typeof response.error === 'string' ? 'error' : null;
  if (key === null) return null;
  const base: JsonPath = Array.isArray(result) ? ['result', chosen.i] : ['result'];
  return { path: [...base, 'functionResponse', 'response', key], key };
}

function resultState(call: Record<string, unknown>, key: 'output' | 'error' | null): string {
  if (call.status === 'error' || key === 'error') return 'error';
  if (call.status === 'cancelled') return 'interrupted';
  return call.status === 'success' ? 'success' : 'running';
}

interface Reading {
  blocks: Block[];
  origins: BlockOrigin[];
}

function readUser(message: Record<string, unknown>, path: JsonPath, out: Reading): void {
  if (typeof message.content === 'string') {
    out.blocks.push({ type: 'text', text: message.content });
    out.origins.push({ path: [...path, 'content'] });
    return;
  }
  const parts = Array.isArray(message.content) ? message.content : [message.content];
  const base = Array.isArray(message.content) ? [...path, 'content'] : null;
  parts.forEach((part, j) => {
    const origin = { path: base ? [...base, j] : [...path, 'content'] };
    if (typeof part === 'string') out.blocks.push({ type: 'text', text: part });
    else if (isRecord(part) && typeof part.text === 'string' && Object.keys(part).length === 1)
      out.blocks.push({ type: 'text', text: part.text });
    else out.blocks.push({ type: 'unknown', value: part });
    out.origins.push(origin);
  });
}

function readGemini(message: Record<string, unknown>, path: JsonPath, ids: CallIds, out: Reading): number {
  let thoughts = 0;
  if (isModern(message)) {
    partsOf(message.content).forEach((part, j) => {
      const origin = { path: Array.isArray(message.content) ? [...path, 'content', j] : [...path, 'content'] };
      // The content's functionCall parts are the toolCalls entries again: the call is read there.
      if (isRecord(part) && isRecord(part.functionCall)) return;
      if (isRecord(part) && part.thought === true) {
        thoughts++;
        out.blocks.push({ type: 'thinking', thinking: typeof part.text === 'string' ? part.text : '' });
      } else if (typeof part === 'string') out.blocks.push({ type: 'text', text: part });
      else if (isRecord(part) && typeof part.text === 'string' && Object.keys(part).length === 1)
        out.blocks.push({ type: 'text', text: part.text });
      else out.blocks.push({ type: 'unknown', value: part });
      out.origins.push(origin);
    });
  } else {
    (Array.isArray(message.thoughts) ? message.thoughts : []).forEach((thought, j) => {
      thoughts++;
      const t = isRecord(thought) ? thought : {};
      const text = t.subject ? `**${String(t.subject)}** ${String(t.description ?? '')}` : String(t.description ?? '');
      out.blocks.push({ type: 'thinking', thinking: text });
      out.origins.push({ path: [...path, 'thoughts', j] });
    });
    const text = partsText(message.content);
    if (text !== '') {
      out.blocks.push({ type: 'text', text });
      out.origins.push({ path: [...path, 'content'] });
    }
  }
  (Array.isArray(message.toolCalls) ? message.toolCalls : []).forEach((call, j) => {
    if (!isRecord(call) || typeof call.id !== 'string') return;
    const origin = { path: [...path, 'toolCalls', j] };
    const id = ids.call(call.id);
    const name = typeof call.name === 'string' ? call.name : '';
    const has = call.result !== undefined && call.result !== null;
    out.blocks.push({
      type: 'tool_call',
      id: id,
      name,
      input: JSON.stringify(call.args ?? {}),
      state: has ? 'finished' : 'pending',
    });
    out.origins.push(origin);
    if (!has) return;
    const where = responseOf(call);
    const output = where ? (at(call, where.path) as string) : [{ type: 'unknown', value: call.result }];
    out.blocks.push({
      type: 'tool_result',
      id: ids.result(call.id),
      name,
      output,
      state: resultState(call, where?.key ?? null),
    });
    // Call and result are one entry: removing either removes it (the editor removes a path once).
    out.origins.push(origin);
  });
  return thoughts;
}

function read(doc: SourceText): ReadConversation {
  const root = rootOf(doc);
  const ids = new CallIds();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const skipped = { notices: 0, commands: 0, empty: 0 };
  let thoughts = 0;
  for (const path of liveRecords(doc)) {
    const message = at(root, path) as Record<string, unknown>;
    const out: Reading = { blocks: [], origins: [] };
    if (message.type === 'user') {
      if (isIgnoredUserContent(message.content)) {
        skipped.commands++;
        continue;
      }
      readUser(message, path, out);
    } else if (message.type === 'gemini') thoughts += readGemini(message, path, ids, out);
    else {
      skipped.notices++;
      continue;
    }
    // Resume sends no turn for a gemini record with nothing in it (and one a drop emptied).
    if (out.blocks.length === 0) {
      skipped.empty++;
      continue;
    }
    messages.push({ id: message.id, role: message.type === 'user' ? 'user' : 'assistant', content: out.blocks });
    map.records.push([path]);
    map.blocks.push(out.origins);
  }
  const lines =
    doc.kind === 'jsonl'
      ? `; ${doc.records.length - map.records.length} other lines (metadata, $set, $rewindTo, superseded versions)`
      : '';
  return {
    format: 'gemini-cli',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({ messages: 'native', calls: 'native', repeated: ids.repeated }),
      errors:
        'error when a tool call’s status is "error" or its functionResponse holds "error"; cancelled reads as interrupted',
      kept: `${skipped.notices} info/error/warning records, ${skipped.commands} user commands and ${skipped.empty} empty replies (resume sends none of them)${lines}; resultDisplay, tokens and metadata as they were`,
      thinking: `${thoughts} thoughts, never edited: an export keeps them as they were`,
    },
  };
}

/** Removes a call's `toolCalls` entry and, in a modern record, its `functionCall` part in `content`. */
const removeBlock: NonNullable<WriteHooks['removeBlock']> = (editor, origin) => {
  editor.remove(origin.path);
  const messagePath = origin.path.slice(0, -2);
  const message = editor.get(messagePath);
  const call = editor.get(origin.path);
  if (!isRecord(message) || !isRecord(call) || !Array.isArray(message.content)) return;
  message.content.forEach((part, j) => {
    if (isRecord(part) && isRecord(part.functionCall) && part.functionCall.id === call.id)
      editor.remove([...messagePath, 'content', j]);
  });
};

function hooksFor(doc: SourceText): WriteHooks {
  return {
    setOutput: (editor: DocumentEditor, origin, output) => {
      const call = editor.get(origin.path);
      const where = isRecord(call) ? responseOf(call) : null;
      if (!where) throw new Error(`no functionResponse output at ${origin.path.join('.')}`);
      editor.set([...origin.path, ...where.path], outputText(output));
    },
    removeBlock,
    // A JSON Lines record removed would bring back an earlier version of the message: an emptied
    // reply stays (resume sends nothing for it and the reader skips it); the JSON form drops it.
    isEmpty: (record) =>
      doc.kind === 'json' &&
      isRecord(record) &&
      partsText(record.content) === '' &&
      !isModern(record) &&
      (!Array.isArray(record.toolCalls) || record.toolCalls.length === 0) &&
      (!Array.isArray(record.thoughts) || record.thoughts.length === 0),
  };
}

export const geminiCli: FormatAdapter = {
  ...geminiCliInfo,
  conversations: (doc) => {
    const meta = doc.kind === 'json' ? doc.value : doc.records[0];
    const session = isRecord(meta) && typeof meta.sessionId === 'string' ? meta.sessionId : 'the session';
    return [{ key: 'main', label: `session ${session}` }];
  },
  read: (doc, conversation) => {
    if (conversation !== 'main') throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
    return read(doc);
  },
  write: (doc, read, proposal) => {
    const written = applyProposal(rootOf(doc), read, proposal, hooksFor(doc));
    return doc.kind === 'json' ? serializeValue(doc, written) : serializeRecords(doc, written as unknown[]);
  },
};
