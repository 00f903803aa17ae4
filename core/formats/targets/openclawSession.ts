/**
 * The pi agent (OpenClaw) resuming a session (badlogic/pi-mono @ 83378aad,
 * packages/coding-agent/src/core/session-manager.ts `buildSessionContext`): it walks `parentId`
 * back from the leaf, so an entry whose parent is not in the file cuts every earlier entry out
 * of the context; the messages it sends go to the provider (Anthropic Messages for these
 * sessions), where a `toolResult` must answer a `toolCall` of an earlier assistant message.
 */
import { isRecord } from '../document.js';
import { messageOf } from '../detect/openclawSession.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'openclaw.parent_chain': 'every parentId names an entry of the session, so the path back from the leaf is whole',
  'openclaw.result_answers_call': 'a toolResult’s toolCallId names a toolCall of an earlier assistant message',
} as const;

function check(input: CheckInput): Violation[] {
  const root = rootOf(input.doc);
  const entries = (Array.isArray(root) ? root : []).filter(isRecord);
  const ids = new Set(entries.map((e) => e.id));
  const calls = new Set<unknown>();
  const out: Violation[] = [];
  entries.forEach((entry, k) => {
    const place = placeOfPath(input.doc, [k]);
    if (typeof entry.parentId === 'string' && !ids.has(entry.parentId))
      out.push({ rule: 'openclaw.parent_chain', place, message: `parentId ${entry.parentId} names no entry` });
    const message = messageOf(entry);
    if (message?.role === 'assistant' && Array.isArray(message.content))
      for (const block of message.content) if (isRecord(block) && block.type === 'toolCall') calls.add(block.id);
    if (message?.role === 'toolResult' && !calls.has(message.toolCallId))
      out.push({
        rule: 'openclaw.result_answers_call',
        place,
        message: `toolCallId ${String(message.toolCallId)} answers no earlier toolCall`,
      });
  });
  return out;
}

export const openclawResume: Target = {
  id: 'openclaw-session',
  name: 'OpenClaw (pi) session resume',
  cites: 'badlogic/pi-mono @ 83378aad: packages/coding-agent/src/core/session-manager.ts buildSessionContext',
  rules: RULES,
  check,
};
