/**
 * Tuning without the model (R15): actions re-derived from stored probabilities with
 * `decide()`, per-call overrides on top, and the characters that `rebuild()` would leave at
 * any threshold. Sizes come from per-block JSON lengths measured once, so a 101-point curve
 * over a 20 MB history costs no re-serialisation; `charsAfter` equals
 * `JSON.stringify(rebuild(...).messages).length` exactly (test/ui/curve.test.ts checks it).
 * The actions, the size model and the curve share the stepped derivation of a threshold
 * change, so they stay in one file, a little past ~300 lines.
 */
import type { Probabilities } from '../engine/decide.js';
import { decide } from '../engine/decide.js';
import type { Pair } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { truncateOutput } from '../engine/rebuild.js';
import { crossingPairs } from './crossing.js';
import type { Action, Block, Decision, DecisionReason, GuardCode, Message } from '../engine/schema.js';

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

/**
 * R12/R15 for every pair, then overrides. A guarded pair stays `keep` unless a person
 * overrides it: the override is an explicit human decision, recorded in the audit record.
 * `from`, derived from the same pairs, probabilities and overrides at another threshold, is
 * stepped instead: only the pairs whose verdict can change between the two thresholds
 * (crossing.ts) are decided again, with the same result as deciding every pair.
 */
/** Actions a step derived: the actions it stepped from and the pairs whose action it changed. */
const steppedFrom = new WeakMap<ReadonlyMap<string, Action>, { from: ReadonlyMap<string, Action>; changed: Pair[] }>();

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
    steppedFrom.set(actions, { from: from.actions, changed });
    return actions;
  }
  const actions = new Map<string, Action>();
  for (const pair of pairs) actions.set(pair.pairId, actionOf(pair));
  return actions;
}

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
    const output = truncateOutput(pair.resultBlock.output, pair.callId, options);
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
  const step = steppedFrom.get(actions);
  let { sum, count } = model;
  if (last && step?.from === last.actions) {
    const byMessage = messagePairs(model);
    const touched = new Set<number>();
    for (const pair of step.changed) touched.add(pair.call.message).add(pair.result.message);
    ({ sum, count } = last);
    for (const m of touched) {
      const pairs = byMessage.get(m) as Pair[];
      const before = messageDelta(model, m, editsOf(model, pairs, last.actions, m));
      const after = messageDelta(model, m, editsOf(model, pairs, actions, m));
      sum += after.sum - before.sum;
      count += after.count - before.count;
    }
  } else {
    const edits = new Map<number, Map<number, number | null>>();
    editsOf(model, model.pairs, actions, undefined, edits);
    for (const [m, perMessage] of edits) {
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

/**
 * The block edits `actions` make to `pairs` (a removed block is null, a truncated result its
 * new length), per message into `into`; with `only`, the edits of that one message.
 */
function editsOf(
  model: SizeModel,
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  only?: number,
  into = new Map<number, Map<number, number | null>>(),
): Map<number, number | null> {
  const edit = (m: number, b: number, len: number | null) => {
    if (only !== undefined && m !== only) return;
    let perMessage = into.get(m);
    if (!perMessage) into.set(m, (perMessage = new Map()));
    perMessage.set(b, len);
  };
  for (const pair of pairs) {
    const action = actions.get(pair.pairId);
    if (action === 'drop_call') {
      edit(pair.call.message, pair.call.block, null);
      edit(pair.result.message, pair.result.block, null);
    } else if (action === 'drop_result') {
      const truncation = model.truncated.get(pair.pairId);
      if (truncation) edit(pair.result.message, pair.result.block, truncation.blockChars);
    }
  }
  return (only !== undefined && into.get(only)) || new Map();
}

/** How message `m` with these block edits changes the history's message sum and count. */
function messageDelta(model: SizeModel, m: number, perMessage: Map<number, number | null>) {
  if (perMessage.size === 0) return { sum: 0, count: 0 };
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

export interface CurvePoint {
  threshold: number;
  chars: number;
}

/** Characters after compaction at `steps` evenly spaced thresholds in [0, 1]. */
export function thresholdCurve(
  model: SizeModel,
  probs: ReadonlyMap<string, Probabilities>,
  overrides: Overrides = {},
  steps = 101,
): CurvePoint[] {
  const points: CurvePoint[] = [];
  let from: DerivedActions | undefined;
  for (let i = 0; i < steps; i++) {
    const threshold = steps === 1 ? 0 : i / (steps - 1);
    const actions = deriveActions(model.pairs, probs, threshold, overrides, from);
    from = { pairs: model.pairs, probs, threshold, overrides, actions };
    points.push({ threshold, chars: charsAfter(model, actions) });
  }
  return points;
}

export interface HistogramBin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge, except the last bin, which includes 1. */
  to: number;
  count: number;
}

/**
 * Probabilities in `bins` equal bins over [0, 1]. A value lands in the highest bin whose lower
 * edge it reaches (`p >= from`), the same comparison R12 makes with the threshold, so the bins
 * at or above a threshold on a bin edge count exactly the results kept there; float rounding
 * of `p * bins` alone could put 0.69999… into the 0.7 bin. Values outside [0, 1] are clamped
 * and NaN is skipped: the schema already refuses them, the chart should not crash on them.
 */
export function probabilityHistogram(values: Iterable<number>, bins = 10): HistogramBin[] {
  const out: HistogramBin[] = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    count: 0,
  }));
  for (const raw of values) {
    if (Number.isNaN(raw)) continue;
    const p = Math.min(1, Math.max(0, raw));
    let i = Math.min(bins - 1, Math.floor(p * bins));
    while (i > 0 && p < out[i].from) i--;
    while (i < bins - 1 && p >= out[i + 1].from) i++;
    out[i].count++;
  }
  return out;
}
