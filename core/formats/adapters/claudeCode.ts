/**
 * `claude-code`: a Claude Code session file (`~/.claude/projects/<project>/<session>.jsonl`).
 * Each line is a record with envelope fields (`uuid`, `parentUuid`, `sessionId`, `cwd`, …);
 * `user`/`assistant` lines carry a Messages API `message`, results are `tool_result` blocks in
 * later user lines paired by `tool_use_id`, errors are `is_error: true`. Sub-agent traffic
 * (`isSidechain: true`) is its own conversation. Everything else — `toolUseResult` copies,
 * `file-history-snapshot`, `system`, `summary` lines, signatures — is written back untouched;
 * when a removal takes a line out, the lines that named it as parent are re-linked to its
 * parent so the `parentUuid` chain Claude Code resumes from stays whole.
 */
import { relinkChains } from '../relink.js';
import type { ConversationInfo, FormatAdapter, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { claudeCodeInfo, claudeRecords, isMessageRecord } from '../detect/claudeCode.js';
import { keepsLatestTurnCall, readClaudeRecords, writeClaudeRecords } from './claudeRecords.js';

const MAIN = 'main';
/** Keys that name another line by its uuid. */
const LINK_KEYS = ['parentUuid', 'logicalParentUuid', 'leafUuid'] as const;

/** The sidechain a record belongs to: its `agentId`, or one group for all when there is none. */
function sidechainKey(record: Record<string, unknown>): string {
  return `sidechain:${typeof record.agentId === 'string' ? record.agentId : 'all'}`;
}

function conversations(doc: SourceText): ConversationInfo[] {
  const records = claudeRecords(doc) ?? [];
  const out: ConversationInfo[] = [{ key: MAIN, label: 'main session' }];
  const seen = new Set<string>();
  for (const record of records) {
    if (!isMessageRecord(record) || record.isSidechain !== true) continue;
    const key = sidechainKey(record);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, label: key === 'sidechain:all' ? 'sub-agent (sidechain) messages' : `sub-agent ${key.slice(10)}` });
  }
  return out;
}

function read(doc: SourceText, conversation: string) {
  if (conversation !== MAIN && !conversations(doc).some((c) => c.key === conversation))
    throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  return readClaudeRecords(doc, {
    format: 'claude-code',
    conversation,
    include: (record) =>
      conversation === MAIN
        ? record.isSidechain !== true
        : record.isSidechain === true && sidechainKey(record) === conversation,
    recordId: (record) => (typeof record.uuid === 'string' ? record.uuid : null),
  });
}

export const claudeCode: FormatAdapter = {
  ...claudeCodeInfo,
  thinkingGoesWithReply: true,
  holdsReceipts: true,
  keepsCall: (_doc, read, call) => keepsLatestTurnCall(read, call),
  conversations,
  read,
  write: (doc, read, proposal) =>
    writeClaudeRecords(doc, read, proposal, (editor, removed) =>
      relinkChains(editor, removed, { id: 'uuid', parent: 'parentUuid', links: LINK_KEYS }),
    ),
};
