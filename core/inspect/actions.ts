/**
 * Tuning without the model (R15): actions re-derived from stored probabilities with
 * `decide()`, and per-call overrides on top. A threshold step decides again only the pairs
 * whose verdict can change (crossing.ts) and remembers what it changed for the size model.
 */
import type { Probabilities } from '../engine/decide.js';
import { decide } from '../engine/decide.js';
import type { Pair } from '../engine/guards.js';
import type { Action, Decision, DecisionReason, GuardCode } from '../engine/schema.js';
import { crossingPairs } from './crossing.js';

/** Pair id → the action a person chose over the derived one. */
export type Overrides = Readonly<Record<string, Action>>;

/** Pair id → probabilities, for the pairs the model evaluated. */
export function probabilitiesOf(decisions: readonly Decision[]): ReadonlyMap<string, Probabilities> {
  const out = new Map<string, Probabilities>();
  for (const d of decisions)
    if (d.keep_call !== null && d.keep_result !== null)
      out.set(d.pair_id, { keepCall: d.keep_call, keepResult: d.keep_result });
  return out;
}

/** What the probabilities give for one pair, before any override; `not_evaluated` is the inspector's own reason. */
export interface ModelVerdict {
  action: Action;
  reason: DecisionReason | 'not_evaluated';
}

/**
 * R12/R15 for one pair. A candidate without probabilities (no run yet, or one the run did not
 * evaluate) is kept as `not_evaluated`: nothing decided it, and `decide` refuses to guess.
 */
export function modelVerdict(
  guard: GuardCode | null,
  probabilities: Probabilities | null,
  threshold: number,
): ModelVerdict {
  if (guard === null && probabilities === null) return { action: 'keep', reason: 'not_evaluated' };
  return decide(probabilities, threshold, guard);
}

/** Actions as `deriveActions` gave them, with what they were derived from: the start of a threshold step. */
export interface DerivedActions {
  pairs: readonly Pair[];
  probs: ReadonlyMap<string, Probabilities>;
  threshold: number;
  overrides: Overrides;
  /** Never changed once derived. */
  actions: ReadonlyMap<string, Action>;
}

/** What a threshold step started from and the pairs whose action it changed. */
export interface Step {
  from: ReadonlyMap<string, Action>;
  changed: readonly Pair[];
}

/** Actions a step derived → its step, so the size model measures again only what it changed (sizeModel.ts). */
const stepped = new WeakMap<ReadonlyMap<string, Action>, Step>();

/** The step `actions` came from, when `deriveActions` stepped them from other actions. */
export function stepOf(actions: ReadonlyMap<string, Action>): Step | undefined {
  return stepped.get(actions);
}

/**
 * R12/R15 for every pair, then overrides. A guarded pair stays `keep` unless a person
 * overrides it: the override is an explicit human decision, recorded in the audit record.
 * `from`, derived from the same pairs, probabilities and overrides at another threshold, is
 * stepped instead: only the pairs whose verdict can change between the two thresholds
 * (crossing.ts) are decided again, with the same result as deciding every pair.
 */
export function deriveActions(
  pairs: readonly Pair[],
  probs: ReadonlyMap<string, Probabilities>,
  threshold: number,
  overrides: Overrides = {},
  from?: DerivedActions,
): Map<string, Action> {
  const actionOf = (pair: Pair) =>
    overrides[pair.pairId] ?? modelVerdict(pair.guard, probs.get(pair.pairId) ?? null, threshold).action;
  if (from && from.pairs === pairs && from.probs === probs && from.overrides === overrides) {
    const actions = new Map(from.actions);
    const changed: Pair[] = [];
    for (const pair of crossingPairs(pairs, probs, from.threshold, threshold)) {
      const action = actionOf(pair);
      if (action !== from.actions.get(pair.pairId)) changed.push(pair);
      actions.set(pair.pairId, action);
    }
    stepped.set(actions, { from: from.actions, changed });
    return actions;
  }
  const actions = new Map<string, Action>();
  for (const pair of pairs) actions.set(pair.pairId, actionOf(pair));
  return actions;
}
