/**
 * Narrow reads of derived state for components. Each returns an object the store computed
 * once per derive, so a selector costs a lookup and re-renders only what a derive changed.
 */
import type { AuditModel, PairReview } from '../../core/inspect/review.js';
import type { AppState } from './state.js';

/** The proposal's audit model after a run, the current policy's before one. */
export const selectAudit = (s: AppState): AuditModel | null => s.proposal?.audit ?? s.policyAudit;

export const selectPairReview = (s: AppState, pairId: string): PairReview | null =>
  selectAudit(s)?.pairs.get(pairId) ?? null;

export const selectHasProposal = (s: AppState): boolean => s.proposal !== null;
