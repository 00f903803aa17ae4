/**
 * What a proposal is (`RunResult`, `Proposal`) and what it is derived from, with no model call
 * (R15): a run narrowed to a policy that only removes candidates (R3–R5), the actions at a
 * threshold and overrides, and everything that follows from them. Pure functions over core's;
 * the proposal slice (proposal.ts) holds the state, the token counts and the run itself.
 */
import type { Probabilities } from '../../core/engine/decide.js';
import type { Analysis, Policy } from '../../core/engine/guards.js';
import type { Action, Decision, Message } from '../../core/engine/schema.js';
import type { Overrides } from '../../core/inspect/actions.js';
import { deriveActions, probabilitiesOf } from '../../core/inspect/actions.js';
import type { SizeModel } from '../../core/inspect/sizeModel.js';
import { charsAfter } from '../../core/inspect/sizeModel.js';
import type { CurvePoint } from '../../core/inspect/curve.js';
import { thresholdCurve } from '../../core/inspect/curve.js';
import type { HistogramBin } from '../../core/inspect/histogram.js';
import { probabilityHistogram } from '../../core/inspect/histogram.js';
import type { AskedPolicy } from '../../core/inspect/policyChange.js';
import { narrowRun } from '../../core/inspect/policyChange.js';
import type { AuditModel, RunPairReview } from '../../core/inspect/review.js';
import { auditModel } from '../../core/inspect/review.js';
import { stepChanges } from '../../core/inspect/stepChanges.js';
import type { RunOutcome, RunSettings } from '../../core/ipc/contract.js';

type RunSuccess = Extract<RunOutcome, { success: true }>;

/** What a run fixed: its answer and everything measured from it once. */
export interface RunResult {
  /**
   * The run as it was asked and answered. The fields below follow the current policy while it
   * only removes candidates (core/inspect/policyChange.ts): re-derived from this, never from an
   * earlier re-derivation, so undoing an edit gives the run's own proposal back.
   */
  asked: AskedPolicy & { outcome: RunSuccess };
  /** The run's answer, its decisions and guard counts as the current policy records them. */
  outcome: RunSuccess;
  /** The policy the proposal is derived for, without messages: the audit record and export use it. */
  request: RunSettings;
  policy: Policy;
  analysis: Analysis;
  /** Pair id → the run's decision. */
  decisions: ReadonlyMap<string, Decision>;
  probs: ReadonlyMap<string, Probabilities>;
  /** keep_result of the evaluated candidates in 10 bins; fixed per run (the threshold only marks it). */
  histogram: HistogramBin[];
  sizes: SizeModel;
  startedAt: string;
  finishedAt: string;
}

/** A run plus what the threshold and overrides derive from it (R15), recomputed together on each change. */
export interface Proposal extends RunResult {
  /** The keep threshold `actions` are derived at (the option's value when last derived). */
  threshold: number;
  overrides: Overrides;
  actions: Map<string, Action>;
  /** Pair id → its action before the last threshold step, for the pairs that step changed; empty after any other change. */
  stepped: ReadonlyMap<string, Action>;
  audit: AuditModel<RunPairReview>;
  charsAfter: number;
  curve: CurvePoint[];
  /** Real BPE tokens, counted off the main thread; null until counted. `prefix`: what stays cached (§9). */
  tokens: { before: number | null; after: number | null; prefix: number | null };
}

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

export type Lists = Pick<
  RunResult['request'],
  'eligible_tool_names' | 'protected_message_ids' | 'protected_call_ids' | 'shell_read_only'
>;
export const listsOf = ({
  eligible_tool_names,
  protected_message_ids,
  protected_call_ids,
  shell_read_only,
}: Lists): Lists => ({
  eligible_tool_names,
  protected_message_ids,
  protected_call_ids,
  shell_read_only,
});
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
/** The same names and ids, in any order: an edit undone (untick, tick) is the run's policy again. */
export const samePolicy = (a: Lists, b: Lists) =>
  sameSet(a.eligible_tool_names, b.eligible_tool_names) &&
  sameSet(a.protected_message_ids, b.protected_message_ids) &&
  sameSet(a.protected_call_ids, b.protected_call_ids) &&
  sameSet(a.shell_read_only.allow, b.shell_read_only.allow) &&
  sameSet(a.shell_read_only.deny, b.shell_read_only.deny);

const NO_CHANGES: ReadonlyMap<string, Action> = new Map();

/** What a derive starts from: the run with the actions at the threshold and overrides (R15). */
export type Derivable = RunResult & Pick<Proposal, 'threshold' | 'overrides' | 'actions' | 'stepped'>;

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
  return { ...run, threshold, overrides, actions, stepped: from ? stepChanges(from.actions, actions) : NO_CHANGES };
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
