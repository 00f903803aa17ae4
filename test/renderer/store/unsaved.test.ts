/**
 * Nothing lost by accident: the store's one answer to "is there work an open, a close or a
 * reload would lose?" (selectors.ts `selectUnsaved`), on the real store over the real host
 * handlers. No proposal is nothing to lose; a run is unsaved until exported; after an export
 * nothing is until the next change of what an export writes (R12 overrides, R15 threshold,
 * notes), and undoing that change is the export again.
 */
import { describe, expect, it } from 'vitest';
import { selectUnsaved } from '../../../renderer/store/selectors.js';
import { exportingStore } from './directBridge.js';

async function ranExample() {
  const { store, saved } = exportingStore();
  const s = () => store.getState();
  expect(await s().openExample()).toBe(true);
  expect(selectUnsaved(s())).toBe(false);
  await s().startRun();
  expect(s().proposal).not.toBeNull();
  s().setReviewer('Grace Hopper');
  return { s, saved };
}

describe('unsaved work', () => {
  it('a run is unsaved until exported; an export saves it; a later override, threshold or note unsaves it again', async () => {
    const { s, saved } = await ranExample();
    expect(selectUnsaved(s())).toBe(true);
    expect(await s().exportApproved({ as: 'source', report: false })).toMatch(/^Exported /);
    expect(saved).toHaveLength(1);
    expect(selectUnsaved(s())).toBe(false);
    // The token count lands on a new proposal object after the export: nothing exported changed.
    await s().refreshTokens();
    expect(selectUnsaved(s())).toBe(false);

    const pairId = s().proposal!.analysis.candidates[0].pairId;
    const action = s().proposal!.actions.get(pairId)!;
    s().setOverride(pairId, action === 'keep' ? 'drop_call' : 'keep');
    expect(selectUnsaved(s())).toBe(true);
    s().setOverride(pairId, null);
    expect(selectUnsaved(s())).toBe(false);

    const threshold = s().options.keep_threshold;
    expect(s().setOption('keep_threshold', threshold === 0.9 ? 0.1 : 0.9)).toBeNull();
    expect(selectUnsaved(s())).toBe(true);
    expect(s().setOption('keep_threshold', threshold)).toBeNull();
    expect(selectUnsaved(s())).toBe(false);

    s().setComment(pairId, 'checked by hand');
    expect(selectUnsaved(s())).toBe(true);
    s().setComment(pairId, '');
    s().setApprovalComment('fine to use');
    expect(selectUnsaved(s())).toBe(true);
    s().setApprovalComment('');
    expect(selectUnsaved(s())).toBe(false);
  });

  it('R3 a protection after the export re-derives the proposal, which is unsaved; a new run is too', async () => {
    const { s } = await ranExample();
    await s().exportApproved({ as: 'source', report: false });
    const callId = s().proposal!.analysis.candidates[0].callId;
    s().protectCall(callId, true);
    expect(selectUnsaved(s())).toBe(true);
    s().protectCall(callId, false);
    expect(selectUnsaved(s())).toBe(false);
    await s().startRun();
    expect(selectUnsaved(s())).toBe(true);
  });

  it('a discarded proposal or another file leaves nothing to lose', async () => {
    const { s } = await ranExample();
    s().clearProposal();
    expect(selectUnsaved(s())).toBe(false);
    await s().startRun();
    expect(selectUnsaved(s())).toBe(true);
    await s().openExample();
    expect(selectUnsaved(s())).toBe(false);
  });
});
