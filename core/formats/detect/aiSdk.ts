/**
 * Detection of `ai-sdk`: a Vercel AI SDK `ModelMessage[]` as a program saves it (vercel/ai,
 * packages/provider-utils/src/types/content-part.ts @ a68a53cd): messages with `role`
 * system/user/assistant/tool whose parts are typed `tool-call` / `tool-result` (hyphenated,
 * `toolCallId`), which no other format writes. The reader and writer are adapters/aiSdk.ts,
 * loaded once a file is read as this format.
 */
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);
export const AI_SDK_TOOL_PARTS = new Set(['tool-call', 'tool-result']);

/** The message list, when `doc` is a bare array of ModelMessages. */
export function aiSdkMessages(doc: SourceText): Array<Record<string, unknown>> | null {
  if (doc.kind !== 'json' || !Array.isArray(doc.value) || doc.value.length === 0) return null;
  const list = doc.value;
  const valid = list.every(
    (m) =>
      isRecord(m) &&
      ROLES.has(m.role as string) &&
      !('tool_calls' in m) &&
      (typeof m.content === 'string' || Array.isArray(m.content)),
  );
  return valid ? (list as Array<Record<string, unknown>>) : null;
}

function detect(doc: SourceText): Detection | null {
  const list = aiSdkMessages(doc);
  if (!list) return null;
  let parts = 0;
  let sdkMarks = 0;
  for (const message of list) {
    // providerOptions (cache control, item ids) is the SDK's own key on messages and parts.
    if (isRecord(message.providerOptions)) sdkMarks++;
    for (const part of Array.isArray(message.content) ? message.content : []) {
      if (isRecord(part) && AI_SDK_TOOL_PARTS.has(part.type as string) && typeof part.toolCallId === 'string') parts++;
      if (isRecord(part) && part.type === 'reasoning' && typeof part.text === 'string') sdkMarks++;
      if (isRecord(part) && isRecord(part.providerOptions)) sdkMarks++;
    }
  }
  if (parts > 0)
    return {
      format: 'ai-sdk',
      confidence: 0.95,
      reason: `a ModelMessage list with ${parts} tool-call/tool-result parts`,
    };
  // A list whose calls were all dropped keeps the SDK's reasoning parts and providerOptions; with
  // neither, a role/content list is anyone's.
  if (sdkMarks > 0)
    return {
      format: 'ai-sdk',
      confidence: 0.6,
      reason: `a ModelMessage list with ${sdkMarks} reasoning parts or providerOptions`,
    };
  return null;
}

export const aiSdkInfo: FormatInfo = {
  id: 'ai-sdk',
  name: 'Vercel AI SDK ModelMessage[]',
  reads:
    'ModelMessage lists (system, user, assistant, tool): tool-call / tool-result parts by toolCallId, typed outputs (text, json, error-text, error-json, content)',
  patterns: ['*.json (saved response.messages / ModelMessage[])'],
  detect,
};
