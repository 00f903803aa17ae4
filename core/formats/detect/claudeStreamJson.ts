/**
 * Detection of `claude-stream-json`: SDK messages with `session_id` and no session-file chain. The
 * reader and writer are adapters/claudeStreamJson.ts, loaded once a file is read as this format.
 *
 * The SDK's message union grows with every Claude Code release (`SDKMessage` in
 * @anthropic-ai/claude-agent-sdk 0.3.336 `sdk.d.ts` has 40 members: `rate_limit_event`,
 * `tool_progress`, `system` subtypes `thinking_tokens`, `hook_started`, `hook_response`, …), and
 * every member carries `session_id`. So a record of a type not listed here is still one of the
 * stream's when it carries `session_id`, rather than refusing the file (Claude Code 2.1.222's
 * stdout has `rate_limit_event` lines).
 */
import { claudeRecords, isMessageRecord } from './claudeCode.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** The stream's core types; hand-written files (claude-code-action's fixture) may omit `session_id` on them. */
export const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'result', 'stream_event']);

function isStreamRecord(record: Record<string, unknown>): boolean {
  if (typeof record.type !== 'string') return false;
  return STREAM_TYPES.has(record.type) || typeof record.session_id === 'string';
}

function detect(doc: SourceText): Detection | null {
  const records = claudeRecords(doc);
  if (!records || !records.some(isMessageRecord)) return null;
  if (!records.every(isStreamRecord)) return null;
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
