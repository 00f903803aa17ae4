/**
 * Detection of `codex-rollout`: Codex CLI session rollouts, one `RolloutLine` a line —
 * `{timestamp, type, payload}` with `type` one of `RolloutItem`'s variants (openai/codex
 * codex-rs/protocol/src/protocol.rs: `#[serde(tag = "type", content = "payload")]`;
 * `session_meta`, `response_item`, `compacted`, `turn_context`, `event_msg`, and in later
 * versions `world_state` and inter-agent records). The reader and writer are
 * adapters/codexRollout.ts, loaded once a file is read as this format.
 */
import { isRecord, recordsOf } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export const ROLLOUT_TYPES = new Set(['session_meta', 'response_item', 'compacted', 'turn_context', 'event_msg']);

/** The rollout's lines when every one is a `{type, payload}` object, else null. */
export function rolloutRecords(doc: SourceText): Array<Record<string, unknown>> | null {
  const records = recordsOf(doc);
  if (!records || records.length === 0) return null;
  return records.every((r) => isRecord(r) && typeof r.type === 'string' && 'payload' in r)
    ? (records as Array<Record<string, unknown>>)
    : null;
}

function detect(doc: SourceText): Detection | null {
  const records = rolloutRecords(doc);
  if (!records) return null;
  const items = records.filter((r) => r.type === 'response_item' && isRecord(r.payload)).length;
  const known = records.filter((r) => ROLLOUT_TYPES.has(r.type as string)).length;
  // Variants added later are read as kept lines; a file of mostly unknown ones is something else.
  if (items === 0 || known < records.length / 2) return null;
  const meta = records[0].type === 'session_meta';
  return {
    format: 'codex-rollout',
    confidence: meta ? 0.97 : 0.9,
    reason: `${records.length} rollout lines {timestamp, type, payload}${meta ? ' opening with session_meta' : ''}, ${items} response_item`,
  };
}

export const codexRolloutInfo: FormatInfo = {
  id: 'codex-rollout',
  name: 'Codex CLI session rollout',
  reads:
    'one RolloutLine a line: response_item Responses items (message, reasoning, function_call / custom_tool_call / local_shell_call and their outputs by call_id); session_meta, turn_context, event_msg and compacted lines kept in order',
  patterns: ['~/.codex/sessions/YYYY/MM/DD/rollout-<timestamp>-<uuid>.jsonl'],
  detect,
};
