/**
 * The keep_call label (R8's call question: do the call and its input still matter for the next
 * action?). A call is *needed later* when, from the next action on, the agent names its target
 * again — reads, edits or mentions the path it read or wrote, or repeats a distinctive term of
 * its input (core/engine/distinctive.ts: paths, identifiers, long numbers, quoted strings) in
 * what it writes, thinks or calls. A call whose result is used is needed as well; fit.ts joins
 * the two, so this file labels only the naming.
 *
 * A term the agent named in more than `COMMON_SHARE` of its messages before the cut (a
 * repository root, the project's name), a number of fewer than five digits (a year, a line
 * number) or a device path points at no call in particular and does not count.
 * Unlike the later-use label, the goal itself counts: naming a call's target in the next
 * action is the plainest sign that the call matters for it.
 */
import { distinctiveTerms } from '../engine/distinctive.js';
import { callInputText } from '../engine/evidence.js';
import { blocksOf } from '../engine/pairing.js';
import type { Cut } from './cuts.js';
import type { LabelContext } from './labels.js';

export const COMMON_SHARE = 0.1;
/** Below this many agent messages before the cut, every term counts (there is no "common" yet). */
const MIN_MESSAGES_FOR_COMMON = 8;
/** Years, counts and line numbers recur by chance; a number names a target from this many digits. */
const MIN_NUMBER_DIGITS = 5;
/** Places every command names (`2>/dev/null`): never a call's own target. */
const NOWHERE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/tmp']);

export interface CallUse {
  needed: boolean;
  /** The input terms named again (at most a few, for the report). */
  terms: string[];
}

/** Labels the call of every successful tool result before the cut, keyed by its call id. */
export function labelCallUse(context: LabelContext, cut: Cut): Map<string, CallUse> {
  const agentBefore = context.messages.slice(0, cut.index).filter((m) => m.role === 'assistant').length;
  const common = (term: string) =>
    agentBefore >= MIN_MESSAGES_FOR_COMMON &&
    context.future.find(term).filter((i) => i < cut.index).length > COMMON_SHARE * agentBefore;
  const succeeded = new Set<string>();
  for (const message of context.messages.slice(0, cut.index))
    for (const block of blocksOf(message))
      if (block.type === 'tool_result' && block.state === 'success' && typeof block.id === 'string')
        succeeded.add(block.id);
  const labels = new Map<string, CallUse>();
  for (const message of context.messages.slice(0, cut.index)) {
    for (const block of blocksOf(message)) {
      if (block.type !== 'tool_call' || typeof block.id !== 'string' || !succeeded.has(block.id)) continue;
      const named: string[] = [];
      for (const term of distinctiveTerms(callInputText(block.input))) {
        if (NOWHERE.has(term) || (/^[\d.,]+$/.test(term) && term.replace(/\D/g, '').length < MIN_NUMBER_DIGITS))
          continue;
        if (common(term)) continue;
        if (context.future.find(term, cut.index).length > 0) named.push(term);
      }
      labels.set(block.id, { needed: named.length > 0, terms: named.slice(0, 5) });
    }
  }
  return labels;
}
