/**
 * Detection of `gemini-cli`: Gemini CLI chat recordings, as its ChatRecordingService writes
 * them (google-gemini/gemini-cli, packages/core/src/services/chatRecordingTypes.ts and
 * chatRecordingService.ts @ 5411f113): one JSON document `ConversationRecord {sessionId,
 * projectHash, startTime, lastUpdated, messages[]}` (the legacy `.json`), or JSON Lines whose
 * first line is that metadata and whose other lines are message records (`{id, type, …}`),
 * metadata updates (`{$set: {…}}`) and rewinds (`{$rewindTo: id}`). The reader and writer are
 * adapters/geminiCli.ts, loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

/** `MessageRecord.type` (chatRecordingTypes.ts `ConversationRecordExtra`). */
export const GEMINI_MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

export function isGeminiMessage(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.id === 'string' && GEMINI_MESSAGE_TYPES.has(value.type as string);
}

/** The metadata record: `sessionId` and `projectHash`, as the loader's `isPartialMetadataRecord` requires. */
export function isGeminiMetadata(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.sessionId === 'string' && typeof value.projectHash === 'string';
}

/** A line of the JSON Lines form other than the first. */
function isGeminiLine(value: unknown): boolean {
  if (isGeminiMessage(value)) return true;
  if (!isRecord(value)) return false;
  return typeof value.$rewindTo === 'string' || isRecord(value.$set);
}

function detect(doc: SourceText): Detection | null {
  if (doc.kind === 'json') {
    const value = doc.value;
    if (!isGeminiMetadata(value) || !Array.isArray(value.messages)) return null;
    if (!value.messages.every(isGeminiMessage)) return null;
    return {
      format: 'gemini-cli',
      confidence: 0.95,
      reason: `a chat recording {sessionId, projectHash, messages} with ${value.messages.length} user/gemini/info records`,
    };
  }
  const [first, ...rest] = doc.records;
  if (!isGeminiMetadata(first) || !rest.every(isGeminiLine)) return null;
  return {
    format: 'gemini-cli',
    confidence: 0.95,
    reason: `JSON Lines: a {sessionId, projectHash} line, then ${rest.length} message, $set and $rewindTo lines`,
  };
}

export const geminiCliInfo: FormatInfo = {
  id: 'gemini-cli',
  name: 'Gemini CLI chat recording',
  reads:
    'ConversationRecord JSON or JSON Lines (metadata, message, $set and $rewindTo lines): gemini messages with toolCalls holding call and functionResponse together',
  patterns: ['~/.gemini/tmp/<project_hash>/chats/session-*.jsonl', '~/.gemini/tmp/<project_hash>/chats/session-*.json'],
  detect,
};
