/**
 * R13–R14: which blocks an action edits, written once. drop_call removes the call block and its
 * result block (with §9 `drop_receipts`, the call block's place takes its receipt); drop_result replaces the result block with its R13 truncation, when truncation
 * shortens it; keep edits nothing. `rebuild` applies these edits, the native writers place them
 * (core/formats/proposal.ts), and the inspector's size model and cache view measure them
 * (core/inspect/sizeModel.ts, cacheView.ts), so what the inspector shows before a rebuild is
 * what the rebuild does.
 */
import type { Pair } from './guards.js';
import type { Action } from './schema.js';

/** What an action does to one pair's blocks. */
export interface PairEdits<T> {
  /** drop_call: the call block and its result block go. */
  drop(pair: Pair): void;
  /** drop_result: the result block becomes `truncated`. */
  truncate(pair: Pair, truncated: T): void;
}

/**
 * The edits `actions` make to `pairs`, in pair order. `truncated(pair)` is the result block as
 * R13 leaves it in the caller's terms (rebuild: the new block; the size model: its JSON length),
 * or null when truncation would not shorten it and the block stays as it is.
 */
export function forEachEdit<T>(
  pairs: Iterable<Pair>,
  actions: ReadonlyMap<string, Action>,
  truncated: (pair: Pair) => T | null,
  edits: PairEdits<T>,
): void {
  for (const pair of pairs) {
    const action = actions.get(pair.pairId);
    if (action === 'drop_call') edits.drop(pair);
    else if (action === 'drop_result') {
      const replacement = truncated(pair);
      if (replacement !== null) edits.truncate(pair, replacement);
    }
  }
}

/** Message index → block index → the block's replacement; null removes the block. */
export type EditPlan<T> = Map<number, Map<number, T | null>>;

/**
 * The edits of `forEachEdit` per message and block. `receipt(pair)` is what a drop_call leaves
 * where its call was (§9 `drop_receipts`), or null to leave nothing.
 */
export function editPlan<T>(
  pairs: Iterable<Pair>,
  actions: ReadonlyMap<string, Action>,
  truncated: (pair: Pair) => T | null,
  receipt: (pair: Pair) => T | null = () => null,
): EditPlan<T> {
  const plan: EditPlan<T> = new Map();
  const edit = (m: number, b: number, replacement: T | null) => {
    let perMessage = plan.get(m);
    if (!perMessage) plan.set(m, (perMessage = new Map()));
    perMessage.set(b, replacement);
  };
  forEachEdit(pairs, actions, truncated, {
    drop: (pair) => {
      edit(pair.call.message, pair.call.block, receipt(pair));
      edit(pair.result.message, pair.result.block, null);
    },
    truncate: (pair, replacement) => edit(pair.result.message, pair.result.block, replacement),
  });
  return plan;
}
