/**
 * What the audit view shows, derived once per change of snapshot, policy, threshold or
 * overrides rather than once per rendered row: the aligned rows and, per pair, the action,
 * the model's verdict and its reason (R12, R15), the probabilities, the evidence and any
 * override. The audit record is built from the same reviews, so what a person sees beside a
 * call is what the record says about it.
 */
import type { Probabilities } from '../engine/decide.js';
import type { Analysis, Pair } from '../engine/guards.js';
import type { Action, Decision, GuardCode, Message } from '../engine/schema.js';
import type { AlignedRow } from './align.js';
import { alignRows } from './align.js';
import type { ModelVerdict, Overrides } from './actions.js';
import { modelVerdict } from './actions.js';
import type { RankedReasons } from './reasons.js';
import { rankReasons } from './reasons.js';
import type { SizeModel } from './sizeModel.js';
import { crossingPairs } from './crossing.js';

export interface PairReview {
  pairId: string;
  callId: string;
  toolName: string;
  guard: GuardCode | null;
  /** The action that applies, overrides included; null before a run. */
  action: Action | null;
  /** The verdict of the probabilities at the threshold, before any override; null before a run. */
  model: ModelVerdict | null;
  /** What the view says about the pair: the guard, the verdict's reason, or `candidate` before a run. */
  reason: GuardCode | ModelVerdict['reason'] | 'candidate';
  override: Action | null;
  /** The two answers the model gave; null for guarded pairs and before a run. */
  keepCall: number | null;
  keepResult: number | null;
  /** Offline backend only: the terms and signals that moved its probabilities. */
  evidence: readonly string[] | null;
  evidenceLinks: Decision['evidence_links'] | null;
  /** The evidence as reasons in words, the strongest for this action first (reasons.ts); null without evidence. */
  reasons: RankedReasons | null;
}

/** A pair reviewed against a run: it always has an action and a verdict. */
export type RunPairReview = PairReview & { action: Action; model: ModelVerdict };

/** A finished run, as far as the reviews need it. */
export interface ReviewedRun {
  /** Pair id → the run's decision (fixed per run). */
  decisions: ReadonlyMap<string, Decision>;
  probabilities: ReadonlyMap<string, Probabilities>;
  threshold: number;
  overrides: Overrides;
  /** The actions derived at `threshold` with `overrides` (actions.ts `deriveActions`). */
  actions: ReadonlyMap<string, Action>;
}

/** Reviews as `reviewPairs` gave them for `run`: the start of a threshold step. */
export interface ReviewedPairs {
  pairs: readonly Pair[];
  run: ReviewedRun;
  reviews: ReadonlyMap<string, RunPairReview>;
}

function reviewOf(pair: Pair, run: ReviewedRun | null): PairReview {
  const decision = run?.decisions.get(pair.pairId);
  const model = run ? modelVerdict(pair.guard, run.probabilities.get(pair.pairId) ?? null, run.threshold) : null;
  // `actions` holds every pair (deriveActions); the verdict stands in only for a pair it lacks.
  const action = model ? (run?.actions.get(pair.pairId) ?? model.action) : null;
  return {
    pairId: pair.pairId,
    callId: pair.callId,
    toolName: pair.toolName,
    guard: pair.guard,
    action,
    model,
    reason: pair.guard ?? model?.reason ?? 'candidate',
    override: run?.overrides[pair.pairId] ?? null,
    keepCall: decision?.keep_call ?? null,
    keepResult: decision?.keep_result ?? null,
    evidence: decision?.evidence ?? null,
    evidenceLinks: decision?.evidence_links ?? null,
    reasons: decision?.evidence?.length ? rankReasons(decision.evidence, action) : null,
  };
}

/**
 * One review per pair, in pair order; `run` null means nothing was asked yet. `from`, the
 * reviews of the same pairs, decisions and overrides at another threshold, is stepped: only
 * the pairs whose verdict can change between the thresholds (crossing.ts) or whose action
 * changed are reviewed again, the others are the same objects (R15).
 */
export function reviewPairs(pairs: readonly Pair[], run: ReviewedRun, from?: ReviewedPairs): Map<string, RunPairReview>;
export function reviewPairs(pairs: readonly Pair[], run: ReviewedRun | null): Map<string, PairReview>;
export function reviewPairs(
  pairs: readonly Pair[],
  run: ReviewedRun | null,
  from?: ReviewedPairs,
): Map<string, PairReview> {
  if (run && from && steps(pairs, run, from)) {
    const out = new Map<string, PairReview>(from.reviews);
    const redo = new Set(crossingPairs(pairs, run.probabilities, from.run.threshold, run.threshold));
    for (const pair of pairs) if (run.actions.get(pair.pairId) !== from.run.actions.get(pair.pairId)) redo.add(pair);
    for (const pair of redo) out.set(pair.pairId, reviewOf(pair, run));
    return out;
  }
  const out = new Map<string, PairReview>();
  for (const pair of pairs) out.set(pair.pairId, reviewOf(pair, run));
  return out;
}

/** Only the threshold (and the actions it gives) differ between `from` and `run`. */
const steps = (pairs: readonly Pair[], run: ReviewedRun, from: ReviewedPairs) =>
  from.pairs === pairs &&
  from.run.decisions === run.decisions &&
  from.run.probabilities === run.probabilities &&
  from.run.overrides === run.overrides;

/** Everything the side-by-side view reads, for one snapshot, policy and (optional) run. */
export interface AuditModel<Review extends PairReview = PairReview> {
  rows: AlignedRow[];
  pairs: ReadonlyMap<string, Review>;
  /** Rows the proposal changes or removes. */
  changedRows: number;
}

const NO_ACTIONS: ReadonlyMap<string, Action> = new Map();

/**
 * The audit model of `analysis` over `messages`. With a run, rows carry its actions and the
 * truncated outputs from `sizes` (R13); without one, rows show only guards and protections.
 * `from`, the model of the same run at another threshold, makes the step re-review only the
 * pairs it can touch (reviewPairs); the rows are re-aligned per changed pair either way (alignRows).
 */
export function auditModel(
  messages: readonly Message[],
  analysis: Analysis,
  run: ReviewedRun & { sizes: SizeModel },
  from?: { analysis: Analysis; run: ReviewedRun; audit: AuditModel<RunPairReview> },
): AuditModel<RunPairReview>;
export function auditModel(messages: readonly Message[], analysis: Analysis, run: null): AuditModel;
export function auditModel(
  messages: readonly Message[],
  analysis: Analysis,
  run: (ReviewedRun & { sizes: SizeModel }) | null,
  from?: { analysis: Analysis; run: ReviewedRun; audit: AuditModel<RunPairReview> },
): AuditModel {
  const rows = alignRows(messages, analysis, run?.actions ?? NO_ACTIONS, run?.sizes.truncated);
  let changedRows = 0;
  for (const row of rows) if (row.status !== 'same') changedRows++;
  const pairs =
    run && from
      ? reviewPairs(analysis.pairs, run, { pairs: from.analysis.pairs, run: from.run, reviews: from.audit.pairs })
      : reviewPairs(analysis.pairs, run);
  return { rows, pairs, changedRows };
}
