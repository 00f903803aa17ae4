/**
 * Detection of `claude-code`: a session file's records (user/assistant lines with a Messages API
 * `message` inside uuid/parentUuid/sessionId envelopes), and the record helpers the stream-json
 * detection shares. The reader and writer are adapters/claudeCode.ts and
 * adapters/claudeRecords.ts, loaded once a file is read as this format.
 */
import { isRecord, recordsOf } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export const CLAUDE_MESSAGE_TYPES = new Set(['user', 'assistant']);

export function claudeRecords(doc: SourceText): Array<Record<string, unknown>> | null {
  const records = recordsOf(doc);
  return records && records.length > 0 && records.every(isRecord) ? (records as Array<Record<string, unknown>>) : null;
}

/** A conversation record: a user or assistant record with a `message` object. */
export function isMessageRecord(record: Record<string, unknown>): boolean {
  return typeof record.type === 'string' && CLAUDE_MESSAGE_TYPES.has(record.type) && isRecord(record.message);
}

const SESSION_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation']);
function isSessionRecord(record: Record<string, unknown>): boolean {
  return 'parentUuid' in record || 'sessionId' in record || 'leafUuid' in record;
}

function detect(doc: SourceText): Detection | null {
  const records = claudeRecords(doc);
  if (!records) return null;
  const messages = records.filter(isMessageRecord);
  if (messages.length === 0 || !records.every((r) => typeof r.type === 'string')) return null;
  const envelopes = messages.filter(isSessionRecord).length;
  if (envelopes < messages.length / 2) return null;
  const known = records.filter((r) => SESSION_TYPES.has(r.type as string)).length;
  return {
    format: 'claude-code',
    confidence: known === records.length ? 0.97 : 0.85,
    reason: `${records.length} records of type user/assistant/… with uuid/parentUuid/sessionId envelopes around a message`,
  };
}

export const claudeCodeInfo: FormatInfo = {
  id: 'claude-code',
  name: 'Claude Code session JSONL',
  reads:
    'one record a line: user/assistant lines with a Messages API message, tool_result by tool_use_id, is_error; other lines kept',
  patterns: ['~/.claude/projects/<project>/<session-id>.jsonl'],
  detect,
};
