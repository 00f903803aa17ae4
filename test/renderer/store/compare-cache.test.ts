/**
 * The store's compare and cache slices over the real host and core: A pinned, B re-derived,
 * the comparison equal to the CLI's for the same two envelopes; the cache figures equal to a
 * fresh compaction's §9 stats; the price table kept in storage.
 */
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { messageId } from '../../../core/engine/pairing.js';
import { PRICE_PRESETS } from '../../../core/inspect/cache.js';
import { compareProposals, envelopeSide } from '../../../core/inspect/compare.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { directBridge } from './directBridge.js';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function makeStore(storage = memoryStorage()): AppStore {
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' });
  return createAppStore({
    bridge: directBridge(setup.handlers).bridge,
    parser: createDirectParser(),
    pollMs: 5,
    storage,
  });
}

async function fresh(store: AppStore, threshold: number) {
  const s = store.getState();
  const p = s.proposal!;
  const response = await compactContext(
    { ...p.request, options: { ...p.request.options, keep_threshold: threshold }, messages: s.snapshot!.messages },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error(response.answer.error.message);
  return response;
}

/** Resolves when the store's BPE counts for the current proposal have arrived. */
async function counted(store: AppStore): Promise<void> {
  await vi.waitFor(() => expect(store.getState().proposal?.tokens.prefix).not.toBeNull(), {
    timeout: 2_000,
    interval: 10,
  });
}

describe('compare and cache slices', () => {
  it('§9 A pinned at 0.5, B moved past a kept result: the comparison equals compare on the two CLI envelopes', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    expect(store.getState().comparison).toBeNull();
    store.getState().pinProposal();
    expect(store.getState().comparison).toMatchObject({ agreementRate: 1, differences: [] });
    // Just above the lowest kept keep_result: that result is kept in A and not in B.
    const kept = store
      .getState()
      .proposal!.outcome.decisions.filter((d) => d.action === 'keep' && d.keep_result !== null)
      .map((d) => d.keep_result as number);
    const b = Math.min(1, Math.ceil((Math.min(...kept) + 0.0005) * 1000) / 1000);
    expect(store.getState().setOption('keep_threshold', b)).toBeNull();
    const expected = compareProposals(envelopeSide(await fresh(store, 0.5)), envelopeSide(await fresh(store, b)));
    const got = store.getState().comparison!;
    expect(got.differences.length).toBeGreaterThan(0);
    expect(got.differences).toEqual(expected.differences);
    expect([got.compared, got.agreeing]).toEqual([expected.compared, expected.agreeing]);
    expect([got.a.charsAfter, got.b.charsAfter]).toEqual([expected.a.charsAfter, expected.b.charsAfter]);
    expect(got.a.threshold).toBe(0.5);
    expect(got.b.threshold).toBe(b);
    // A new file unpins A: comparing two histories is meaningless.
    await store.getState().openExample();
    expect(store.getState().pinned).toBeNull();
  });

  it('§9 R15 the cache figures at every threshold equal a fresh run’s first_changed_message_id and unchanged_prefix_chars', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    for (const t of [0, 0.3, 0.5, 0.9, 1]) {
      store.getState().setOption('keep_threshold', t);
      const { stats } = (await fresh(store, t)).answer;
      const { current } = store.getState().cache!;
      const messages = store.getState().snapshot!.messages;
      const id = current.firstChanged === null ? null : messageId(messages[current.firstChanged], current.firstChanged);
      expect(id, `t = ${t}`).toBe(stats.first_changed_message_id);
      expect(current.prefixChars).toBe(stats.unchanged_prefix_chars);
      expect(store.getState().proposal!.audit.rows.findIndex((r) => r.status !== 'same')).toBe(
        current.firstChanged ?? -1,
      );
    }
  });

  it('§9 BPE tokens of the unchanged prefix are counted for the current actions and for the cache-friendly variant', async () => {
    const store = makeStore();
    await store.getState().openExample();
    store.getState().setOption('keep_threshold', 0.3);
    await store.getState().startRun();
    await counted(store);
    const { tokens } = store.getState().proposal!;
    expect(tokens.prefix).toBeGreaterThan(0);
    expect(tokens.prefix).toBeLessThan(tokens.after!);
    const first = store.getState().cache!.current.firstChanged!;
    expect(store.getState().setCacheFriendly({ on: true, after: first + 3 })).toBeNull();
    const { friendly } = store.getState().cache!;
    expect(friendly!.firstChanged === null || friendly!.firstChanged > first + 3).toBe(true);
    expect(friendly!.charsAfter).toBeGreaterThanOrEqual(store.getState().cache!.current.charsAfter);
    await vi.waitFor(() => expect(store.getState().friendlyTokens).not.toBeNull(), { timeout: 2_000, interval: 10 });
    expect(store.getState().friendlyTokens!.prefix).toBeGreaterThan(tokens.prefix!);
    expect(store.getState().setCacheFriendly({ after: 10_000 })).toMatch(/message index from 0 to/);
  });

  it('§9 the price table starts at a preset, is edited with range checks, and survives a restart through storage', () => {
    const storage = memoryStorage();
    const store = makeStore(storage);
    expect(store.getState()).toMatchObject({ presetId: PRICE_PRESETS[0].id, prices: PRICE_PRESETS[0].prices });
    expect(store.getState().setPrice('cacheRead', -1)).toMatch(/≥ 0/);
    expect(store.getState().setPrice('cacheRead', 0.05)).toBeNull();
    expect(store.getState().presetId).toBeNull();
    const again = makeStore(storage);
    expect(again.getState().prices).toEqual({ ...PRICE_PRESETS[0].prices, cacheRead: 0.05 });
    expect(again.getState().presetId).toBeNull();
    again.getState().choosePreset(PRICE_PRESETS[3].id);
    expect(makeStore(storage).getState()).toMatchObject({
      presetId: PRICE_PRESETS[3].id,
      prices: PRICE_PRESETS[3].prices,
    });
    // A damaged stored value is ignored, not trusted.
    storage.setItem('compaction-inspector.prices', '{"input":-5,"cacheWrite":"x"}');
    expect(makeStore(storage).getState().prices).toEqual(PRICE_PRESETS[0].prices);
  });
});
