/**
 * Pin a proposal as A; every later run on the same snapshot is B (another backend, model, goal,
 * options or threshold). The comparison is core's (`compareProposals`), over the decisions each
 * side's export would record, so the compare view and an exported audit record agree.
 */
import { compareProposals, recordSide } from '../../core/inspect/compare.js';
import type { ProposalSide } from '../../core/inspect/compare.js';
import { rebuildOptionsOf } from '../../core/engine/rebuild.js';
import { auditDraft } from './exporting.js';
import type { AppState, CompareSlice, Proposal, Slice, Snapshot } from './state.js';

/** One side as the comparison reads it, with the proposal's own BPE count for tokens after. */
function sideOf(state: AppState, snapshot: Snapshot, proposal: Proposal, now: Date): ProposalSide {
  const draft = auditDraft(state, snapshot, proposal, { as: 'source', exportedAt: now.toISOString() });
  return { ...recordSide(draft), tokensAfter: proposal.tokens.after };
}

export const createCompareSlice: Slice<CompareSlice> = (set, get) => {
  const now = (state: AppState) => state.deps.now?.() ?? new Date();
  return {
    pinned: null,
    comparison: null,
    leftPane: 'original',
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
      // Right after pinning, B is A itself (all agree); a new threshold or run makes it differ.
      // Nothing pinned: no set, so a threshold step wakes no subscriber for a comparison that stays null.
      if (!pinned || !proposal || !snapshot) return state.comparison === null ? undefined : set({ comparison: null });
      // Both sides are runs of the same snapshot, so compareProposals cannot refuse them.
      set({ comparison: compareProposals(pinned.side, sideOf(state, snapshot, proposal, now(state))) });
    },
  };
};
