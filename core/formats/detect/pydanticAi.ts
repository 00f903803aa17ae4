/**
 * Detection of `pydantic-ai`: a Pydantic AI message history as `ModelMessagesTypeAdapter`
 * dumps it (pydantic/pydantic-ai pydantic_ai_slim/pydantic_ai/messages.py @ 4fda3898):
 * `ModelRequest {kind: "request", parts}` and `ModelResponse {kind: "response", parts}`, each
 * part discriminated by `part_kind`. No other format does. The reader and writer are
 * adapters/pydanticAi.ts.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** The message list, when `doc` is a bare list of requests and responses with `part_kind` parts. */
export function pydanticAiMessages(
  doc: SourceText,
): Array<{ kind: string; parts: Array<Record<string, unknown>> }> | null {
  if (doc.kind !== 'json' || !Array.isArray(doc.value) || doc.value.length === 0) return null;
  const valid = doc.value.every(
    (m) =>
      isRecord(m) &&
      (m.kind === 'request' || m.kind === 'response') &&
      Array.isArray(m.parts) &&
      m.parts.every((p) => isRecord(p) && typeof p.part_kind === 'string'),
  );
  return valid ? (doc.value as Array<{ kind: string; parts: Array<Record<string, unknown>> }>) : null;
}

function detect(doc: SourceText): Detection | null {
  const list = pydanticAiMessages(doc);
  if (!list) return null;
  const calls = list.reduce((n, m) => n + m.parts.filter((p) => p.part_kind === 'tool-call').length, 0);
  return {
    format: 'pydantic-ai',
    confidence: 0.95,
    reason: `a Pydantic AI message history of ${list.length} requests/responses with ${calls} tool-call parts`,
  };
}

export const pydanticAiInfo: FormatInfo = {
  id: 'pydantic-ai',
  name: 'Pydantic AI message history',
  reads:
    'ModelMessagesTypeAdapter dumps: request/response parts by part_kind, tool-call / tool-return / retry-prompt by tool_call_id',
  patterns: ['*.json (ModelMessagesTypeAdapter.dump_json / result.all_messages_json())'],
  detect,
};
