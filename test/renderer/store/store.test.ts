/**
 * The store's slices against the real host handlers and the real core: example, run,
 * threshold, overrides, failure, discard and export.
 */
import { describe, expect, it } from 'vitest';
import { splittingThreshold } from '../../core/inspect/paymentRun.js';
import { setupHost } from '../../../app/host/setup.js';
import { createDefaultRegistry } from '../../../core/engine/backends.js';
import type { CompactResponse, Message } from '../../../core/engine/schema.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { replicationIncidentScenario } from '../../../core/examples/index.js';
import type { Container } from '../../../core/engine/containers.js';
import { loadHistory, writeHistory } from '../../../core/engine/containers.js';
import { AuditRecordSchema } from '../../../core/records/audit.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { exportedText } from '../../../renderer/store/exporting.js';
import { countingModel } from '../../support/countingModel.js';
import type { SavedExport } from './directBridge.js';
import { keepSaves, settled, storeOver } from './directBridge.js';
import type { Snapshot } from '../../../renderer/store/snapshot.js';

/** The example is our own format: the container it was opened from, as the CLI's answer would be written. */
function containerOf(snapshot: Snapshot): Container {
  const { doc, read } = snapshot.source;
  if (doc.kind !== 'json' || !read.container) throw new Error('the example is an agentscope JSON file');
  return { kind: read.container, wrapper: read.container === 'array' ? null : doc.value, indent: doc.indent };
}

/** The store over the real host: every bridge call counted, the offline model's requests too. */
function makeHost(saved: SavedExport[] = []) {
  const model = countingModel(createOfflineModel());
  const registry = createDefaultRegistry().register('offline', () => model);
  const setup = setupHost('web', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: '/nonexistent',
    registry,
    extra: keepSaves(saved),
  });
  return { ...storeOver(setup), model };
}

const makeStore = (saved: SavedExport[] = []) => makeHost(saved).store;

async function ranExample() {
  const host = makeHost();
  expect(await host.store.getState().openExample()).toBe(true);
  await host.store.getState().startRun();
  return host;
}

async function cliAnswer(store: AppStore, threshold: number): Promise<CompactResponse> {
  const s = store.getState();
  const p = s.proposal!;
  return compactContext(
    { ...p.request, options: { ...p.request.options, keep_threshold: threshold }, messages: s.snapshot!.messages },
    { model: createOfflineModel() },
  );
}

describe('store slices', () => {
  it('R5 a fresh file has no eligible tools; the example brings its own ready policy', async () => {
    const store = makeStore();
    await store.getState().openSnapshot({
      fileName: 'h.json',
      text: JSON.stringify([
        { id: 'a', role: 'user', content: 'hi' },
        {
          id: 'b',
          role: 'assistant',
          content: [
            { type: 'tool_call', id: 'c1', name: 't', input: '{}', state: 'finished' },
            { type: 'tool_result', id: 'c1', name: 't', output: 'x', state: 'success' },
          ],
        },
        { id: 'c', role: 'user', content: 'ok' },
      ]),
    });
    expect(store.getState().eligible).toEqual([]);
    expect(store.getState().candidacy?.advice).toMatch(/tool not eligible/);
    await store.getState().openExample();
    expect(store.getState().eligible.length).toBeGreaterThan(0);
    expect(store.getState().goal).toMatch(/BILL-2291/);
  });

  it('R12 a run yields the same decisions and chars_after as compactContext', async () => {
    const { store } = await ranExample();
    const p = store.getState().proposal!;
    const cli = await cliAnswer(store, 0.5);
    if (!cli.success) throw new Error('expected success');
    expect(p.outcome.decisions.map((d) => d.action)).toEqual(cli.answer.decisions.map((d) => d.action));
    expect(p.charsAfter).toBe(cli.answer.stats.chars_after);
    expect(store.getState().tab).toBe('audit');
  });

  it('§9 truncate_tail_chars set in the form reaches the run: chars after and the export equal compactContext with it', async () => {
    const store = makeStore();
    // The replication incident has a pair whose p_call exceeds its p_result (the payment example,
    // under the fitted weights, has none), so some threshold makes it drop_result.
    const scenario = replicationIncidentScenario();
    await store.getState().openSnapshot({ fileName: 'replication.json', text: JSON.stringify(scenario.messages) });
    for (const tool of scenario.eligible_tool_names) store.getState().toggleTool(tool, true);
    store.getState().setGoal(scenario.goal);
    expect(store.getState().setOption('truncate_tail_chars', -1)).not.toBeNull();
    expect(store.getState().setOption('truncate_tail_chars', 120)).toBeNull();
    await store.getState().startRun();
    // A threshold between a decision's p_result and p_call makes it drop_result, whose output keeps the tail.
    const threshold = splittingThreshold(store.getState().proposal!.outcome.decisions);
    expect(store.getState().setOption('keep_threshold', threshold)).toBeNull();
    await store.getState().startRun();
    const p = store.getState().proposal!;
    expect(p.request.options.truncate_tail_chars).toBe(120);
    const cli = await cliAnswer(store, threshold);
    if (!cli.success) throw new Error('expected success');
    expect(cli.answer.decisions.some((d) => d.action === 'drop_result')).toBe(true);
    expect(p.charsAfter).toBe(cli.answer.stats.chars_after);
    expect(exportedText(store.getState().snapshot!, p)).toBe(
      writeHistory(containerOf(store.getState().snapshot!), cli.answer.messages as Message[]),
    );
    const headOnly = await compactContext(
      {
        ...p.request,
        options: { ...p.request.options, truncate_tail_chars: 0 },
        messages: store.getState().snapshot!.messages,
      },
      { model: createOfflineModel() },
    );
    if (!headOnly.success) throw new Error('expected success');
    expect(p.charsAfter).toBeGreaterThan(headOnly.answer.stats.chars_after ?? 0);
  });

  it('R15 a new threshold re-derives every action with no run.start, no host call and no model request', async () => {
    const { store, calls, model } = await ranExample();
    // The counters work: the run itself was one run.start and asked the model.
    expect(calls['run.start']).toBe(1);
    expect(model.count).toBeGreaterThan(0);
    const sent = { ...calls };
    const asked = model.count;
    for (const t of [0, 0.2, 0.35, 0.8, 1]) {
      expect(store.getState().setOption('keep_threshold', t)).toBeNull();
      await settled(store);
      expect(calls).toEqual(sent);
      expect(model.count).toBe(asked);
      const cli = await cliAnswer(store, t);
      if (!cli.success) throw new Error('expected success');
      const p = store.getState().proposal!;
      expect([...p.actions.values()]).toEqual(cli.answer.decisions.map((d) => d.action));
      expect(p.charsAfter).toBe(cli.answer.stats.chars_after);
      expect(exportedText(store.getState().snapshot!, p)).toBe(
        writeHistory(containerOf(store.getState().snapshot!), cli.answer.messages as Message[]),
      );
    }
  });

  it('an override wins over the probabilities (R12), its drop_call leaves the export as R14 says, and the audit record names it', async () => {
    const saved: SavedExport[] = [];
    const store = makeStore(saved);
    await store.getState().openExample();
    await store.getState().startRun();
    const target = [...store.getState().proposal!.actions].find(
      ([id, a]) => a === 'keep' && store.getState().proposal!.probs.has(id),
    )!;
    store.getState().setOverride(target[0], 'drop_call');
    expect(store.getState().proposal!.actions.get(target[0])).toBe('drop_call');
    store.getState().setReviewer('Ada Reviewer');
    const notice = await store.getState().exportApproved({ as: 'source', report: false });
    expect(notice).toMatch(/Exported payment-retry.compacted.json/);
    // What reached the host passed the contract's gate, and core's bundle verified and completed it.
    const audit = AuditRecordSchema.parse(saved[0].record);
    expect(audit.decisions.find((d) => d.pair_id === target[0])).toMatchObject({
      override: 'drop_call',
      action: 'drop_call',
    });
    expect(audit.original_sha256).toMatch(/^[0-9a-f]{64}$/);
    const exported = loadHistory(saved[0].text as string).messages;
    const pair = store.getState().proposal!.analysis.pairs.find((p) => p.pairId === target[0])!;
    expect(JSON.stringify(exported)).not.toContain(`"id":"${pair.callId}"`);
    store.getState().setOverride(target[0], null);
    expect(store.getState().proposal!.overrides).toEqual({});
  });

  it('R11 a failed run shows its error and leaves the previous proposal in place', async () => {
    const { store } = await ranExample();
    const before = store.getState().proposal;
    store.getState().setBackend({ name: 'no-such-backend' });
    await store.getState().startRun();
    expect(store.getState().run.state).toBe('failed');
    expect(store.getState().run.error?.code).toBe('invalid_input');
    expect(store.getState().run.error?.message).toMatch(/no-such-backend/);
    // Token counts may land meanwhile (a new object); the run's outcome must be the same one.
    expect(store.getState().proposal!.outcome).toBe(before!.outcome);
  });

  it('§1 a file that is not a history reports the problem and keeps the open snapshot', async () => {
    const store = makeStore();
    await store.getState().openExample();
    const snapshot = store.getState().snapshot;
    expect(
      await store.getState().openSnapshot({ fileName: 'bad.json', text: '[{"id": "m0", "role": "user",, }]' }),
    ).toBe(false);
    expect(store.getState().openError).toMatch(/^bad\.json: not JSON: line \d+, column \d+/);
    expect(store.getState().snapshot).toBe(snapshot);
  });

  it('§5 options outside their range are refused, never clamped; a valid one re-derives protection (R4)', async () => {
    const store = makeStore();
    await store.getState().openExample();
    expect(store.getState().setOption('max_concurrency', 40)).toMatch(/32/);
    expect(store.getState().options.max_concurrency).toBe(4);
    const recentWindow = () => store.getState().candidacy!.kept.find((k) => k.reason === 'recent_window')?.count ?? 0;
    expect(recentWindow()).toBeGreaterThan(0);
    expect(store.getState().setOption('preserve_recent_messages', 0)).toBeNull();
    expect(recentWindow()).toBe(0);
  });

  it('discard drops the proposal', async () => {
    const { store } = await ranExample();
    store.getState().clearProposal();
    expect(store.getState().proposal).toBeNull();
    expect(store.getState().run.state).toBe('idle');
  });
});
