/**
 * Opening a file over the real store and host (SPEC §9 sources): Cancel stops an open under way
 * and leaves the file open before with its proposal; a file over the page's limit is refused
 * before a byte of it is read.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { createAppStore } from '../../../renderer/store/index.js';
import type { OpenLimit } from '../../../renderer/store/openLimit.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { directBridge } from './directBridge.js';

const makeStore = (openLimit?: OpenLimit) =>
  createAppStore({
    bridge: directBridge(setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' }).handlers)
      .bridge,
    parser: createDirectParser(),
    pollMs: 5,
    ...(openLimit ? { openLimit } : {}),
  });

/** A file that counts how often its bytes are asked for. */
class CountedBlob extends Blob {
  reads = 0;
  override arrayBuffer() {
    this.reads++;
    return super.arrayBuffer();
  }
  override stream() {
    this.reads++;
    return super.stream();
  }
}

const history = JSON.stringify([{ id: 'u1', name: 'user', role: 'user', content: [{ type: 'text', text: 'hi' }] }]);

describe('opening a file', () => {
  it('§9 Cancel stops an open under way; the file open before keeps its proposal', async () => {
    const store = makeStore();
    await store.getState().openExample();
    await store.getState().startRun();
    const { snapshot, proposal } = store.getState();
    expect(proposal).not.toBeNull();
    const opening = store.getState().openSnapshot({ fileName: 'other.json', file: new Blob([history]) });
    expect(store.getState().opening?.fileName).toBe('other.json');
    store.getState().cancelOpen();
    expect(await opening).toBe(false);
    expect(store.getState().opening).toBeNull();
    expect(store.getState().snapshot).toBe(snapshot);
    expect(store.getState().proposal).toBe(proposal);
    expect(store.getState().notice).toBe(`Opening other.json cancelled; ${snapshot?.fileName} is still open`);
  });

  it('§9 a file over the limit is refused before it is read, with its size, the limit and the command line', async () => {
    const store = makeStore({ bytes: 10, basis: 'a test limit' });
    await store.getState().openExample();
    const before = store.getState().snapshot;
    const file = new CountedBlob([history]);
    expect(await store.getState().openSnapshot({ fileName: 'other.json', file })).toBe(false);
    expect(file.reads).toBe(0);
    expect(store.getState().opening).toBeNull();
    expect(store.getState().snapshot).toBe(before);
    expect(store.getState().openError).toMatch(
      /^other\.json: 0\.0 MB is more than this page can open, 0\.0 MB \(a test limit\); nothing was read\. .*compaction-inspector compact_context/,
    );
    // The same file under the limit opens: the refusal was the size's.
    expect(
      await makeStore({ bytes: 1e6, basis: 'a test limit' }).getState().openSnapshot({ fileName: 'o.json', file }),
    ).toBe(true);
  });
});
