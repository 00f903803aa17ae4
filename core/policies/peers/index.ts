/**
 * The peer policies — what other frameworks do by default — by id, each with its parameters'
 * schema (defaults are the peer's documented ones) and, for a peer whose trigger may never fire
 * on a history, an "always on" run so there is always something to compare with.
 */
import type { z } from 'zod';
import { clearToolUses, ClearToolUsesParamsSchema } from './clearToolUses.js';
import { geminiTruncation, GeminiTruncationParamsSchema } from './geminiTruncation.js';
import { clearToolUsesEdit, ClearToolUsesEditParamsSchema } from './langchain.js';
import { MaskingParamsSchema, observationMasking } from './masking.js';
import { microcompact, MicrocompactParamsSchema } from './microcompact.js';
import { opencodePrune, OpencodePruneParamsSchema } from './opencodePrune.js';
import type { PeerInput, PeerProposal } from './peer.js';

export type { PeerDecision, PeerInput, PeerProposal, PeerTruncation } from './peer.js';

interface PeerDefinition<S extends z.ZodType> {
  name: string;
  params: S;
  propose(input: PeerInput, params: z.output<S>): PeerProposal;
  /** Parameters that make the peer act on every history: its trigger at zero. */
  alwaysOn?: z.input<S>;
}

const define = <S extends z.ZodType>(d: PeerDefinition<S>) => d as PeerDefinition<z.ZodType>;

export const PEERS = {
  clear_tool_uses: define({
    name: 'Anthropic clear_tool_uses',
    params: ClearToolUsesParamsSchema,
    propose: clearToolUses,
    alwaysOn: { trigger: 0 },
  }),
  microcompact: define({
    name: 'Claude Code microcompact',
    params: MicrocompactParamsSchema,
    propose: microcompact,
    alwaysOn: { compactable_tools: null },
  }),
  opencode_prune: define({
    name: 'opencode prune',
    params: OpencodePruneParamsSchema,
    propose: opencodePrune,
    alwaysOn: { minimum_tokens: 0 },
  }),
  langchain_clear_tool_uses: define({
    name: 'LangChain ClearToolUsesEdit',
    params: ClearToolUsesEditParamsSchema,
    propose: clearToolUsesEdit,
    alwaysOn: { trigger: 0 },
  }),
  gemini_truncation: define({
    name: 'Gemini CLI truncation',
    params: GeminiTruncationParamsSchema,
    propose: geminiTruncation,
  }),
  masking: define({ name: 'observation masking', params: MaskingParamsSchema, propose: observationMasking }),
};

export type PeerId = keyof typeof PEERS;
export const PEER_IDS = Object.keys(PEERS) as PeerId[];

/** A parameter set that is not the peer's: the caller must fix it. */
export class PeerParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeerParamsError';
  }
}

/** The peer's proposal for a history; `params` over its defaults, checked against its schema. */
export function proposePeer(id: PeerId, input: PeerInput, params: unknown = {}): PeerProposal {
  const peer = PEERS[id];
  const parsed = peer.params.safeParse(params);
  if (!parsed.success) throw new PeerParamsError(`${id}: ${parsed.error.issues[0]?.message ?? 'invalid parameters'}`);
  return peer.propose(input, parsed.data);
}

/** One row of `eval --policies`: a peer at its defaults, or its always-on variant. */
export interface PeerRun {
  /** `clear_tool_uses`, or `clear_tool_uses:always` for the always-on variant. */
  id: string;
  peer: PeerId;
  name: string;
  params: Record<string, unknown>;
}

export const ALWAYS_ON = ':always';

/** The runs for these peers: each at its defaults, then its always-on variant where it has one. */
export function peerRuns(
  ids: readonly PeerId[],
  overrides: Partial<Record<PeerId, Record<string, unknown>>> = {},
): PeerRun[] {
  return ids.flatMap((peer) => {
    const own = overrides[peer] ?? {};
    const name = peer === 'masking' ? `observation masking M=${String(own.m ?? 10)}` : PEERS[peer].name;
    const base = { id: peer, peer, name, params: own };
    const always = PEERS[peer].alwaysOn;
    if (!always) return [base];
    const label = peer === 'microcompact' ? 'any tool' : 'always on';
    return [
      base,
      { id: `${peer}${ALWAYS_ON}`, peer, name: `${PEERS[peer].name} (${label})`, params: { ...own, ...always } },
    ];
  });
}

/** One run's proposal, named as the run. */
export function proposeRun(run: PeerRun, input: PeerInput): PeerProposal {
  return { ...proposePeer(run.peer, input, run.params), peer: run.id, name: run.name };
}
