/**
 * Detection of `cline-session`: Cline SDK session messages, the `messages.json` its session
 * store writes (cline/cline @ 21cb8d25, sdk/packages/shared/src/llms/messages.ts
 * `MessageWithMetadata`; the file `{version, updated_at, agent, sessionId, messages,
 * system_prompt}` as in sdk/packages/core/fixtures/session/). Anthropic-like blocks, but no
 * request fields (`model`, `max_tokens`): those are `anthropic-messages`. The reader and writer
 * are adapters/clineSession.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** The session document and its messages, or null when `doc` is not one. */
export function clineMessages(doc: SourceText): Array<Record<string, unknown>> | null {
  if (doc.kind !== 'json' || !isRecord(doc.value)) return null;
  const value = doc.value;
  if (typeof value.version !== 'number' || !Array.isArray(value.messages)) return null;
  if (typeof value.sessionId !== 'string' && typeof value.system_prompt !== 'string') return null;
  if ('model' in value || 'max_tokens' in value) return null;
  const messages = value.messages;
  const valid = messages.every(
    (m) =>
      isRecord(m) &&
      (m.role === 'user' || m.role === 'assistant') &&
      (typeof m.content === 'string' || Array.isArray(m.content)),
  );
  return valid ? (messages as Array<Record<string, unknown>>) : null;
}

function detect(doc: SourceText): Detection | null {
  const messages = clineMessages(doc);
  if (!messages) return null;
  const summaries = messages.filter((m) => isRecord(m.metadata) && m.metadata.kind === 'compaction_summary').length;
  return {
    format: 'cline-session',
    confidence: 0.95,
    reason: `a session {version, sessionId, messages, system_prompt} with ${messages.length} user/assistant messages${summaries ? ` and ${summaries} compaction summary` : ''}`,
  };
}

export const clineSessionInfo: FormatInfo = {
  id: 'cline-session',
  name: 'Cline SDK session messages',
  reads:
    'messages.json of a Cline SDK session: tool_use / tool_result blocks (is_error, ToolOperationResult lists), compaction summaries in metadata',
  patterns: ['<sessions dir>/<session-id>/<session-id>.messages.json'],
  detect,
};
