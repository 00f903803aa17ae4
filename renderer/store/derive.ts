/**
 * What a proposal is derived from, with no model call (R15): a run narrowed to a policy that
 * only removes candidates (R3–R5), the actions at a threshold and overrides, and everything
 * that follows from them. Pure functions over core's; the proposal slice (proposal.ts) holds
 * the state, the token counts and the run itself.
 */
import type { Message } from '../../core/engine/schema.js';
import type { CurvePoint, Overrides } from '../../core/inspect/curve.js';
import {
  charsAfter,
  deriveActions,
  probabilitiesOf,
  probabilityHistogram,
  thresholdCurve,
} from '../../core/inspect/curve.js';
import { narrowRun } from '../../core/inspect/policyChange.js';
import { auditModel } from '../../core/inspect/review.js';
import type { Proposal, RunResult } from './state.js';

/**
 * The run's answers under the policy `settings`, which only removes candidates: the guards'
 * verdicts and the recorded decisions and counts as a fresh run would give them (R3–R5; no
 * model call). Sizes depend on no guard and are kept.
 */
export function narrowed(run: RunResult, messages: readonly Message[], settings: RunResult['request']): RunResult {
  const { policy, analysis, decisions } = narrowRun(messages, run.asked.outcome.decisions, settings);
  const { candidates, protected: guarded, ineligible } = analysis.counts;
  const probs = probabilitiesOf(decisions);
  return {
    ...run,
    outcome: {
      ...run.asked.outcome,
      decisions,
      stats: { ...run.asked.outcome.stats, candidates, protected: guarded, ineligible },
    },
    request: settings,
    policy,
    analysis,
    decisions: new Map(decisions.map((d) => [d.pair_id, d])),
    probs,
    histogram: probabilityHistogram([...probs.values()].map((p) => p.keepResult)),
  };
}

export type Lists = Pick<RunResult['request'], 'eligible_tool_names' | 'protected_message_ids' | 'protected_call_ids'>;
export const listsOf = ({ eligible_tool_names, protected_message_ids, protected_call_ids }: Lists): Lists => ({
  eligible_tool_names,
  protected_message_ids,
  protected_call_ids,
});
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
/** The same names and ids, in any order: an edit undone (untick, tick) is the run's policy again. */
export const samePolicy = (a: Lists, b: Lists) =>
  sameSet(a.eligible_tool_names, b.eligible_tool_names) &&
  sameSet(a.protected_message_ids, b.protected_message_ids) &&
  sameSet(a.protected_call_ids, b.protected_call_ids);

/** What a derive starts from: the run with the actions at the threshold and overrides (R15). */
export type Derivable = RunResult & Pick<Proposal, 'threshold' | 'overrides' | 'actions'>;

/**
 * The actions of `run` at `threshold` with `overrides`; no model call (R15). `from`, the
 * proposal a threshold step leaves, is stepped (deriveActions decides again only the pairs
 * whose probabilities the step crosses).
 */
export function actionsAt(run: RunResult, overrides: Overrides, threshold: number, from?: Proposal): Derivable {
  const stepped = from && {
    pairs: from.analysis.pairs,
    probs: from.probs,
    threshold: from.threshold,
    overrides: from.overrides,
    actions: from.actions,
  };
  const actions = deriveActions(run.analysis.pairs, run.probs, threshold, overrides, stepped);
  return { ...run, threshold, overrides, actions };
}

/**
 * Everything that follows from the actions, once per threshold or override change (R15).
 * `curve` is reused when only the threshold moved (the curve spans every threshold; overrides
 * change it); `from` (the proposal a threshold step leaves) lets the reviews be stepped too.
 */
export function derive(
  next: Derivable,
  messages: readonly Message[],
  curve: CurvePoint[] | null,
  from?: Proposal,
): Omit<Proposal, 'tokens'> {
  const { threshold, overrides, actions } = next;
  const reviewed = { decisions: next.decisions, probabilities: next.probs, threshold, overrides, actions };
  const previous = from && {
    analysis: from.analysis,
    run: {
      decisions: from.decisions,
      probabilities: from.probs,
      threshold: from.threshold,
      overrides: from.overrides,
      actions: from.actions,
    },
    audit: from.audit,
  };
  return {
    ...next,
    audit: auditModel(messages, next.analysis, { ...reviewed, sizes: next.sizes }, previous),
    charsAfter: charsAfter(next.sizes, actions),
    curve: curve ?? thresholdCurve(next.sizes, next.probs, overrides),
  };
}
