/**
 * §9 drop receipts from the inspector: ticked after a run, the proposal is rebuilt with a receipt
 * where each dropped call was (no model call: receipts change no decision), and the export writes
 * them and records the flag, on the real store over the real host handlers.
 */
import { describe, expect, it } from 'vitest';
import { exportingStore } from './directBridge.js';

describe('§9 drop receipts in the inspector', () => {
  it('§9 R15 ticked after a run: the export holds a receipt per dropped call and the record says so', async () => {
    const { store, saved } = exportingStore();
    const s = () => store.getState();
    expect(await s().openExample()).toBe(true);
    await s().startRun();
    s().setReviewer('Grace Hopper');
    const candidate = s().proposal!.analysis.candidates[0];
    s().setOverride(candidate.pairId, 'drop_call');
    const runs = s().proposal!.startedAt;
    s().setDropReceipts(true);
    expect(s().proposal!.request.drop_receipts).toBe(true);
    expect(s().proposal!.startedAt).toBe(runs);
    expect(await s().exportApproved({ as: 'source', report: false })).toMatch(/^Exported /);
    const [{ text, record }] = saved;
    expect(text).toContain('[compacted: ran ');
    expect(text).toContain(`call ${candidate.callId}]`);
    expect(record.drop_receipts).toBe(true);
  });

  it('§9 R14 off by default: no receipt is written and the record has no flag', async () => {
    const { store, saved } = exportingStore();
    const s = () => store.getState();
    await s().openExample();
    await s().startRun();
    s().setReviewer('Grace Hopper');
    s().setOverride(s().proposal!.analysis.candidates[0].pairId, 'drop_call');
    await s().exportApproved({ as: 'source', report: false });
    expect(saved[0].text).not.toContain('[compacted: ran ');
    expect(saved[0].record).not.toHaveProperty('drop_receipts');
  });
});
