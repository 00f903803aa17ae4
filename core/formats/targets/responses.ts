/**
 * OpenAI Responses: what the API refuses in an `input` item list. A `reasoning` item must be
 * followed by the item it preceded ("Item 'rs_…' of type 'reasoning' was provided without its
 * required following item", openai/openai-node#1567, vercel/ai#7099), a `function_call` that
 * a reasoning item preceded must keep it ("Item 'fc_…' of type 'function_call' was provided
 * without its required 'reasoning' item", the Vercel AI SDK bug of vercel/ai#7099), every
 * `function_call_output` answers a `function_call` before it and every function call is
 * answered ("No tool output found for function call"). Item shapes: openai-node 6.x
 * resources/responses/responses.d.ts.
 *
 * Checked on the native item list the conversation was read from; `checkResponsesItems` checks
 * any item sequence with its paths (a Codex rollout's replayed history, targets/codexResume.ts).
 */
import { isRecord, valueAt } from '../document.js';
import type { JsonPath } from '../types.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'responses.reasoning_followed': 'a reasoning item is followed by the output item it preceded (a message or a call)',
  'responses.call_keeps_reasoning':
    'a function_call that a reasoning item preceded keeps it (checked against the source of an export)',
  'responses.output_has_call': 'every function_call_output answers a function_call before it',
  'responses.call_answered': 'every function_call has its function_call_output before the conversation goes on',
} as const;

const CALLS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'shell_call']);
const OUTPUTS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'shell_call_output',
]);

type Item = Record<string, unknown>;

/** Items in the order the API receives them, each with its place in the document. */
export interface ItemSequence {
  items: unknown[];
  paths: JsonPath[];
}

/** The item list and its paths: the parent list of the conversation's first record. */
function itemsOf(input: { doc: CheckInput['doc']; read: CheckInput['read'] }): ItemSequence {
  const first = input.read.map.records.find((paths) => typeof paths[0]?.[paths[0].length - 1] === 'number')?.[0];
  const base = first ? first.slice(0, -1) : [];
  const list = valueAt(rootOf(input.doc), base);
  const items = Array.isArray(list) ? list : [];
  return { items, paths: items.map((_, k) => [...base, k]) };
}

/** An item the model produced, which a reasoning item may precede. */
const isOutputItem = (item: Item) =>
  item.type === 'message' || (item.type === undefined && 'role' in item)
    ? item.role === 'assistant'
    : typeof item.type === 'string' && item.type !== 'reasoning' && !item.type.endsWith('_output');

/** call_id → identity of the reasoning item that preceded the call within its response. */
function reasoningOfCalls(items: unknown[], ids: string[]): Map<string, string> {
  const found = new Map<string, string>();
  let reasoning: string | null = null;
  items.forEach((item, k) => {
    if (!isRecord(item)) return;
    if (item.type === 'reasoning') reasoning = ids[k];
    else if (CALLS.has(item.type as string) && typeof item.call_id === 'string') {
      if (reasoning !== null) found.set(item.call_id, reasoning);
    } else if (!isOutputItem(item)) reasoning = null;
  });
  return found;
}

/**
 * How each item is recognized again in an export: its id, its call id, or (Codex writes no
 * ids) its whole text and which occurrence of that text it is. Exports remove calls and
 * outputs only, so the occurrences of every other item keep their count.
 */
function identities(items: unknown[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    if (!isRecord(item)) return '';
    if (typeof item.id === 'string') return `id:${item.id}`;
    if (typeof item.call_id === 'string') return `${String(item.type)}:${item.call_id}`;
    const text = JSON.stringify(item);
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return `${n}:${text}`;
  });
}

/** A reasoning item as a message names it: its id, or `item` where the file keeps none (Codex). */
const nameOf = (item: Item) => (typeof item.id === 'string' ? item.id : 'item');

function check(input: CheckInput): Violation[] {
  return checkResponsesItems(input.doc, itemsOf(input), input.source && itemsOf(input.source));
}

/**
 * The rules on `sequence`, compared with the source's `before` when checking an export. With
 * `outputsSynthesized` (a client that answers an unanswered call itself before sending, as
 * Codex does with "aborted"), an unanswered call breaks nothing.
 */
export function checkResponsesItems(
  doc: CheckInput['doc'],
  sequence: ItemSequence,
  before?: ItemSequence,
  outputsSynthesized = false,
): Violation[] {
  const out: Violation[] = [];
  const { items, paths } = sequence;
  const at = (k: number) => placeOfPath(doc, paths[k]);
  const calls = new Set<string>();
  const answered = new Set<string>();
  items.forEach((item, k) => {
    if (!isRecord(item)) return;
    if (item.type === 'reasoning') {
      const next = items[k + 1];
      if (!isRecord(next) || next.type === 'reasoning' || !isOutputItem(next))
        out.push({
          rule: 'responses.reasoning_followed',
          place: at(k),
          message: `reasoning ${nameOf(item)} is not followed by the item it preceded`,
        });
    } else if (CALLS.has(item.type as string) && typeof item.call_id === 'string') calls.add(item.call_id);
    else if (OUTPUTS.has(item.type as string) && typeof item.call_id === 'string') {
      if (!calls.has(item.call_id))
        out.push({
          rule: 'responses.output_has_call',
          place: at(k),
          message: `${String(item.type)} ${item.call_id} answers no call before it`,
        });
      answered.add(item.call_id);
    }
  });
  // Calls left unanswered at the very end are a response waiting for its outputs.
  let lastNonCall = -1;
  items.forEach((item, k) => {
    if (isRecord(item) && !CALLS.has(item.type as string) && item.type !== 'reasoning') lastNonCall = k;
  });
  items.forEach((item, k) => {
    if (!isRecord(item) || !CALLS.has(item.type as string) || typeof item.call_id !== 'string') return;
    if (!answered.has(item.call_id) && k < lastNonCall && !outputsSynthesized)
      out.push({
        rule: 'responses.call_answered',
        place: at(k),
        message: `${String(item.type)} ${item.call_id} has no output`,
      });
  });
  if (before) {
    // The item each reasoning item preceded in the source must still follow it.
    const sourceItems = before.items;
    const sourceIds = identities(sourceItems);
    const ids = identities(items);
    const followers = new Map<string, string>();
    sourceItems.forEach((item, k) => {
      if (isRecord(item) && item.type === 'reasoning') followers.set(sourceIds[k], sourceIds[k + 1] ?? '');
    });
    items.forEach((item, k) => {
      if (!isRecord(item) || item.type !== 'reasoning' || !followers.has(ids[k])) return;
      if ((ids[k + 1] ?? '') !== followers.get(ids[k]))
        out.push({
          rule: 'responses.reasoning_followed',
          place: at(k),
          message: `reasoning ${nameOf(item)} is no longer followed by the item it preceded`,
        });
    });
    const needs = reasoningOfCalls(sourceItems, sourceIds);
    const has = reasoningOfCalls(items, ids);
    items.forEach((item, k) => {
      if (!isRecord(item) || typeof item.call_id !== 'string' || !CALLS.has(item.type as string)) return;
      const needed = needs.get(item.call_id);
      if (needed !== undefined && has.get(item.call_id) !== needed)
        out.push({
          rule: 'responses.call_keeps_reasoning',
          place: at(k),
          message: `${String(item.type)} ${item.call_id} lost the reasoning item before it${needed.startsWith('id:') ? ` (${needed.slice(3)})` : ''}`,
        });
    });
  }
  return out;
}

export const openaiResponses: Target = {
  id: 'openai-responses',
  name: 'OpenAI Responses',
  cites: 'openai-node 6.x responses.d.ts; API errors quoted in openai/openai-node#1567 and vercel/ai#7099',
  rules: RULES,
  check,
};
