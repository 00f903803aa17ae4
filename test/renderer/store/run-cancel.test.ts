/**
 * Cancel stops a run wherever it is: before the host has started it (nothing is asked), and
 * after the host answered while this page builds the proposal (nothing is shown). Either way
 * the run ends `cancelled` and the previous proposal stays as it was.
 */
import { describe, expect, it, vi } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { createDefaultRegistry } from '../../../core/engine/backends.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { createAppStore } from '../../../renderer/store/index.js';
import type { RunMeasures } from '../../../renderer/worker/snapshot.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { countingModel } from '../../support/countingModel.js';
import { directBridge } from './directBridge.js';

/** The offline host and the real store, with the worker's `measure` held until `release`. */
function heldHost() {
  const model = countingModel(createOfflineModel());
  const registry = createDefaultRegistry().register('offline', () => model);
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent', registry });
  const { bridge: direct, calls } = directBridge(setup.handlers);
  const started: string[] = [];
  const bridge = {
    ...direct,
    'run.start': async (args: Parameters<(typeof direct)['run.start']>[0]) => {
      const answer = await direct['run.start'](args);
      started.push(answer.runId);
      return answer;
    },
  };
  const parser = createDirectParser();
  const gate = { hold: false, measured: 0, release: () => {} };
  const store = createAppStore({
    bridge,
    pollMs: 5,
    parser: {
      ...parser,
      measure: async (request) => {
        gate.measured++;
        const answer: RunMeasures = await parser.measure(request);
        if (gate.hold) await new Promise<void>((resolve) => (gate.release = resolve));
        return answer;
      },
    },
  });
  return { store, model, calls, gate, started, bridge };
}

describe('Cancel', () => {
  it('R10 before the host has started the run: the model is never asked, the run ends cancelled', async () => {
    const { store, model, calls, started, bridge } = heldHost();
    await store.getState().openExample();
    const running = store.getState().startRun();
    await store.getState().cancelRun();
    // The page is back at once; the host is told once the run has an id.
    expect(store.getState().run.state).toBe('failed');
    expect(store.getState().run.error?.code).toBe('cancelled');
    await running;
    expect(calls['run.cancel']).toBe(1);
    const [runId] = started;
    await vi.waitFor(async () => expect((await bridge['run.status']({ runId })).state).toBe('finished'));
    const outcome = (await bridge['run.status']({ runId })).outcome;
    expect(outcome?.success === false && outcome.error.code).toBe('cancelled');
    expect(model.count).toBe(0);
    expect(store.getState().proposal).toBeNull();
  });

  it('R15 while the page builds the proposal: the previous proposal stays, nothing new is shown', async () => {
    const { store, gate } = heldHost();
    await store.getState().openExample();
    await store.getState().startRun();
    const previous = store.getState().proposal;
    expect(previous).not.toBeNull();
    expect(gate.measured).toBe(1);

    gate.hold = true;
    store.getState().setGoal('A different goal, asked again');
    const running = store.getState().startRun();
    await expect.poll(() => gate.measured).toBe(2);
    expect(store.getState().run.progress?.phase).toBe('done');
    await store.getState().cancelRun();
    gate.release();
    await running;
    expect(store.getState().run.state).toBe('failed');
    expect(store.getState().run.error?.code).toBe('cancelled');
    expect(store.getState().proposal).toBe(previous);
  });
});
