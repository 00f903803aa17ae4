/**
 * Codex CLI resume: what `codex resume` rebuilds from a rollout and refuses in it. The history
 * is replayed as openai/codex codex-rs/core/src/rollout/replay.rs @ 6b042721 does (response
 * items in order; a `compacted` line replaces what came before with its `replacement_history`,
 * or with the items before the first user turn, the user messages and the summary; a
 * `thread_rolled_back` event drops the last user turns), then normalized as
 * codex-rs/core/src/context_manager/normalize.rs @ 0803cc58 does before a request: an output
 * with no call is an orphan (`error_or_panic`, a panic in debug builds), a custom tool or local
 * shell call with no output is reported the same way, and a function call with no output is
 * answered "aborted" by Codex itself. The replayed items then go to OpenAI Responses, whose
 * rules (targets/responses.ts) are checked on them.
 */
import { isRecord } from '../document.js';
import type { SourceText } from '../types.js';
import { rolloutRecords } from '../detect/codexRollout.js';
import { placeOfPath } from './places.js';
import type { ItemSequence } from './responses.js';
import { checkResponsesItems, openaiResponses } from './responses.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'codex.output_has_call':
    'every function_call_output and custom_tool_call_output of the resumed history answers a call with its call_id',
  'codex.call_answered': 'every custom_tool_call and local_shell_call of the resumed history has its output',
} as const;

const isUserMessage = (item: unknown) =>
  isRecord(item) && (item.type === 'message' || item.type === undefined) && item.role === 'user';

/** The history Codex resumes from, each item with its place in the rollout. */
export function replayedItems(doc: SourceText): ItemSequence {
  let items: unknown[] = [];
  let paths: ItemSequence['paths'] = [];
  (rolloutRecords(doc) ?? []).forEach((record, i) => {
    const payload = record.payload;
    if (record.type === 'response_item') {
      items.push(payload);
      paths.push([i, 'payload']);
    } else if (record.type === 'compacted' && isRecord(payload)) {
      if (Array.isArray(payload.replacement_history)) {
        items = [...payload.replacement_history];
        paths = items.map((_, j) => [i, 'payload', 'replacement_history', j]);
        return;
      }
      const first = items.findIndex(isUserMessage);
      const keep = items.map((item, k) => (first === -1 || k < first || isUserMessage(item) ? k : -1));
      const kept = keep.filter((k) => k >= 0);
      items = kept.map((k) => items[k]);
      paths = kept.map((k) => paths[k]);
      const summary = { type: 'message', role: 'user', content: [{ type: 'input_text', text: payload.message }] };
      items.push(summary);
      paths.push([i, 'payload', 'message']);
    } else if (record.type === 'event_msg' && isRecord(payload) && payload.type === 'thread_rolled_back') {
      const turns = typeof payload.num_turns === 'number' ? payload.num_turns : 0;
      const users = items.flatMap((item, k) => (isUserMessage(item) ? [k] : []));
      if (turns <= 0 || users.length === 0) return;
      const cut = turns >= users.length ? users[0] : users[users.length - turns];
      items = items.slice(0, cut);
      paths = paths.slice(0, cut);
    }
  });
  return { items, paths };
}

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const { items, paths } = replayedItems(input.doc);
  const calls = new Map<string, Set<string>>();
  const outputs = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, type: string, id: string) =>
    map.set(type, (map.get(type) ?? new Set()).add(id));
  for (const item of items)
    if (isRecord(item) && typeof item.type === 'string' && typeof item.call_id === 'string')
      add(item.type.endsWith('_output') ? outputs : calls, item.type, item.call_id);
  const has = (map: Map<string, Set<string>>, types: string[], id: string) => types.some((t) => map.get(t)?.has(id));
  items.forEach((item, k) => {
    if (!isRecord(item) || typeof item.call_id !== 'string') return;
    const at = placeOfPath(input.doc, paths[k]);
    const id = item.call_id;
    if (item.type === 'function_call_output' && !has(calls, ['function_call', 'local_shell_call'], id))
      out.push({ rule: 'codex.output_has_call', place: at, message: `function_call_output ${id} answers no call` });
    else if (item.type === 'custom_tool_call_output' && !has(calls, ['custom_tool_call'], id))
      out.push({ rule: 'codex.output_has_call', place: at, message: `custom_tool_call_output ${id} answers no call` });
    else if (item.type === 'custom_tool_call' && !has(outputs, ['custom_tool_call_output'], id))
      out.push({ rule: 'codex.call_answered', place: at, message: `custom_tool_call ${id} has no output` });
    else if (item.type === 'local_shell_call' && !has(outputs, ['function_call_output', 'local_shell_call_output'], id))
      out.push({ rule: 'codex.call_answered', place: at, message: `local_shell_call ${id} has no output` });
  });
  return out;
}

export const codexResume: Target = {
  id: 'codex-resume',
  name: 'Codex CLI resume',
  cites:
    'openai/codex codex-rs/core/src/rollout/replay.rs @ 6b042721, codex-rs/core/src/context_manager/normalize.rs @ 0803cc58',
  rules: RULES,
  check,
};

/** OpenAI Responses on the history Codex resumes from; Codex answers an unanswered function call itself. */
export const codexResponses: Target = {
  ...openaiResponses,
  check: (input) =>
    checkResponsesItems(input.doc, replayedItems(input.doc), input.source && replayedItems(input.source.doc), true),
};
