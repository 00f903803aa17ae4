/**
 * What every peer policy (the defaults other frameworks ship) yields: a proposal in our own
 * shape — an action per candidate and a §6-style decision per well-formed pair whose reason is
 * a peer reason and whose `rule` names the peer's rule — so reduction, tokens, cache cost and
 * the inspector's Compare read it exactly as they read a model's proposal. Export does not:
 * an audit record re-derives its actions from probabilities (core/audit/verify.ts), which a
 * peer has none of.
 *
 * A peer acts on candidates only (R3–R5): a guarded pair is kept with its guard as the reason,
 * as every policy of `eval` keeps it, while the peer's own counting (the most recent N tool
 * uses, tokens of tool output) sees every well-formed pair as the peer would.
 */
import type { Analysis, Pair } from '../../engine/guards.js';
import { isTextOutput, outputText } from '../../engine/guards.js';
import type { Action, Decision, Message } from '../../engine/schema.js';
import { estimateTokens } from '../../engine/tokens.js';
import type { Actions } from '../baselines.js';

export interface PeerInput {
  messages: readonly Message[];
  analysis: Analysis;
}

/**
 * How a peer shortens what it clears, in R13/§9 terms: code points kept before and after the
 * omission marker. Peers that replace a result with a placeholder keep none; null keeps the
 * request's own `truncate_head_chars`/`truncate_tail_chars`.
 */
export interface PeerTruncation {
  head: number;
  tail: number;
}

/** A peer's decision: ours (§6), with the peer's rule in its own words. */
export type PeerDecision = Decision & { rule: string };

export interface PeerProposal {
  /** Registry id (peers/index.ts) and the name tables show. */
  peer: string;
  name: string;
  /** Whether the peer's trigger fired on this history; when not, every action is keep. */
  fired: boolean;
  /** Why it fired or not, in the peer's terms (its trigger, its minimum). */
  note: string;
  actions: Actions;
  decisions: PeerDecision[];
  truncation: PeerTruncation | null;
}

/** What the peer's rule does to one pair it does not keep. */
export interface Clearing {
  action: Exclude<Action, 'keep'>;
  rule: string;
}

export interface Verdict {
  peer: string;
  name: string;
  fired: boolean;
  note: string;
  truncation: PeerTruncation | null;
  /** Pair id → what the rule does; pairs not listed are kept by `keptRule`. */
  cleared: ReadonlyMap<string, Clearing>;
  keptRule: string;
}

/** The proposal of a verdict: actions on candidates only, a decision for every well-formed pair. */
export function peerProposal(input: PeerInput, verdict: Verdict): PeerProposal {
  const actions: Actions = new Map();
  const decisions = input.analysis.pairs.map((pair): PeerDecision => {
    const base = { pair_id: pair.pairId, call_id: pair.callId, tool_name: pair.toolName };
    const none = { keep_call: null, keep_result: null };
    if (pair.guard !== null) return { ...base, ...none, action: 'keep', reason: pair.guard, rule: pair.guard };
    const clearing = verdict.fired ? verdict.cleared.get(pair.pairId) : undefined;
    const action: Action = clearing?.action ?? 'keep';
    actions.set(pair.pairId, action);
    if (!verdict.fired) return { ...base, ...none, action, reason: 'peer_not_triggered', rule: verdict.note };
    if (!clearing) return { ...base, ...none, action, reason: 'peer_kept', rule: verdict.keptRule };
    return { ...base, ...none, action, reason: 'peer_cleared', rule: clearing.rule };
  });
  const { peer, name, fired, truncation } = verdict;
  // The peer's own count may name pairs this run's guards keep (R3): say so, or the note
  // and the action counts beside it disagree.
  const guarded = fired
    ? input.analysis.pairs.filter((p) => p.guard !== null && verdict.cleared.has(p.pairId)).length
    : 0;
  const note = guarded === 0 ? verdict.note : `${verdict.note} (${guarded} of them kept here by a guard)`;
  return { peer, name, fired, note, actions, decisions, truncation };
}

/** Pairs in the order their results stand: "the most recent N tool results" counts this way. */
export function inResultOrder(pairs: readonly Pair[]): Pair[] {
  return [...pairs].sort((a, b) => a.result.message - b.result.message || a.result.block - b.result.block);
}

/** Tokens of a result's output (its text, else its JSON), by the one local estimator (R7). */
export function outputTokens(pair: Pair): number {
  const output = pair.resultBlock.output;
  if (isTextOutput(output)) return estimateTokens(outputText(output));
  return output === undefined ? 0 : estimateTokens(JSON.stringify(output) ?? '');
}

/** Tokens of a call's input as the model reads it. */
export function inputTokens(pair: Pair): number {
  const input = pair.callBlock.input;
  return estimateTokens(typeof input === 'string' ? input : (JSON.stringify(input) ?? ''));
}

/** Input tokens of the whole history: the R7 estimate of its compact JSON. */
export function historyTokens(messages: readonly Message[]): number {
  return estimateTokens(JSON.stringify(messages));
}

/** A count with its thousands separated, for the notes a table prints. */
export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
