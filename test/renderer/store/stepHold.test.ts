/**
 * A held threshold step (`deps.holdStepMs`, as the page sets it): the step's proposal is shown
 * once, together with its token count, and equals what a store that shows every step at once
 * derives (R15); a step overtaken by a later one is never shown, and an override is not held.
 * The hold here is long enough that the count always answers first; no timing is asserted.
 */
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { createAppStore } from '../../../renderer/store/index.js';
import type { Proposal } from '../../../renderer/store/derive.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { directBridge, settled } from './directBridge.js';

function makeStore(holdStepMs?: number): AppStore {
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' });
  const { bridge } = directBridge(setup.handlers);
  return createAppStore({ bridge, parser: createDirectParser(), pollMs: 5, ...(holdStepMs ? { holdStepMs } : {}) });
}

/** Waits until the proposal at `threshold` shows its token count. */
function countedAt(store: AppStore, threshold: number): Promise<Proposal> {
  return vi.waitFor(
    () => {
      const p = store.getState().proposal;
      expect(p?.threshold).toBe(threshold);
      expect(p?.tokens.after).not.toBeNull();
      return p!;
    },
    { timeout: 5_000, interval: 10 },
  );
}

async function ran(holdStepMs?: number): Promise<{ store: AppStore; shown: Proposal[] }> {
  const store = makeStore(holdStepMs);
  expect(await store.getState().openExample()).toBe(true);
  await store.getState().startRun();
  await settled(store);
  await countedAt(store, store.getState().options.keep_threshold);
  const shown: Proposal[] = [];
  store.subscribe((s, before) => {
    if (s.proposal && s.proposal !== before.proposal) shown.push(s.proposal);
  });
  return { store, shown };
}

const same = (a: Proposal, b: Proposal) => {
  expect([...a.actions]).toEqual([...b.actions]);
  expect(a.charsAfter).toBe(b.charsAfter);
  expect(a.tokens).toEqual(b.tokens);
  expect(a.audit.rows).toEqual(b.audit.rows);
  expect([...a.audit.pairs]).toEqual([...b.audit.pairs]);
  expect(a.audit.changedRows).toBe(b.audit.changedRows);
};

describe('held threshold step', () => {
  it('R15 a step is shown once, with its token count, and equals the step shown at once', async () => {
    const held = await ran(60_000);
    const direct = await ran();
    const before = held.store.getState().proposal;
    expect(held.store.getState().setOption('keep_threshold', 0.9)).toBeNull();
    // Not shown before its count arrives.
    expect(held.store.getState().proposal).toBe(before);
    const p = await countedAt(held.store, 0.9);
    expect(held.shown).toEqual([p]);
    direct.store.getState().setOption('keep_threshold', 0.9);
    same(p, await countedAt(direct.store, 0.9));
  });

  it('R15 a step overtaken by a later one is never shown; the later one is', async () => {
    const held = await ran(60_000);
    const direct = await ran();
    held.store.getState().setOption('keep_threshold', 0.9);
    held.store.getState().setOption('keep_threshold', 0.1);
    const p = await countedAt(held.store, 0.1);
    expect(held.shown).toEqual([p]);
    direct.store.getState().setOption('keep_threshold', 0.1);
    same(p, await countedAt(direct.store, 0.1));
  });

  it('R12 an override during a held step is shown at once, at the new threshold', async () => {
    const held = await ran(60_000);
    const pairId = held.store.getState().proposal!.analysis.candidates[0].pairId;
    held.store.getState().setOption('keep_threshold', 0.9);
    held.store.getState().setOverride(pairId, 'drop_call');
    const p = held.store.getState().proposal!;
    expect(p.threshold).toBe(0.9);
    expect(p.actions.get(pairId)).toBe('drop_call');
    expect(held.shown).toEqual([p]);
    const counted = await countedAt(held.store, 0.9);
    expect(counted.actions).toBe(p.actions);
  });
});
