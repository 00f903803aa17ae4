/**
 * Detection of `openclaw-session`: an OpenClaw session file (the pi coding agent's session
 * JSONL, `~/.openclaw/agents/<agent>/sessions/<sessionId>.jsonl`): a `session` header line
 * (`version`, `id`, `cwd`), then entries with `type`, `id` and `parentId` — `message` (an
 * AgentMessage: `user`, `assistant` with `toolCall` blocks, `toolResult`), `custom_message`,
 * `compaction`, and bookkeeping (`model_change`, `thinking_level_change`, `custom`, `leaf`).
 * Shapes from badlogic/pi-mono @ 83378aad, packages/coding-agent/src/core/session-manager.ts
 * (`SessionHeader`, `SessionEntry`, `CURRENT_SESSION_VERSION = 3`). The reader and writer are
 * adapters/openclawSession.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export type Entry = Record<string, unknown>;

/** The session's lines, or null when the first is not a session header. */
export function sessionEntries(doc: SourceText): Entry[] | null {
  if (doc.kind !== 'jsonl' || doc.records.length < 2) return null;
  const [header, ...rest] = doc.records;
  if (!isRecord(header) || header.type !== 'session' || typeof header.id !== 'string') return null;
  if (!doc.records.every((r) => isRecord(r) && typeof r.type === 'string')) return null;
  return rest.some((r) => (r as Entry).type === 'message' && isRecord((r as Entry).message))
    ? (doc.records as Entry[])
    : null;
}

export const messageOf = (entry: Entry): Entry | null =>
  entry.type === 'message' && isRecord(entry.message) ? entry.message : null;

function detect(doc: SourceText): Detection | null {
  const entries = sessionEntries(doc);
  if (!entries) return null;
  const messages = entries.filter((e) => messageOf(e) !== null).length;
  const compactions = entries.filter((e) => e.type === 'compaction').length;
  return {
    format: 'openclaw-session',
    confidence: 0.97,
    reason: `a session header (version ${String(entries[0].version ?? '?')}) and ${messages} message entries linked by parentId${compactions > 0 ? `, ${compactions} compaction` : ''}`,
  };
}

export const openclawSessionInfo: FormatInfo = {
  id: 'openclaw-session',
  name: 'OpenClaw (pi) session JSONL',
  reads:
    'session entries: user, assistant (toolCall blocks) and toolResult messages, custom messages, compactions as boundaries',
  patterns: ['~/.openclaw/agents/<agent>/sessions/<sessionId>.jsonl', '~/.pi/agent/sessions/<cwd>/<session>.jsonl'],
  detect,
};
