/**
 * `claude-stream-json`: what `claude -p --output-format stream-json` (and the Claude Agent SDK)
 * prints — one SDK message a line, or the same objects as one JSON array (the form
 * claude-code-action stores). `{type: "system", subtype: "init", session_id, tools}` first,
 * then `assistant`/`user` messages (`session_id`, no uuid chain; `parent_tool_use_id` marks a
 * sub-agent's messages, read as their own conversation), and a closing `result` record.
 * User records may have no ids at all: their message ids are synthesized by position.
 */
import type { ConversationInfo, Detection, FormatAdapter, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { claudeRecords, isMessageRecord, readClaudeRecords, writeClaudeRecords } from './claudeRecords.js';

const MAIN = 'main';
const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'result', 'stream_event']);

function detect(doc: SourceText): Detection | null {
  const records = claudeRecords(doc);
  if (!records || !records.some(isMessageRecord)) return null;
  if (!records.every((r) => typeof r.type === 'string' && STREAM_TYPES.has(r.type))) return null;
  // Session files name the session in camelCase and chain records; the SDK stream does neither.
  if (records.some((r) => 'parentUuid' in r || 'sessionId' in r)) return null;
  const init = records[0].type === 'system' && records[0].subtype === 'init';
  const named = records.some((r) => 'session_id' in r);
  if (!init && !named) return null;
  return {
    format: 'claude-stream-json',
    confidence: init ? 0.95 : 0.8,
    reason: `${records.length} SDK messages (system${init ? ' init' : ''}/assistant/user/result) with session_id`,
  };
}

function parentOf(record: Record<string, unknown>): string | null {
  return typeof record.parent_tool_use_id === 'string' ? record.parent_tool_use_id : null;
}

function conversations(doc: SourceText): ConversationInfo[] {
  const out: ConversationInfo[] = [{ key: MAIN, label: 'main agent' }];
  const seen = new Set<string>();
  for (const record of claudeRecords(doc) ?? []) {
    const parent = parentOf(record);
    if (parent === null || seen.has(parent)) continue;
    seen.add(parent);
    out.push({ key: `subagent:${parent}`, label: `sub-agent of tool call ${parent}` });
  }
  return out;
}

function read(doc: SourceText, conversation: string) {
  if (conversation !== MAIN && !conversations(doc).some((c) => c.key === conversation))
    throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const parent = conversation === MAIN ? null : conversation.slice('subagent:'.length);
  return readClaudeRecords(doc, {
    format: 'claude-stream-json',
    conversation,
    include: (record) => parentOf(record) === parent,
    recordId: (record) => (typeof record.uuid === 'string' ? record.uuid : null),
  });
}

export const claudeStreamJson: FormatAdapter = {
  id: 'claude-stream-json',
  name: 'Claude Code / Agent SDK stream-json',
  reads: 'SDK messages (system init, assistant, user, result), one a line or as a JSON array',
  patterns: ['claude -p --output-format stream-json > run.jsonl', 'execution files of claude-code-action (*.json)'],
  thinkingGoesWithReply: true,
  detect,
  conversations,
  read,
  write: (doc, read, proposal) => writeClaudeRecords(doc, read, proposal),
};
