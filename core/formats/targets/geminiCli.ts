/**
 * Gemini CLI resume (`gemini --resume`): what the CLI rebuilds from a chat recording and sends
 * to the Gemini API. From google-gemini/gemini-cli @ 5411f113:
 * - packages/core/src/services/chatRecordingService.ts `loadConversationRecord`: a JSON Lines
 *   file without a `{sessionId, projectHash}` record is not a session (it falls back to
 *   reading the whole file as one legacy JSON document, and a line-per-record file fails that);
 * - packages/core/src/utils/sessionUtils.ts `convertSessionToClientHistory`: a `gemini`
 *   record whose `content` holds `functionCall` parts is sent from that content, while the
 *   response turn is built from `toolCalls[].result`; so each functionCall part needs a
 *   toolCalls entry with a result, or the model turn's call goes unanswered;
 * - the Gemini API pairs a `functionResponse` with its `functionCall` by name (and id when
 *   present): a result whose functionResponse names another call answers nothing.
 */
import { isRecord } from '../document.js';
import type { JsonPath } from '../types.js';
import { isGeminiMetadata } from '../detect/geminiCli.js';
import { isModern, liveRecords } from '../adapters/geminiCli.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'gemini-cli.session_metadata':
    'a JSON Lines recording starts with a {sessionId, projectHash} record (the loader rejects the file otherwise)',
  'gemini-cli.content_call_recorded':
    'every functionCall part in a gemini record’s content has a toolCalls entry with the same id and a result, except in the last record',
  'gemini-cli.response_matches_call':
    'a toolCalls entry’s functionResponse carries that call’s name (and id, when it has one)',
} as const;

function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const step of path) node = isRecord(node) || Array.isArray(node) ? (node as never)[step] : undefined;
  return node;
}

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const { doc } = input;
  if (doc.kind === 'jsonl' && !isGeminiMetadata(doc.records[0]))
    out.push({
      rule: 'gemini-cli.session_metadata',
      place: placeOfPath(doc, [0]),
      message: 'the first line is not a {sessionId, projectHash} record',
    });
  const root = rootOf(doc);
  const records = liveRecords(doc);
  records.forEach((path, r) => {
    const message = valueAt(root, path);
    if (!isRecord(message) || message.type !== 'gemini') return;
    const calls = (Array.isArray(message.toolCalls) ? message.toolCalls : []).filter(isRecord);
    if (isModern(message) && r < records.length - 1)
      (Array.isArray(message.content) ? message.content : []).forEach((part, j) => {
        if (!isRecord(part) || !isRecord(part.functionCall)) return;
        const id = part.functionCall.id;
        const entry = calls.find((c) => c.id === id);
        if (!entry || entry.result === undefined || entry.result === null)
          out.push({
            rule: 'gemini-cli.content_call_recorded',
            place: placeOfPath(doc, [...path, 'content', j]),
            message: `functionCall ${String(id)} has no toolCalls entry with a result`,
          });
      });
    calls.forEach((call, j) => {
      const parts = Array.isArray(call.result) ? call.result : isRecord(call.result) ? [call.result] : [];
      for (const part of parts) {
        if (!isRecord(part) || !isRecord(part.functionResponse)) continue;
        const response = part.functionResponse;
        const named = response.name === call.name;
        const sameId = response.id === undefined || call.id === undefined || response.id === call.id;
        // A result synced from history may carry its siblings' responses: only a lone one must match.
        if (parts.length === 1 && (!named || !sameId))
          out.push({
            rule: 'gemini-cli.response_matches_call',
            place: placeOfPath(doc, [...path, 'toolCalls', j]),
            message: `toolCalls entry ${String(call.id)} (${String(call.name)}) holds the functionResponse of ${String(response.id)} (${String(response.name)})`,
          });
      }
    });
  });
  return out;
}

export const geminiCliResume: Target = {
  id: 'gemini-cli-resume',
  name: 'Gemini CLI resume',
  cites:
    'google-gemini/gemini-cli @ 5411f113: packages/core/src/services/chatRecordingService.ts, packages/core/src/utils/sessionUtils.ts',
  rules: RULES,
  check,
};
