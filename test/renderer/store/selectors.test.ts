/**
 * renderer/store/selectors.ts over the real store and host: the audit model is derived once
 * per change of policy, threshold or overrides (R15) and every read between two derives
 * returns the same objects, so rows re-render only when a derive changed them.
 */
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { decide } from '../../../core/engine/decide.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { viewDecisions } from '../../../core/inspect/decisionTable.js';
import { filterRows } from '../../../core/inspect/filter.js';
import { findHits } from '../../../core/inspect/find.js';
import {
  selectAudit,
  selectDecisionRows,
  selectDecisionView,
  selectFindResult,
  selectHasProposal,
  selectPairReview,
  selectVisibleRows,
} from '../../../renderer/store/selectors.js';
import { settled, storeOver } from './directBridge.js';

function makeStore(): AppStore {
  return storeOver(setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' })).store;
}

async function ranExample(): Promise<AppStore> {
  const store = makeStore();
  expect(await store.getState().openExample()).toBe(true);
  await store.getState().startRun();
  await settled(store);
  return store;
}

/** Waits until the token count of the current actions has landed (a new proposal object). */
async function tokensCounted(store: AppStore): Promise<void> {
  await vi.waitFor(() => expect(store.getState().proposal?.tokens.after).not.toBeNull(), {
    timeout: 2_000,
    interval: 10,
  });
}

describe('store selectors', () => {
  it('R15 reads between derives return the same audit model and reviews; a threshold change derives a new one', async () => {
    const store = await ranExample();
    await tokensCounted(store);
    const audit = selectAudit(store.getState())!;
    const pairId = store.getState().proposal!.analysis.candidates[0].pairId;
    const review = selectPairReview(store.getState(), pairId);
    expect(review).not.toBeNull();
    // View state and the token count change the store, not the derivation.
    store.getState().select(3);
    store.getState().setQuery('retry');
    store.getState().setFilter('changed');
    expect(selectAudit(store.getState())).toBe(audit);
    expect(selectPairReview(store.getState(), pairId)).toBe(review);

    expect(store.getState().setOption('keep_threshold', 0.9)).toBeNull();
    const before = store.getState().proposal!;
    await tokensCounted(store);
    expect(store.getState().proposal).not.toBe(before);
    const next = selectAudit(store.getState())!;
    expect(next).not.toBe(audit);
    expect(next).toBe(before.audit);
    const probabilities = store.getState().proposal!.probs.get(pairId)!;
    expect(selectPairReview(store.getState(), pairId)!.model).toEqual(decide(probabilities, 0.9));
  });

  it('R12 an override shows in its review at once, beside the unchanged verdict', async () => {
    const store = await ranExample();
    const pairId = store.getState().proposal!.analysis.candidates[0].pairId;
    const verdict = selectPairReview(store.getState(), pairId)!.model;
    const other = verdict?.action === 'drop_call' ? 'keep' : 'drop_call';
    store.getState().setOverride(pairId, other);
    expect(selectPairReview(store.getState(), pairId)).toMatchObject({
      action: other,
      override: other,
      model: verdict,
    });
    store.getState().setOverride(pairId, null);
    expect(selectPairReview(store.getState(), pairId)).toMatchObject({ action: verdict?.action, override: null });
  });

  it('R4 before a run the policy audit shows protections, and protecting a message re-derives it', async () => {
    const store = makeStore();
    await store.getState().openExample();
    expect(selectHasProposal(store.getState())).toBe(false);
    const audit = selectAudit(store.getState())!;
    // Derived once per analysis: reading again, or after a view change, gives the same object.
    store.getState().select(2);
    expect(selectAudit(store.getState())).toBe(audit);
    const target = audit.rows.find((row) => !row.protected && row.pairIds.length > 0)!;
    const pairId = target.pairIds[0];
    expect(selectPairReview(store.getState(), pairId)).toMatchObject({ action: null, model: null });
    store.getState().protectMessage(target.id, true);
    const next = selectAudit(store.getState())!;
    expect(next).not.toBe(audit);
    expect(next.rows[target.index].protected).toBe(true);
    expect(selectPairReview(store.getState(), pairId)!.reason).toBe('protected_message');
  });

  it('after a run the audit is the proposal’s; after discard, the current policy’s again', async () => {
    const store = await ranExample();
    expect(selectHasProposal(store.getState())).toBe(true);
    expect(selectAudit(store.getState())).toBe(store.getState().proposal!.audit);
    expect(selectAudit(store.getState())!.changedRows).toBeGreaterThan(0);
    const proposed = selectAudit(store.getState());
    store.getState().clearProposal();
    const policy = selectAudit(store.getState())!;
    expect(policy).not.toBe(proposed);
    expect(policy.changedRows).toBe(0);
    expect([...policy.pairs.values()].every((review) => review.action === null)).toBe(true);
  });

  it('the decisions table is filtered and sorted in the store, once per change of rows, filter or sort', async () => {
    const store = await ranExample();
    const s = () => store.getState();
    const all = selectDecisionRows(s())!;
    const first = selectDecisionView(s())!;
    expect(first).toEqual({ rows: all, all });
    expect(selectDecisionView(s())).toBe(first);

    s().sortDecisionsBy('resultChars');
    expect(s().decisionSort).toEqual({ column: 'resultChars', dir: 'ascending' });
    const up = selectDecisionView(s())!;
    expect(up).not.toBe(first);
    expect(up.rows).toEqual(viewDecisions(all, s().decisionFilter, s().decisionSort));
    expect(up.rows.map((r) => r.resultChars)).not.toEqual(all.map((r) => r.resultChars));
    s().sortDecisionsBy('resultChars');
    expect(s().decisionSort).toEqual({ column: 'resultChars', dir: 'descending' });
    expect(selectDecisionView(s())!.rows.map((r) => r.resultChars)).toEqual(
      up.rows.map((r) => r.resultChars).reverse(),
    );
    s().sortDecisionsBy('toolName');
    expect(s().decisionSort).toEqual({ column: 'toolName', dir: 'ascending' });

    s().setDecisionFilter({ action: 'guarded' });
    const guarded = selectDecisionView(s())!;
    expect(guarded.rows).toEqual(viewDecisions(all, s().decisionFilter, s().decisionSort));
    expect(guarded.rows.length).toBeGreaterThan(0);
    expect(guarded.rows.length).toBeLessThan(all.length);
    expect(selectDecisionView(s())).toBe(guarded);
  });

  it("the audit rows a filter lets through and Find's hits in them are derived in the store, once per change", async () => {
    const store = await ranExample();
    const s = () => store.getState();
    const audit = selectAudit(s())!;
    expect(selectVisibleRows(s())).toBe(audit.rows);
    s().setFilter('changed');
    const changed = selectVisibleRows(s());
    expect(changed).toEqual(filterRows(audit.rows, 'changed', audit.pairs));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(audit.rows.length);
    expect(selectVisibleRows(s())).toBe(changed);

    expect(selectFindResult(s()).total).toBe(0);
    const term = changed[0].id;
    s().setFindTerm(term);
    const found = selectFindResult(s());
    expect(found).toEqual(findHits(changed, s().snapshot!.messages, term));
    expect(found.total).toBeGreaterThan(0);
    expect(selectFindResult(s())).toBe(found);
    s().setFilter('all');
    expect(selectFindResult(s())).not.toBe(found);
    expect(selectFindResult(s()).total).toBeGreaterThanOrEqual(found.total);
  });
});
