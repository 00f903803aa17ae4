/**
 * `claude-stream-json`: what `claude -p --output-format stream-json` (and the Claude Agent SDK)
 * prints — one SDK message a line, or the same objects as one JSON array (the form
 * claude-code-action stores). `{type: "system", subtype: "init", session_id, tools}` first,
 * then `assistant`/`user` messages (`session_id`, no uuid chain; `parent_tool_use_id` marks a
 * sub-agent's messages, read as their own conversation), and a closing `result` record.
 * User records may have no ids at all: their message ids are synthesized by position.
 */
import type { ConversationInfo, FormatAdapter, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { claudeRecords, keepsLatestTurnCall, readClaudeRecords, writeClaudeRecords } from './claudeRecords.js';
import { claudeStreamJsonInfo } from '../detect/claudeStreamJson.js';

const MAIN = 'main';
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
  ...claudeStreamJsonInfo,
  thinkingGoesWithReply: true,
  holdsReceipts: true,
  keepsCall: (_doc, read, call) => keepsLatestTurnCall(read, call),
  conversations,
  read,
  write: (doc, read, proposal) => writeClaudeRecords(doc, read, proposal),
};
