/**
 * What the status line says belongs to the file and backend it was said of: a notice and a
 * failed run's error (§6 `observation_too_large` here) go when another file opens or the
 * backend changes, over the real store and host.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { storeOver } from './directBridge.js';

const makeStore = () =>
  storeOver(setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' })).store;

describe('notices follow the file and the backend', () => {
  it('§6 a failed run’s error and a notice go when the backend changes', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().pinProposal();
    expect(store.getState().notice).toMatch(/Pinned/);
    expect(store.getState().setOption('max_state_tokens', 1)).toBeNull();
    await store.getState().startRun();
    expect(store.getState().run.error?.code).toBe('observation_too_large');
    store.getState().setBackend({ name: 'scripted' });
    expect(store.getState().run.state).toBe('idle');
    expect(store.getState().run.error).toBeNull();
    expect(store.getState().notice).toBeNull();
  });

  it('§9 a notice of the last file is gone once another file is open', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    store.getState().pinProposal();
    expect(store.getState().notice).not.toBeNull();
    const text = JSON.stringify([{ id: 'u1', name: 'user', role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
    expect(await store.getState().openSnapshot({ fileName: 'other.json', text })).toBe(true);
    expect(store.getState().notice).toBeNull();
  });
});
