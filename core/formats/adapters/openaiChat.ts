/**
 * `openai-chat`: OpenAI Chat Completions message lists — a bare list, an API request body as
 * proxies log it (`{model, messages, tools…}`), or a results file whose entries hold a list
 * (tau-bench's `[{task_id, trial, reward, info, traj: [...]}]`), each entry a conversation.
 * Messages have no ids: ours are synthesized by position (`m1`…) and say so in the notes.
 */
import { applyProposal } from '../apply.js';
import { isRecord, serializeValue } from '../document.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { ConversationInfo, Detection, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { CHAT_ERROR_NOTE, chatHooks, chatMarkers, isChatList, readChatMessages } from './chatMessages.js';

/** Where results files keep each entry's message list. */
const LIST_KEYS = ['traj', 'messages', 'trajectory'] as const;

interface Located {
  path: JsonPath;
  list: Array<Record<string, unknown>>;
  info: ConversationInfo;
  /** What the entry says besides its messages that a person should know (a crashed run). */
  note: string | null;
}

function entryList(entry: Record<string, unknown>): { key: string; list: unknown } | null {
  for (const key of LIST_KEYS) if (isChatList(entry[key])) return { key, list: entry[key] };
  return null;
}

function entryLabel(entry: Record<string, unknown>, i: number): string {
  const parts = [
    entry.task_id !== undefined ? `task ${String(entry.task_id)}` : `entry ${i}`,
    entry.trial !== undefined ? `trial ${String(entry.trial)}` : null,
    typeof entry.reward === 'number' ? `reward ${entry.reward}` : null,
  ];
  return parts.filter((p) => p !== null).join(', ');
}

function locate(doc: SourceText): Located[] | null {
  if (doc.kind !== 'json') return null;
  const value = doc.value;
  const whole = (list: Array<Record<string, unknown>>, path: JsonPath): Located[] => [
    { path, list, info: { key: 'main', label: 'the conversation' }, note: null },
  ];
  if (isChatList(value)) return whole(value, []);
  // A request body names its model; a bare {messages} object must show OpenAI's own markers.
  if (isRecord(value) && isChatList(value.messages) && ('model' in value || chatMarkers(value.messages) > 0))
    return whole(value.messages, ['messages']);
  const entries = Array.isArray(value) ? value : null;
  if (!entries || entries.length === 0 || !entries.every((e) => isRecord(e) && entryList(e) !== null)) return null;
  const ids = entries.map((e) => (e as Record<string, unknown>).task_id);
  const unique = ids.every((id) => id !== undefined) && new Set(ids.map(String)).size === ids.length;
  return entries.map((raw, i) => {
    const entry = raw as Record<string, unknown>;
    const found = entryList(entry) as { key: string; list: Array<Record<string, unknown>> };
    const key = unique ? String(entry.task_id) : String(i);
    const info = isRecord(entry.info) && typeof entry.info.error === 'string' ? entry.info.error : null;
    return {
      path: [i, found.key],
      list: found.list,
      info: { key, label: entryLabel(entry, i) },
      note: info !== null ? `the run failed: info.error = ${info.split('\n')[0]}` : null,
    };
  });
}

function detect(doc: SourceText): Detection | null {
  const found = locate(doc);
  if (!found) return null;
  const lists = found.map((f) => f.list);
  if (
    lists
      .flat()
      .some(
        (m) =>
          Array.isArray(m.content) &&
          m.content.some(
            (b) => isRecord(b) && (b.type === 'tool_use' || b.type === 'tool_result' || b.type === 'tool_call'),
          ),
      )
  )
    return null;
  const markers = lists.reduce((n, list) => n + chatMarkers(list), 0);
  const where =
    found.length > 1 || found[0].path.length === 2
      ? `a results file of ${found.length} entries holding message lists`
      : found[0].path.length === 1
        ? 'a request body with "messages"'
        : 'a message list';
  if (markers > 0)
    return {
      format: 'openai-chat',
      confidence: 0.95,
      reason: `${where}; ${markers} messages with tool_calls, role "tool" or content null`,
    };
  return {
    format: 'openai-chat',
    confidence: found[0].path.length === 0 ? 0.4 : 0.6,
    reason: `${where} of role/content messages`,
  };
}

function find(doc: SourceText, conversation: string): Located {
  const found = locate(doc);
  if (!found) throw new FormatError('not an OpenAI chat message list', 'not_a_history');
  const hit = found.find((f) => f.info.key === conversation);
  if (!hit) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  return hit;
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const hit = find(doc, conversation);
  const ids = new CallIds();
  const { messages, map } = readChatMessages(hit.list, hit.path, ids, (k) => `m${k + 1}`);
  return {
    format: 'openai-chat',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: CHAT_ERROR_NOTE,
      kept: [
        hit.path.length > 1
          ? 'the entry’s other fields (task, reward, info)'
          : hit.path.length === 1
            ? 'the request’s other fields (model, tools, …)'
            : 'nothing else in the file',
        hit.note,
      ]
        .filter(Boolean)
        .join('; '),
    },
  };
}

export const openaiChat: FormatAdapter = {
  id: 'openai-chat',
  name: 'OpenAI Chat Completions messages',
  reads: 'a message list, a request body {model, messages, tools}, or results entries holding one (tau-bench traj)',
  patterns: ['*.json (tau-bench results: [{task_id, traj: [...]}])', 'proxy logs of POST /v1/chat/completions bodies'],
  detect,
  conversations: (doc) => (locate(doc) ?? []).map((f) => f.info),
  read,
  write: (doc, read, proposal) =>
    serializeValue(doc, applyProposal((doc as { value: unknown }).value, read, proposal, chatHooks)),
};
