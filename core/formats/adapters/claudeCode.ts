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
import { isRecord } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import type { ConversationInfo, FormatAdapter, JsonPath, SourceText } from '../types.js';
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

/**
 * Re-links every reference to a removed line to its nearest surviving ancestor (R14: the
 * chain Claude Code resumes from stays whole). The walk up the removed lines' `parentUuid`s
 * remembers where it has been: removed lines whose parents form a cycle or name themselves
 * have no surviving ancestor, and a line that hung from them becomes a root (`null`, as a
 * session's first line is) rather than pointing at a line that is gone. A uuid that a kept
 * line also carries is not treated as removed.
 */
function relinkChains(editor: DocumentEditor, removed: readonly JsonPath[]): void {
  if (removed.length === 0) return;
  const records = editor.get([]) as unknown[];
  const removedAt = new Set(removed.map((path) => path[0]));
  const kept = new Set<string>();
  records.forEach((record, i) => {
    if (!removedAt.has(i) && isRecord(record) && typeof record.uuid === 'string') kept.add(record.uuid);
  });
  const parentOf = new Map<string, unknown>();
  for (const path of removed) {
    const record = editor.get(path);
    if (isRecord(record) && typeof record.uuid === 'string' && !kept.has(record.uuid))
      parentOf.set(record.uuid, record.parentUuid ?? null);
  }
  const found = new Map<string, unknown>();
  const survivor = (uuid: string): unknown => {
    const walked = new Set<string>();
    let current: unknown = uuid;
    while (typeof current === 'string' && parentOf.has(current) && !found.has(current)) {
      if (walked.has(current)) {
        current = null;
        break;
      }
      walked.add(current);
      current = parentOf.get(current);
    }
    const answer = typeof current === 'string' && found.has(current) ? found.get(current) : current;
    for (const uuid of walked) found.set(uuid, answer);
    return answer;
  };
  records.forEach((record, i) => {
    if (!isRecord(record) || removedAt.has(i)) return;
    for (const key of LINK_KEYS) {
      const target = record[key];
      if (typeof target === 'string' && parentOf.has(target)) editor.set([i, key], survivor(target));
    }
  });
}

export const claudeCode: FormatAdapter = {
  ...claudeCodeInfo,
  thinkingGoesWithReply: true,
  keepsCall: (_doc, read, call) => keepsLatestTurnCall(read, call),
  conversations,
  read,
  write: (doc, read, proposal) => writeClaudeRecords(doc, read, proposal, relinkChains),
};
