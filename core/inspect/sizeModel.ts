/**
 * The characters `rebuild()` would leave for any actions (SPEC §6 `chars_after`, R13–R14),
 * without rebuilding. Sizes come from per-block JSON lengths measured once, so a 101-point
 * curve over a 20 MB history costs no re-serialisation; `charsAfter` equals
 * `JSON.stringify(rebuild(...).messages).length` exactly (test/core/inspect/curve.test.ts checks it).
 */
import type { EditPlan } from '../engine/editPlan.js';
import { editPlan } from '../engine/editPlan.js';
import type { Pair } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { truncateOutput } from '../engine/rebuild.js';
import type { Action, Block, Message } from '../engine/schema.js';
import { stepOf } from './actions.js';

interface MessageSize {
  len: number;
  /** Length of the message JSON without its content array. */
  other: number;
  blockLens: number[];
}

/** A result as R13 truncation leaves it: the audit view shows `output`, the size model counts `blockChars`. */
export interface Truncation {
  output: string | Block[];
  /** JSON length of the result block with `output` in place. */
  blockChars: number;
}

export interface SizeModel {
  count: number;
  sum: number;
  /** Compact JSON length of every message, in order (the §9 unchanged prefix sums these). */
  lengths: number[];
  /** Only messages that hold a paired block. */
  messages: Map<number, MessageSize>;
  /** Per pair, the truncated result; null when truncation would not shorten it. */
  truncated: Map<string, Truncation | null>;
  pairs: readonly Pair[];
}

/**
 * Measures every message once (the expensive part: one JSON.stringify of the history) and
 * truncates every result once per run: a threshold change only picks among these.
 */
export function buildSizeModel(
  messages: readonly Message[],
  pairs: readonly Pair[],
  options: RebuildOptions,
): SizeModel {
  const touched = new Set<number>();
  for (const pair of pairs) touched.add(pair.call.message).add(pair.result.message);
  let sum = 0;
  const lengths: number[] = [];
  const sizes = new Map<number, MessageSize>();
  messages.forEach((message, m) => {
    const len = JSON.stringify(message).length;
    sum += len;
    lengths.push(len);
    if (!touched.has(m) || !Array.isArray(message.content)) return;
    const blockLens = message.content.map((block) => JSON.stringify(block).length);
    sizes.set(m, { len, other: len - JSON.stringify(message.content).length, blockLens });
  });
  const truncated = new Map<string, Truncation | null>();
  for (const pair of pairs) {
    const output = truncateOutput(pair.resultBlock.output, pair, options);
    truncated.set(
      pair.pairId,
      output === null ? null : { output, blockChars: JSON.stringify({ ...pair.resultBlock, output }).length },
    );
  }
  return { count: messages.length, sum, lengths, messages: sizes, truncated, pairs };
}

// The header, the cache panel and the comparison ask for the same actions several times per
// threshold step (R15); action maps are never changed once derived, so the last answer per
// size model is kept.
/** The last `chars_after` per size model, as the message sum and count it is made of. */
const lastCharsAfter = new WeakMap<SizeModel, { actions: ReadonlyMap<string, Action>; sum: number; count: number }>();
/** Per size model, the pairs with a block in each message. */
const pairsByMessage = new WeakMap<SizeModel, Map<number, Pair[]>>();

/**
 * SPEC §6 `chars_after` for these actions, without rebuilding. Actions a threshold step
 * derived from the last ones measured here are measured again only in the messages of the
 * pairs the step changed (the other messages' sizes are the same); the result is the same.
 */
export function charsAfter(model: SizeModel, actions: ReadonlyMap<string, Action>): number {
  const last = lastCharsAfter.get(model);
  if (last?.actions === actions) return 2 + last.sum + Math.max(last.count - 1, 0);
  const step = stepOf(actions);
  let { sum, count } = model;
  if (last && step?.from === last.actions) {
    const byMessage = messagePairs(model);
    const touched = new Set<number>();
    for (const pair of step.changed) touched.add(pair.call.message).add(pair.result.message);
    ({ sum, count } = last);
    for (const m of touched) {
      const pairs = byMessage.get(m) as Pair[];
      const before = messageDelta(model, m, editsOf(model, pairs, last.actions).get(m));
      const after = messageDelta(model, m, editsOf(model, pairs, actions).get(m));
      sum += after.sum - before.sum;
      count += after.count - before.count;
    }
  } else {
    for (const [m, perMessage] of editsOf(model, model.pairs, actions)) {
      const delta = messageDelta(model, m, perMessage);
      sum += delta.sum;
      count += delta.count;
    }
  }
  lastCharsAfter.set(model, { actions, sum, count });
  return 2 + sum + Math.max(count - 1, 0);
}

function messagePairs(model: SizeModel): Map<number, Pair[]> {
  let byMessage = pairsByMessage.get(model);
  if (!byMessage) {
    byMessage = new Map();
    for (const pair of model.pairs)
      for (const m of new Set([pair.call.message, pair.result.message])) {
        const list = byMessage.get(m);
        if (list) list.push(pair);
        else byMessage.set(m, [pair]);
      }
    pairsByMessage.set(model, byMessage);
  }
  return byMessage;
}

/** A pair's result as R13 leaves it, as its JSON length; null when truncation would not shorten it. */
export function truncatedChars(model: SizeModel): (pair: Pair) => number | null {
  return (pair) => model.truncated.get(pair.pairId)?.blockChars ?? null;
}

/** The block edits `actions` make to `pairs` (R13–R14), a truncated result as its new JSON length. */
function editsOf(model: SizeModel, pairs: readonly Pair[], actions: ReadonlyMap<string, Action>): EditPlan<number> {
  return editPlan(pairs, actions, truncatedChars(model));
}

/** How message `m` with these block edits changes the history's message sum and count. */
function messageDelta(model: SizeModel, m: number, perMessage: Map<number, number | null> | undefined) {
  if (!perMessage || perMessage.size === 0) return { sum: 0, count: 0 };
  const size = model.messages.get(m) as MessageSize;
  let kept = 0;
  let contentLen = 2;
  size.blockLens.forEach((len, b) => {
    const replaced = perMessage.has(b) ? perMessage.get(b) : len;
    if (replaced === null || replaced === undefined) return;
    contentLen += replaced + (kept > 0 ? 1 : 0);
    kept++;
  });
  // R14: an emptied message goes.
  if (kept === 0 && size.blockLens.length > 0) return { sum: -size.len, count: -1 };
  return { sum: size.other + contentLen - size.len, count: 0 };
}
