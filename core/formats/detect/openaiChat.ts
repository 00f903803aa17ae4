/**
 * Detection of `openai-chat`: Chat Completions message lists, request bodies and results files of
 * them, by OpenAI's markers (tool_calls, role "tool", content null). The reader and writer are
 * adapters/openaiChat.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { ConversationInfo, Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

/** True when a list holds chat-shaped messages: `role` strings everywhere. */
export function isChatList(list: unknown): list is Array<Record<string, unknown>> {
  return Array.isArray(list) && list.every((m) => isRecord(m) && typeof m.role === 'string');
}

/** What marks a chat list as OpenAI's rather than another role/content format. */
export function chatMarkers(list: ReadonlyArray<Record<string, unknown>>): number {
  let n = 0;
  for (const m of list) {
    if (Array.isArray(m.tool_calls) && m.tool_calls.some((c) => isRecord(c) && isRecord(c.function))) n++;
    else if (m.role === 'tool' && typeof m.tool_call_id === 'string') n++;
    else if (m.content === null) n++;
  }
  return n;
}

/** Tool parts of other formats' vocabularies (Anthropic, ours, the AI SDK's): such a list is theirs. */
const FOREIGN_TOOL_PARTS = new Set(['tool_use', 'tool_result', 'tool_call', 'tool-call', 'tool-result', 'reasoning']);

/** Where results files keep each entry's message list. */
export const LIST_KEYS = ['traj', 'messages', 'trajectory'] as const;

export interface Located {
  path: JsonPath;
  list: Array<Record<string, unknown>>;
  info: ConversationInfo;
  /** What the entry says besides its messages that a person should know (a crashed run). */
  note: string | null;
}

export function entryList(entry: Record<string, unknown>): { key: string; list: unknown } | null {
  for (const key of LIST_KEYS) if (isChatList(entry[key])) return { key, list: entry[key] };
  return null;
}

export function entryLabel(entry: Record<string, unknown>, i: number): string {
  const parts = [
    entry.task_id !== undefined ? `task ${String(entry.task_id)}` : `entry ${i}`,
    entry.trial !== undefined ? `trial ${String(entry.trial)}` : null,
    typeof entry.reward === 'number' ? `reward ${entry.reward}` : null,
  ];
  return parts.filter((p) => p !== null).join(', ');
}

export function locate(doc: SourceText): Located[] | null {
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
          m.content.some((b) => isRecord(b) && typeof b.type === 'string' && FOREIGN_TOOL_PARTS.has(b.type)),
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

export const openaiChatInfo: FormatInfo = {
  id: 'openai-chat',
  name: 'OpenAI Chat Completions messages',
  reads: 'a message list, a request body {model, messages, tools}, or results entries holding one (tau-bench traj)',
  patterns: ['*.json (tau-bench results: [{task_id, traj: [...]}])', 'proxy logs of POST /v1/chat/completions bodies'],
  detect,
};
