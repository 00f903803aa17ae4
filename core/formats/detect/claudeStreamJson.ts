/**
 * Detection of `claude-stream-json`: SDK messages with `session_id` and no session-file chain. The
 * reader and writer are adapters/claudeStreamJson.ts, loaded once a file is read as this format.
 */
import { claudeRecords, isMessageRecord } from './claudeCode.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'result', 'stream_event']);

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

export const claudeStreamJsonInfo: FormatInfo = {
  id: 'claude-stream-json',
  name: 'Claude Code / Agent SDK stream-json',
  reads: 'SDK messages (system init, assistant, user, result), one a line or as a JSON array',
  patterns: ['claude -p --output-format stream-json > run.jsonl', 'execution files of claude-code-action (*.json)'],
  detect,
};
