/**
 * The compare slice against a peer policy, over the real host and core: B is the peer's proposal
 * for the snapshot (its sizes equal a rebuild with the peer's actions, R13/R14), the calls it
 * destroys are those a fresh run's evidence links show quoted later, and the costs follow the
 * price table and the threshold (R15).
 */
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { rebuild, rebuildOptionsOf } from '../../../core/engine/rebuild.js';
import { PEER_IDS, PEERS, proposePeer } from '../../../core/policies/peers/index.js';
import { comparePeer } from '../../../core/inspect/peerCompare.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import type { CallCounts } from './directBridge.js';
import { directBridge } from './directBridge.js';

function counted(): { store: AppStore; calls: CallCounts } {
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' });
  const { bridge, calls } = directBridge(setup.handlers);
  return { store: createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 }), calls };
}

const makeStore = () => counted().store;
const totalCalls = (calls: CallCounts) => Object.values(calls).reduce((a, b) => a + b, 0);

describe('compare against a peer policy', () => {
  it('§9 R13 B is the peer’s proposal for this history, and its destroyed calls are the quoted results it clears', async () => {
    const store = makeStore();
    await store.getState().openExample();
    store.getState().setPeer('masking');
    expect(store.getState().peerComparison).toBeNull();
    await store.getState().startRun();
    const state = store.getState();
    const got = state.peerComparison!;
    const messages = state.snapshot!.messages;
    const analysis = state.proposal!.analysis;
    const peer = proposePeer('masking', { messages, analysis });
    const rebuilt = rebuild(messages, analysis.pairs, peer.actions, rebuildOptionsOf(state.proposal!.request), false);
    expect(got.b.charsAfter).toBe(JSON.stringify(rebuilt.messages).length);
    expect(got.a.charsAfter).toBe(state.proposal!.charsAfter);
    expect(got.peer).toMatchObject({ peer: 'masking', fired: peer.fired });
    // The run's own evidence: a fresh compaction of the same request.
    const fresh = await compactContext({ ...state.proposal!.request, messages }, { model: createOfflineModel() });
    if (!fresh.success) throw new Error(fresh.answer.error.message);
    const quoted = new Set(
      fresh.answer.decisions.filter((d) => (d.evidence_links?.quoted_in.length ?? 0) > 0).map((d) => d.call_id),
    );
    const cleared = peer.decisions.filter((d) => d.action !== 'keep').map((d) => d.call_id);
    expect(got.destroyed.map((d) => d.call_id)).toEqual(cleared.filter((id) => quoted.has(id)));
    expect(got.destroyed.length).toBeGreaterThan(0);
    for (const d of got.destroyed) expect(d.rule).toMatch(/masking: older than the last 10 tool results/);
  });

  it('R15 the peer comparison follows the threshold and the price table, and goes with the peer', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().setPeer('clear_tool_uses');
    await vi.waitFor(() => expect(store.getState().peerComparison?.b.cost).not.toBeNull(), { interval: 10 });
    const before = store.getState().peerComparison!;
    // A short example is far under 100,000 tokens: B changes nothing and costs what no compaction costs.
    expect(before.peer.fired).toBe(false);
    expect(before.b.firstChangedMessageId).toBeNull();
    expect(before.b.cost!.nextWith).toBeCloseTo(before.b.cost!.nextWithout, 12);
    expect(before.destroyed).toEqual([]);
    expect(store.getState().setOption('keep_threshold', 0.97)).toBeNull();
    const stepped = store.getState().peerComparison!;
    expect(stepped.a.actions.keep).toBeLessThan(before.a.actions.keep);
    expect(stepped.b).toEqual(before.b);
    expect(store.getState().setPrice('cacheRead', 100)).toBeNull();
    expect(store.getState().peerComparison!.b.cost!.nextWithout).toBeCloseTo((before.tokensBefore! * 100) / 1e6, 9);
    store.getState().setPeer(null);
    expect(store.getState().peerComparison).toBeNull();
  });

  it('§9 a picked peer’s parameters start at its documented defaults, one field per schema key', () => {
    const store = makeStore();
    for (const id of PEER_IDS) {
      store.getState().setPeer(id);
      const form = store.getState().peerParams!;
      expect(form.peer).toBe(id);
      expect(form.params).toEqual(PEERS[id].params.parse({}));
      expect(form.fields.map((f) => f.key)).toEqual(Object.keys(form.params));
      expect(form.changed).toEqual([]);
      expect(form.summary).toBe('its documented defaults');
    }
    store.getState().setPeer(null);
    expect(store.getState().peerParams).toBeNull();
  });

  it('§9 R15 a changed parameter re-derives B at once with no host call, and the summary names it', async () => {
    const { store, calls } = counted();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().setPeer('masking');
    const before = store.getState().peerComparison!;
    const sent = totalCalls(calls);
    expect(store.getState().setPeerParam('m', 2)).toBeNull();
    const state = store.getState();
    const after = state.peerComparison!;
    expect(totalCalls(calls)).toBe(sent);
    const expected = comparePeer(
      {
        messages: state.snapshot!.messages,
        analysis: state.proposal!.analysis,
        actions: state.proposal!.actions,
        rebuildOptions: rebuildOptionsOf(state.proposal!.request),
        decisions: state.proposal!.decisions,
        prices: state.prices,
        tokens: { a: state.proposal!.tokens, b: null },
      },
      'masking',
      { m: 2 },
    );
    expect(after).toEqual(expected);
    expect(after.b.charsAfter).toBeLessThan(before.b.charsAfter);
    expect(after.a).toEqual(before.a);
    expect(state.peerParams!.summary).toBe('m 2 (default 10)');
    store.getState().resetPeerParams();
    expect(store.getState().peerComparison!.b).toEqual(before.b);
    expect(store.getState().peerParams!.changed).toEqual([]);
  });

  it('§9 a value the peer’s schema refuses returns its message and keeps the last valid comparison', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().setPeer('clear_tool_uses');
    expect(store.getState().setPeerParam('keep', 1)).toBeNull();
    const valid = store.getState().peerComparison;
    const params = store.getState().peerParams;
    expect(store.getState().setPeerParam('keep', -1)).toMatch(/Too small: expected number to be >=0/);
    expect(store.getState().setPeerParam('trigger', 2.5)).toMatch(/expected int/);
    expect(store.getState().setPeerParam('exclude_tools', null)).toMatch(/expected array/);
    expect(store.getState().peerComparison).toBe(valid);
    expect(store.getState().peerParams).toBe(params);
  });

  it('§9 always on fires a trigger the example never reaches, and off restores the default trigger', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().setPeer('clear_tool_uses');
    expect(store.getState().peerComparison!.peer.fired).toBe(false);
    expect(store.getState().peerParams!.alwaysOn).toEqual({ on: false, sets: 'trigger 0' });
    store.getState().setPeerAlwaysOn(true);
    const on = store.getState();
    expect(on.peerParams!.alwaysOn!.on).toBe(true);
    expect(on.peerParams!.summary).toBe('trigger 0 (default 100,000)');
    expect(on.peerComparison!.peer.fired).toBe(true);
    expect(on.peerComparison!.b.actions.drop_result).toBeGreaterThan(0);
    store.getState().setPeerAlwaysOn(false);
    expect(store.getState().peerParams!.params.trigger).toBe(100_000);
    expect(store.getState().peerComparison!.peer.fired).toBe(false);
    store.getState().setPeer('masking');
    expect(store.getState().peerParams!.alwaysOn).toBeNull();
  });
});
