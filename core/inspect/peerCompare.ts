/**
 * Compare "against a peer policy": the current proposal (A) beside what a peer policy — another
 * framework's default (core/policies/peers/) — proposes for the same history (B). Both are rebuilt
 * (R13/R14; B with its own head and tail) and measured alike: characters (§6 `chars_after`),
 * tokens by the R7 estimate, the unchanged prefix (§9) and the next request's cost at the given
 * prices. The list is what matters to a reviewer: every call where B destroys a result that
 * later messages use, by the run's evidence links (quoted later), with A's action beside it.
 */
import type { Analysis } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { rebuild } from '../engine/rebuild.js';
import type { Action, Decision, Message } from '../engine/schema.js';
import { estimateTokens } from '../engine/tokens.js';
import { messageId } from '../engine/pairing.js';
import type { PeerId, PeerProposal } from '../policies/peers/index.js';
import { proposePeer } from '../policies/peers/index.js';
import type { CacheCost, PriceTable } from './cache.js';
import { cacheCost } from './cache.js';

export interface PeerSideFigures {
  charsAfter: number;
  tokensAfter: number;
  unchangedPrefixTokens: number;
  firstChangedMessageId: string | null;
  cost: CacheCost;
  actions: Record<Action, number>;
}

/** A call whose result B shortens or removes although later messages quote it. */
export interface DestroyedUse {
  pair_id: string;
  call_id: string;
  tool_name: string;
  /** B's action and its rule in the peer's words. */
  action: Exclude<Action, 'keep'>;
  rule: string;
  /** A's action for the same call. */
  a: Action;
  quoted_in: string[];
  terms: string[];
}

export interface PeerComparison {
  peer: Pick<PeerProposal, 'peer' | 'name' | 'fired' | 'note'>;
  tokensBefore: number;
  a: PeerSideFigures;
  b: PeerSideFigures;
  destroyed: DestroyedUse[];
}

export interface PeerCompareInput {
  messages: readonly Message[];
  /** The current proposal's guards: the peer acts on the same candidates. */
  analysis: Analysis;
  actions: ReadonlyMap<string, Action>;
  rebuildOptions: RebuildOptions;
  /** The run's decisions, for their evidence links. */
  decisions: ReadonlyMap<string, Decision>;
  prices: PriceTable;
}

function sideFigures(
  input: PeerCompareInput,
  actions: ReadonlyMap<string, Action>,
  options: RebuildOptions,
  before: number,
): PeerSideFigures {
  const rebuilt = rebuild(input.messages, input.analysis.pairs, actions, options, false);
  const { firstChanged } = rebuilt;
  const after = rebuilt.changed ? estimateTokens(JSON.stringify(rebuilt.messages)) : before;
  const prefix = firstChanged === null ? before : estimateTokens(JSON.stringify(input.messages.slice(0, firstChanged)));
  const counts: Record<Action, number> = { keep: 0, drop_result: 0, drop_call: 0 };
  for (const pair of input.analysis.candidates) counts[actions.get(pair.pairId) ?? 'keep']++;
  return {
    charsAfter: rebuilt.changed ? JSON.stringify(rebuilt.messages).length : JSON.stringify(input.messages).length,
    tokensAfter: after,
    unchangedPrefixTokens: Math.min(prefix, after),
    firstChangedMessageId: firstChanged === null ? null : messageId(input.messages[firstChanged], firstChanged),
    cost: cacheCost({ before, after, unchangedPrefix: Math.min(prefix, after) }, input.prices),
    actions: counts,
  };
}

/** A (the current proposal) against the peer's proposal for the same history, with the peer's `params` over its defaults. */
export function comparePeer(input: PeerCompareInput, id: PeerId, params: unknown = {}): PeerComparison {
  const proposal = proposePeer(id, { messages: input.messages, analysis: input.analysis }, params);
  const before = estimateTokens(JSON.stringify(input.messages));
  const peerOptions =
    proposal.truncation === null
      ? input.rebuildOptions
      : {
          ...input.rebuildOptions,
          truncateHeadChars: proposal.truncation.head,
          truncateTailChars: proposal.truncation.tail,
        };
  const destroyed: DestroyedUse[] = [];
  for (const d of proposal.decisions) {
    if (d.action === 'keep') continue;
    const links = input.decisions.get(d.pair_id)?.evidence_links;
    if (!links || links.quoted_in.length === 0) continue;
    destroyed.push({
      pair_id: d.pair_id,
      call_id: d.call_id,
      tool_name: d.tool_name,
      action: d.action,
      rule: d.rule,
      a: input.actions.get(d.pair_id) ?? 'keep',
      quoted_in: links.quoted_in,
      terms: links.terms,
    });
  }
  return {
    peer: { peer: proposal.peer, name: proposal.name, fired: proposal.fired, note: proposal.note },
    tokensBefore: before,
    a: sideFigures(input, input.actions, input.rebuildOptions, before),
    b: sideFigures(input, proposal.actions, peerOptions, before),
    destroyed,
  };
}
