/**
 * BPE tokens of a proposal's history (its compact JSON, as one text), counted incrementally:
 * each message is tokenized once per snapshot, and a threshold step re-tokenizes only the
 * messages whose pairs changed action. Exact, not an estimate: the count equals
 * `count(JSON.stringify(history))` (test/renderer/worker/tokens.slow.test.ts checks it against a full recount).
 *
 * Why a sum is exact: the gpt-4o tokenizer first splits the text with its pattern, then
 * encodes each piece alone. In `[m0,m1,…]`, a message's JSON starts with a run of characters
 * that are neither whitespace, letters nor numbers (`{"`), and the separator before it (`,`
 * or `[`) belongs to the same piece: the pattern's punctuation rule takes that whole run. So a
 * piece always ends where the message's first letter, number or space starts (its "body"), and
 * the text splits there into chunks `body_i + "," + head_{i+1}` counted alone. A message whose
 * JSON has no body (`{}`) or whose head could start a special token (`<|…`) is counted whole.
 *
 * What a threshold step costs: pairs are grouped into units (the messages their call and result
 * touch), a unit is rebuilt once per set of its actions, and each measure starts from the
 * history as last measured for the same slot, so only the units whose actions changed are
 * looked at again. The exactness argument and the units it rests on are one piece, which is
 * why this file is past ~300 lines.
 */
import type { Pair, Policy } from '../../core/engine/guards.js';
import { analyze } from '../../core/engine/guards.js';
import type { RebuildOptions } from '../../core/engine/rebuild.js';
import { rebuild } from '../../core/engine/rebuild.js';
import type { Action, Message } from '../../core/engine/schema.js';

export type Counter = (text: string) => number;

/** BPE tokens of a history after, and of its unchanged prefix (§9). */
export interface ProposalTokens {
  after: number;
  prefix: number;
}

// The tokenizer's punctuation rule: a run of characters that are not whitespace, letters or numbers.
const HEAD = /^[^\s\p{L}\p{N}]*/u;

/** A message's JSON cut where its first piece ends, or null when it cannot be cut there. */
function cut(json: string): { head: string; body: string } | null {
  const head = HEAD.exec(json)?.[0] ?? '';
  if (head.length === json.length || head.includes('<')) return null;
  return { head, body: json.slice(head.length) };
}

const ACTION_KEY: Record<Action, string> = { keep: 'k', drop_result: 'r', drop_call: 'c' };

/** Messages linked by pairs (call and result): their rebuilt form depends only on these pairs (R13, R14). */
interface Unit {
  pairs: Pair[];
  messages: number[];
}

/** The history after, as last measured: per message its rebuilt JSON (null: removed, undefined: unchanged). */
interface Measured {
  /** The request's own map (never changed once asked about), not a copy. */
  actions: ReadonlyMap<string, Action>;
  json: Array<string | null | undefined>;
  /** Per message, the tokens of its chunk in that history (0 when removed). */
  chunks: number[];
  total: number;
}

interface PolicyState {
  pairs: Pair[];
  units: Unit[];
  unitOf: Map<string, number>;
  /** Per unit and its actions: input index → rebuilt JSON, or null when R14 removed it. */
  rebuilt: Map<string, Map<number, string | null>>;
  slots: Map<string, Measured>;
}

/** Groups the pairs by the messages they touch (union-find over call and result message). */
function unitsOf(pairs: readonly Pair[], count: number): Unit[] {
  const parent = Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (const pair of pairs) parent[find(pair.call.message)] = find(pair.result.message);
  const byRoot = new Map<number, Unit>();
  for (const pair of pairs) {
    const root = find(pair.call.message);
    let unit = byRoot.get(root);
    if (!unit) byRoot.set(root, (unit = { pairs: [], messages: [] }));
    unit.pairs.push(pair);
    for (const m of [pair.call.message, pair.result.message]) if (!unit.messages.includes(m)) unit.messages.push(m);
  }
  return [...byRoot.values()];
}

/** The token counter of one snapshot's messages; it keeps what it counted for the next request. */
export class TokenCounter {
  /** Per message: its head, and the tokens of `body + "," + next head` (`body + "]"` for the last). */
  private heads: string[] = [];
  private chunks: number[] = [];
  /** Tokens of `"[" + the first head`. */
  private start = 0;
  /** False when some message cannot be cut (see the header): every count is then a whole recount. */
  private cuttable = true;
  private beforeTokens: number | null = null;
  private readonly prefixes = new Map<number, number>();
  private readonly policies = new Map<string, PolicyState>();
  /** Chunk counts taken besides `chunks`, by the message's JSON (or input index) and what follows it. */
  private readonly tails = new Map<string | number, Map<string, number>>();

  constructor(
    readonly messages: readonly Message[],
    private readonly count: Counter,
  ) {}

  /** Tokens of `JSON.stringify(messages)`. */
  before(): number {
    this.beforeTokens ??= this.countBefore();
    return this.beforeTokens;
  }

  private countBefore(): number {
    const { messages, count } = this;
    const cuts: Array<{ head: string; body: string }> = [];
    for (const message of messages) {
      const piece = cut(JSON.stringify(message));
      if (piece === null) {
        this.cuttable = false;
        return count(JSON.stringify(messages));
      }
      cuts.push(piece);
    }
    if (cuts.length === 0) return count('[]');
    this.heads = cuts.map((c) => c.head);
    this.start = count(`[${cuts[0].head}`);
    this.chunks = cuts.map((c, i) => count(i + 1 < cuts.length ? `${c.body},${cuts[i + 1].head}` : `${c.body}]`));
    return this.chunks.reduce((a, b) => a + b, this.start);
  }

  /** Tokens of `JSON.stringify(messages.slice(0, length))`, once per length. */
  prefix(length: number): number {
    const before = this.before();
    let tokens = this.prefixes.get(length);
    if (tokens !== undefined) return tokens;
    const { messages, count } = this;
    if (length === messages.length) tokens = before;
    else if (length === 0) tokens = count('[]');
    else if (!this.cuttable) tokens = count(JSON.stringify(messages.slice(0, length)));
    else {
      tokens = this.start;
      for (let i = 0; i < length - 1; i++) tokens += this.chunks[i];
      tokens += this.chunkOf(length - 1, JSON.stringify(messages[length - 1]), ']');
    }
    this.prefixes.set(length, tokens);
    return tokens;
  }

  /**
   * Tokens of the history `actions` make of the messages (R13, R14), and of its unchanged
   * prefix (§9). `slot` names a sequence of requests (the proposal, a variant of it) whose
   * last history the next one starts from. `actions` is kept, not copied, for the next
   * request to be diffed against: it must not change afterwards.
   */
  measure(
    policy: Policy,
    actions: ReadonlyMap<string, Action>,
    options: RebuildOptions,
    slot = 'proposal',
  ): ProposalTokens {
    const { messages, count } = this;
    this.before();
    const state = this.policyState(policy, options);
    const whole = () => {
      const rebuilt = rebuild(messages, state.pairs, actions, options, false);
      return {
        after: count(JSON.stringify(rebuilt.messages)),
        prefix: this.prefix(rebuilt.firstChanged ?? messages.length),
      };
    };
    if (!this.cuttable) return whole();
    let last = state.slots.get(slot);
    if (!last) {
      last = { actions: new Map(), json: [], chunks: [...this.chunks], total: this.before() - this.start };
      state.slots.set(slot, last);
    }
    const next = this.update(state, last, actions, options);
    if (next === null) {
      state.slots.delete(slot);
      return whole();
    }
    state.slots.set(slot, next);
    let firstChanged = 0;
    while (firstChanged < messages.length && next.json[firstChanged] === undefined) firstChanged++;
    let first = 0;
    while (first < messages.length && next.json[first] === null) first++;
    if (first === messages.length) return { after: count('[]'), prefix: this.prefix(firstChanged) };
    const head = this.headOf(next, first);
    const start = head === this.heads[0] ? this.start : this.chunkOf(-1, '', `[${head}`);
    return { after: start + next.total, prefix: this.prefix(firstChanged) };
  }

  private policyState(policy: Policy, options: RebuildOptions): PolicyState {
    // The rebuilt JSON depends on the markers' text too (R13): one state per policy and options.
    const key = JSON.stringify([policy, options]);
    let state = this.policies.get(key);
    if (!state) {
      const { pairs } = analyze(this.messages, policy);
      const units = unitsOf(pairs, this.messages.length);
      const unitOf = new Map<string, number>();
      units.forEach((unit, u) => unit.pairs.forEach((pair) => unitOf.set(pair.pairId, u)));
      state = { pairs, units, unitOf, rebuilt: new Map(), slots: new Map() };
      this.policies.set(key, state);
    }
    return state;
  }

  private headOf(measured: Measured, m: number): string {
    const json = measured.json[m];
    return typeof json === 'string' ? (cut(json) as { head: string }).head : this.heads[m];
  }

  /**
   * `last` moved to `actions`: the units whose actions changed take their rebuilt messages,
   * and the chunks they touch are counted again — each changed message's own, and the one of
   * the message kept before it, which ends with its head. Null when a rebuilt message cannot be cut.
   */
  private update(
    state: PolicyState,
    last: Measured,
    actions: ReadonlyMap<string, Action>,
    options: RebuildOptions,
  ): Measured | null {
    const moved = new Set<number>();
    for (const pair of state.pairs)
      if ((actions.get(pair.pairId) ?? 'keep') !== (last.actions.get(pair.pairId) ?? 'keep'))
        moved.add(state.unitOf.get(pair.pairId) as number);
    const next: Measured = { actions, json: [...last.json], chunks: last.chunks, total: last.total };
    if (moved.size === 0) return next;
    next.chunks = [...last.chunks];
    const touched = new Set<number>();
    for (const [m, json] of this.unitsRebuilt(state, [...moved], actions, options)) {
      if (typeof json === 'string' && cut(json) === null) return null;
      next.json[m] = json;
      touched.add(m);
    }
    for (const m of [...touched]) {
      let before = m - 1;
      while (before >= 0 && next.json[before] === null) touched.add(before--);
      if (before >= 0) touched.add(before);
    }
    const n = this.messages.length;
    for (const m of touched) {
      next.total -= next.chunks[m];
      const json = next.json[m];
      let after = m + 1;
      while (after < n && next.json[after] === null) after++;
      const tail = after < n ? `,${this.headOf(next, after)}` : ']';
      if (json === null) next.chunks[m] = 0;
      else if (json !== undefined) next.chunks[m] = this.chunkOf(json, json, tail);
      else if (after === m + 1 && tail === `,${this.heads[m + 1]}`) next.chunks[m] = this.chunks[m];
      else next.chunks[m] = this.chunkOf(m, JSON.stringify(this.messages[m]), tail);
      next.total += next.chunks[m];
    }
    return next;
  }

  /** Every message of `units` as `actions` leave it (undefined: unchanged); each unit rebuilt once per action set. */
  private unitsRebuilt(
    state: PolicyState,
    units: readonly number[],
    actions: ReadonlyMap<string, Action>,
    options: RebuildOptions,
  ): Map<number, string | null | undefined> {
    const out = new Map<number, string | null | undefined>();
    const missing: Array<{ key: string; unit: Unit }> = [];
    for (const u of units) {
      const unit = state.units[u];
      let key = `${u}:`;
      for (const pair of unit.pairs) key += ACTION_KEY[actions.get(pair.pairId) ?? 'keep'];
      const known = state.rebuilt.get(key);
      if (known) for (const m of unit.messages) out.set(m, known.get(m));
      else missing.push({ key, unit });
    }
    if (missing.length === 0) return out;
    // One rebuild over the pairs of the units not seen with these actions.
    const rebuilt = rebuild(
      this.messages,
      missing.flatMap((entry) => entry.unit.pairs),
      actions,
      options,
      false,
    );
    const fresh = new Map<number, string | null>();
    for (const m of rebuilt.removed) fresh.set(m, null);
    let at = 0;
    for (let m = 0; m < this.messages.length; m++) {
      if (fresh.has(m)) continue;
      if (rebuilt.origins[at] === null) fresh.set(m, JSON.stringify(rebuilt.messages[at]));
      at++;
    }
    for (const { key, unit } of missing) {
      const own = new Map<number, string | null>();
      for (const m of unit.messages) {
        const json = fresh.get(m);
        if (json !== undefined) own.set(m, json);
        out.set(m, json);
      }
      state.rebuilt.set(key, own);
    }
    return out;
  }

  /** Tokens of a message's body followed by `tail`, once per message (JSON or input index) and tail. */
  private chunkOf(key: string | number, json: string, tail: string): number {
    let byTail = this.tails.get(key);
    if (!byTail) this.tails.set(key, (byTail = new Map()));
    let tokens = byTail.get(tail);
    if (tokens === undefined) {
      tokens = this.count(json === '' ? tail : (cut(json) as { body: string }).body + tail);
      byTail.set(tail, tokens);
    }
    return tokens;
  }
}
