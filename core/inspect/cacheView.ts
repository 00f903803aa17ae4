/**
 * The prompt-cache side of a proposal in the inspector (SPEC §9 stats), for any actions the
 * threshold and overrides derive (R15) rather than only the run's: the first message they
 * change, the characters before it, and the cache-friendly variant that leaves every message
 * up to a chosen one untouched. All from the size model measured once per run; no model call.
 */
import { forEachEdit } from '../engine/editPlan.js';
import type { Pair } from '../engine/guards.js';
import { jsonArrayLength } from '../engine/measure.js';
import type { Action } from '../engine/schema.js';
import type { Overrides } from './actions.js';
import type { SizeModel } from './sizeModel.js';
import { charsAfter, truncatedChars } from './sizeModel.js';

/**
 * The first message index these actions change or remove, as `rebuild` reports it: the first
 * message of the blocks its edits touch (core/engine/editPlan.ts). Null when nothing changes.
 */
export function firstChangedMessage(model: SizeModel, actions: ReadonlyMap<string, Action>): number | null {
  let first: number | null = null;
  const consider = (m: number) => {
    if (first === null || m < first) first = m;
  };
  forEachEdit(model.pairs, actions, truncatedChars(model), {
    drop: (pair) => consider(Math.min(pair.call.message, pair.result.message)),
    truncate: (pair) => consider(pair.result.message),
  });
  return first;
}

/** §9 `unchanged_prefix_chars`: the compact JSON of the messages before `firstChanged` (all when null). */
export function unchangedPrefixChars(model: SizeModel, firstChanged: number | null): number {
  return jsonArrayLength(model.lengths, firstChanged ?? model.count);
}

// The token count is asked for the variant before the cache figures are derived, and both must
// name the same map (stale answers are told apart by identity): the last variant per actions map is kept.
const lastVariant = new WeakMap<
  ReadonlyMap<string, Action>,
  { pairs: readonly Pair[]; overrides: Overrides; after: number; variant: Map<string, Action> }
>();

/**
 * Only changes after message `after` (an index): every pair with an endpoint at or before it is
 * kept, as if that message and all before it were protected (R4), and like a guard, a person's
 * override still wins. The prefix a provider has cached then survives at least through `after`.
 * The same arguments give the same map, which is never changed.
 */
export function cacheFriendlyActions(
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  overrides: Overrides,
  after: number,
): ReadonlyMap<string, Action> {
  const last = lastVariant.get(actions);
  if (last && last.pairs === pairs && last.overrides === overrides && last.after === after) return last.variant;
  const out = new Map(actions);
  for (const pair of pairs)
    if (Math.min(pair.call.message, pair.result.message) <= after && !overrides[pair.pairId])
      out.set(pair.pairId, 'keep');
  lastVariant.set(actions, { pairs, overrides, after, variant: out });
  return out;
}

export interface CacheView {
  firstChanged: number | null;
  prefixChars: number;
  charsAfter: number;
}

// Asked again for the same actions after every token count arrives: the last view per size
// model is kept (action maps are never changed once derived).
const lastView = new WeakMap<SizeModel, { actions: ReadonlyMap<string, Action>; view: CacheView }>();

/** The figures the cache panel shows for one set of actions. */
export function cacheView(model: SizeModel, actions: ReadonlyMap<string, Action>): CacheView {
  const last = lastView.get(model);
  if (last?.actions === actions) return last.view;
  const firstChanged = firstChangedMessage(model, actions);
  const view = {
    firstChanged,
    prefixChars: unchangedPrefixChars(model, firstChanged),
    charsAfter: charsAfter(model, actions),
  };
  lastView.set(model, { actions, view });
  return view;
}
