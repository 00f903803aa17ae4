/**
 * Compare "against a peer policy": the current proposal (A) beside what a peer policy — another
 * framework's default (core/policies/peers/) — proposes for the same history (B). Both are rebuilt
 * (R13/R14; B with its own head and tail) and measured alike: characters (§6 `chars_after`),
 * the action counts, and — from the token counts the caller gives, the inspector's BPE counts
 * for both sides — the unchanged prefix (§9) and the next request's cost (figures.ts). The list is what matters to a reviewer: every call where B destroys a result that
 * later messages use, by the run's evidence links (quoted later), with A's action beside it.
 */
import type { Analysis } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { rebuild } from '../engine/rebuild.js';
import type { Action, Decision, Message } from '../engine/schema.js';
import { messageId } from '../engine/pairing.js';
import type { PeerId, PeerProposal } from '../policies/peers/index.js';
import { proposePeer } from '../policies/peers/index.js';
import type { CacheCost, PriceTable } from './cache.js';
import type { TokenFigures } from './figures.js';
import { costOf, countActions, prefixTokensOf } from './figures.js';

export interface PeerSideFigures {
  charsAfter: number;
  /** Tokens as the inspector counts them everywhere (gpt-4o BPE); null while counting. */
  tokensAfter: number | null;
  unchangedPrefixTokens: number | null;
  firstChangedMessageId: string | null;
  cost: CacheCost | null;
  /** Over every §6 decision, a call kept by a guard as `keep` (figures.ts). */
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
  tokensBefore: number | null;
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
  /** Each side's token counts, the same the header and the Cache tab show for A; null while counting. */
  tokens: { a: TokenFigures | null; b: TokenFigures | null };
}

/** The peer's proposal for this history and the rebuild options it shortens with (its own head and tail). */
export interface PeerPlan {
  proposal: PeerProposal;
  rebuildOptions: RebuildOptions;
}

export function planPeer(
  input: Pick<PeerCompareInput, 'messages' | 'analysis' | 'rebuildOptions'>,
  id: PeerId,
  params: unknown = {},
): PeerPlan {
  const proposal = proposePeer(id, { messages: input.messages, analysis: input.analysis }, params);
  const { truncation } = proposal;
  const rebuildOptions =
    truncation === null
      ? input.rebuildOptions
      : { ...input.rebuildOptions, truncateHeadChars: truncation.head, truncateTailChars: truncation.tail };
  return { proposal, rebuildOptions };
}

function sideFigures(
  input: PeerCompareInput,
  actions: ReadonlyMap<string, Action>,
  options: RebuildOptions,
  tokens: TokenFigures | null,
): PeerSideFigures {
  const rebuilt = rebuild(input.messages, input.analysis.pairs, actions, options, false);
  const { firstChanged } = rebuilt;
  return {
    charsAfter: JSON.stringify(rebuilt.changed ? rebuilt.messages : input.messages).length,
    tokensAfter: tokens?.after ?? null,
    unchangedPrefixTokens: prefixTokensOf(tokens),
    firstChangedMessageId: firstChanged === null ? null : messageId(input.messages[firstChanged], firstChanged),
    cost: costOf(tokens, input.prices),
    actions: countActions(input.analysis.pairs.map((pair) => actions.get(pair.pairId) ?? 'keep')),
  };
}

/** A (the current proposal) against the peer's proposal for the same history, with the peer's `params` over its defaults. */
export function comparePeer(input: PeerCompareInput, id: PeerId, params: unknown = {}): PeerComparison {
  const { proposal, rebuildOptions } = planPeer(input, id, params);
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
    tokensBefore: input.tokens.a?.before ?? input.tokens.b?.before ?? null,
    a: sideFigures(input, input.actions, input.rebuildOptions, input.tokens.a),
    b: sideFigures(input, proposal.actions, rebuildOptions, input.tokens.b),
    destroyed,
  };
}

/** The used results the peer destroys and the current proposal does not treat alike: its action differs. */
export function differingUses(destroyed: readonly DestroyedUse[]): DestroyedUse[] {
  return destroyed.filter((d) => d.a !== d.action);
}
