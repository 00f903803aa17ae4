/**
 * Pin a proposal as A; every later run on the same snapshot is B (another backend, model, goal,
 * options or threshold). The comparison is core's (`compareProposals`), over the decisions each
 * side's export would record, so the compare view and an exported audit record agree.
 * Or compare against a peer policy: B is what another framework's default would do to this
 * history (core/inspect/peerCompare.ts), at parameters a person may change
 * (core/inspect/peerParams.ts), recomputed with every derive and every parameter change like the
 * comparison: the peer is pure and local, so no model is asked (R15).
 */
import { compareProposals, recordSide } from '../../core/inspect/compare.js';
import type { Comparison, ProposalSide } from '../../core/inspect/compare.js';
import type { PeerComparison } from '../../core/inspect/peerCompare.js';
import { comparePeer, planPeer } from '../../core/inspect/peerCompare.js';
import type { TokenFigures } from '../../core/inspect/figures.js';
import type { PeerId } from '../../core/policies/peers/index.js';
import type { PeerParams, PeerParamsForm, PeerParamValue } from '../../core/inspect/peerParams.js';
import { checkPeerParams, peerDefaults, peerParamsForm, withAlwaysOn } from '../../core/inspect/peerParams.js';
import type { CacheSlice } from './cache.js';
import { rebuildOptionsOf } from '../../core/engine/rebuild.js';
import type { ApprovalSlice } from './approval.js';
import type { Proposal } from './derive.js';
import { auditDraft } from './exporting.js';
import type { ProposalSlice } from './proposal.js';
import type { Deps, Slice } from './slice.js';
import type { Snapshot, SnapshotSlice } from './snapshot.js';
import type { UiSlice } from './ui.js';

/** A proposal kept as A while later runs (B) change the model, goal, options or threshold. */
export interface Pinned {
  proposal: Proposal;
  /** A as the comparison reads it: the decisions its export would record. */
  side: ProposalSide;
}

export interface CompareSlice {
  pinned: Pinned | null;
  /** A against the current proposal (B); null without both. Recomputed on every derive. */
  comparison: Comparison | null;
  /** What the side-by-side's left pane shows: the original, or A's proposed history. */
  leftPane: 'original' | 'pinned';
  pinProposal(): void;
  unpinProposal(): void;
  setLeftPane(pane: CompareSlice['leftPane']): void;
  /**
   * The peer policy B is taken from (`peer`) and the parameters it is proposed with, prefilled with
   * its documented defaults; null: compare with a pinned proposal only.
   */
  peerParams: PeerParamsForm | null;
  /** The current proposal (A) against the peer's (B); null without a peer or a proposal. */
  peerComparison: PeerComparison | null;
  /** A new peer starts at its documented defaults. */
  setPeer(id: PeerId | null): void;
  /** Returns the peer schema's message when it refuses the value; B then stays at the last accepted parameters. */
  setPeerParam(key: string, value: PeerParamValue): string | null;
  resetPeerParams(): void;
  /** The peer's always-on variant (its trigger at zero) on, or those parameters back at their defaults. */
  setPeerAlwaysOn(on: boolean): void;
  recompare(): void;
}

/** A side is read as its export would record it, the approval's notes included (exporting.ts). */
type Needs = Pick<SnapshotSlice, 'snapshot'> &
  Pick<ProposalSlice, 'proposal'> &
  Pick<ApprovalSlice, 'reviewer' | 'approvalComment' | 'comments' | 'host'> &
  Pick<UiSlice, 'setNotice'> &
  Pick<CacheSlice, 'prices'>;
type State = CompareSlice & Needs & { deps: Deps };

/**
 * One side as the comparison reads it, with the header's figures for its size: the proposal's
 * characters after (§6, the message array; an export in a native format has its own length)
 * and its BPE count for tokens after.
 */
function sideOf(state: State, snapshot: Snapshot, proposal: Proposal, now: Date): ProposalSide {
  const draft = auditDraft(state, snapshot, proposal, { as: 'source', exportedAt: now.toISOString() });
  return { ...recordSide(draft), charsAfter: proposal.charsAfter, tokensAfter: proposal.tokens.after };
}

export const createCompareSlice: Slice<CompareSlice, Needs> = (set, get) => {
  const now = (state: State) => state.deps.now?.() ?? new Date();
  /**
   * The peer's BPE counts, by what its actions depend on (the snapshot, the policy, the peer
   * and its parameters), so both sides are counted as the header counts the current one.
   */
  let peerCounts: { messages: object; key: string; tokens: TokenFigures | null } | null = null;

  /** The peer comparison for the current proposal; left as it is when there is nothing to change. */
  const comparePeerOf = (state: State) => {
    const { peerParams, proposal, snapshot } = state;
    if (!peerParams || !proposal || !snapshot) {
      if (state.peerComparison !== null) set({ peerComparison: null });
      return;
    }
    const input = {
      messages: snapshot.messages,
      analysis: proposal.analysis,
      actions: proposal.actions,
      rebuildOptions: rebuildOptionsOf(proposal.request),
      decisions: proposal.decisions,
      prices: state.prices,
    };
    const plan = planPeer(input, peerParams.peer, peerParams.params);
    const key = JSON.stringify([proposal.policy, peerParams.peer, peerParams.params, plan.rebuildOptions]);
    if (peerCounts?.messages !== snapshot.messages || peerCounts.key !== key) {
      const asked: NonNullable<typeof peerCounts> = { messages: snapshot.messages, key, tokens: null };
      peerCounts = asked;
      void state.deps.parser
        .tokens({
          policy: proposal.policy,
          actions: plan.proposal.actions,
          rebuildOptions: plan.rebuildOptions,
          slot: 'peer',
        })
        .then((counted) => {
          if (peerCounts !== asked) return;
          asked.tokens = { before: counted.before, after: counted.after, prefix: counted.prefix };
          get().recompare();
        })
        .catch(() => undefined);
    }
    set({
      peerComparison: comparePeer(
        { ...input, tokens: { a: proposal.tokens, b: peerCounts.tokens } },
        peerParams.peer,
        peerParams.params,
      ),
    });
  };
  const setPeerParams = (peer: PeerId, params: PeerParams) => {
    set({ peerParams: peerParamsForm(peer, params) });
    get().recompare();
  };
  return {
    pinned: null,
    comparison: null,
    leftPane: 'original',
    peerParams: null,
    peerComparison: null,
    setPeer(peer) {
      set({ peerParams: peer === null ? null : peerParamsForm(peer, peerDefaults(peer)) });
      get().recompare();
    },
    setPeerParam(key, value) {
      const form = get().peerParams;
      if (!form) return 'Pick a peer policy first';
      const checked = checkPeerParams(form.peer, { ...form.params, [key]: value });
      if (!checked.ok) return checked.errors[key] ?? Object.values(checked.errors)[0] ?? 'invalid parameters';
      setPeerParams(form.peer, checked.params);
      return null;
    },
    resetPeerParams() {
      const form = get().peerParams;
      if (form) setPeerParams(form.peer, peerDefaults(form.peer));
    },
    setPeerAlwaysOn(on) {
      const form = get().peerParams;
      if (form) setPeerParams(form.peer, withAlwaysOn(form.peer, form.params, on));
    },
    pinProposal() {
      const state = get();
      const { snapshot, proposal } = state;
      if (!snapshot || !proposal) return;
      const pinned = { proposal, side: sideOf(state, snapshot, proposal, now(state)) };
      set({ pinned });
      get().recompare();
      get().setNotice('Pinned this proposal as A: the next run becomes B (see Compare)');
      // Pinned before its BPE count arrived: count A's own history after, whatever B does meanwhile.
      if (pinned.side.tokensAfter === null)
        void state.deps.parser
          .tokens({
            policy: proposal.policy,
            actions: proposal.actions,
            rebuildOptions: rebuildOptionsOf(proposal.request),
          })
          .then((counted) => {
            if (get().pinned !== pinned) return;
            set({ pinned: { ...pinned, side: { ...pinned.side, tokensAfter: counted.after } } });
            get().recompare();
          })
          .catch(() => undefined);
    },
    unpinProposal: () => set({ pinned: null, comparison: null, leftPane: 'original' }),
    setLeftPane: (leftPane) => set({ leftPane: leftPane === 'pinned' && !get().pinned ? 'original' : leftPane }),
    recompare() {
      const state = get();
      const { pinned, proposal, snapshot } = state;
      comparePeerOf(state);
      // Right after pinning, B is A itself (all agree); a new threshold or run makes it differ.
      // Nothing pinned: no set, so a threshold step wakes no subscriber for a comparison that stays null.
      if (!pinned || !proposal || !snapshot) return state.comparison === null ? undefined : set({ comparison: null });
      // Both sides are runs of the same snapshot, so compareProposals cannot refuse them.
      set({ comparison: compareProposals(pinned.side, sideOf(state, snapshot, proposal, now(state))) });
    },
  };
};
