/**
 * Two rules the offline model applies on top of its fitted logits. They are rules, not
 * weights, because no cut of the corpus can fit them: no next action there dismisses work or
 * asks for text verbatim (docs/decision-model.md). Both come from what the user wrote in
 * the goal, so they are the user's decision, not the model's guess.
 *
 * - Dismissed work: when the goal calls a call's work finished or irrelevant ("the logo search
 *   is finished") and names it — in the call's input or in the agent's narration of it in the
 *   same message ("Searching the icon sets for the old logo variants.") — more than it names
 *   the work asked for, neither probability exceeds `DISMISSED_CEILING`: the user's word wins
 *   over what the history suggests.
 * - Finished work: when the conversation closed the work a call belonged to — "finished",
 *   "done", "that ticket is closed" after it, or a user turn that moves on — and nothing since
 *   names its target or quotes its result, and the goal does not name its target either, the
 *   same ceiling holds: the call is dropped whole. A goal that names the target keeps it
 *   (mentions.ts reads the conversation).
 * - Exact text asked for: when the goal asks for verbatim or exact content and names what is
 *   in a result — its file, its command, or terms first seen in it — the result is kept
 *   whatever its size: `p_result` is at least `EXACT_TEXT_FLOOR`.
 */
import { parseJsonText } from '../depth.js';
import { distinctiveTerms, mentions } from '../distinctive.js';
import { callInputText, readTargets } from '../evidence.js';
import type { CandidateFacts } from './features.js';
import type { GoalReading } from './goal.js';

export const DISMISSED_CEILING = 0.1;
export const EXACT_TEXT_FLOOR = 0.95;

/** The goal dismisses the work this call belongs to more than it asks for it (input and narration). */
export function dismissesWork(facts: CandidateFacts): boolean {
  return facts.workContext.dismissed.weight > facts.workContext.asked;
}

/** The conversation closed this call's work and nothing since, the goal included, names its target. */
export function closedWork(facts: CandidateFacts): string | null {
  return dismissesWork(facts) ? null : facts.target.closedBy;
}

/** What of this result the goal names (empty when none, or when the goal asks for no verbatim text). */
export function exactTextNamed(goal: GoalReading, facts: CandidateFacts): string[] {
  // A write's result is a receipt: the exact text asked for is never in it.
  if (goal.verbatimCues.length === 0 || dismissesWork(facts) || facts.isWrite) return [];
  const { call } = facts.entry;
  const named = new Set<string>(facts.links?.goalTerms ?? []);
  const input = parseInput(call.input);
  const paths = [input?.file_path, input?.path, input?.filePath, input?.notebook_path].filter(
    (p): p is string => typeof p === 'string',
  );
  for (const target of readTargets(call.toolName, call.input))
    if (target.startsWith('file:')) paths.push(target.slice(5));
  for (const raw of paths) {
    const path = raw.toLowerCase();
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (mentions(goal.lower, path)) named.add(path);
    else if (base.includes('.') && mentions(goal.lower, base)) named.add(base);
  }
  // Its command, whatever the tool calls it (`command`, `cmd`, `sql`, `query`, `url`): the
  // paths, identifiers and quoted strings its input is made of.
  for (const term of distinctiveTerms(callInputText(call.input))) if (mentions(goal.lower, term)) named.add(term);
  return [...named];
}

function parseInput(input: string): Record<string, unknown> | null {
  const json = parseJsonText(input);
  const parsed = json.ok ? json.value : null;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}
