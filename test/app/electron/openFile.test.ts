/**
 * Electron's Open without Electron (SPEC §9 "Sources"): the main process's `file.open` result
 * behind the contract gate, then over the Electron bridge (the reply main.ts's ipcMain handler
 * sends) into the real store. A `.eval` (a ZIP) crosses as its bytes and opens as the web page
 * opens it; a file that is neither a ZIP nor UTF-8 is refused in one line; the contract refuses
 * a result without bytes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openedFile } from '../../../app/electron/openFile.js';
import type { Handlers } from '../../../app/host/api.js';
import { dispatch } from '../../../app/host/api.js';
import { HostApiError, toHostError } from '../../../app/host/errors.js';
import { setupHost } from '../../../app/host/setup.js';
import type { IpcReply, PreloadApi } from '../../../core/ipc/contract.js';
import { CHANNELS, OpenedFileSchema } from '../../../core/ipc/contract.js';
import { createElectronBridge } from '../../../renderer/bridge/electron.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { openRequestOf } from '../../../renderer/store/snapshot.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const FORMATS = sharedPath('formats');
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'inspector-open-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The Electron host's handlers with the dialog's pick fixed to `path`. */
function electronHandlers(path: string): Handlers {
  return setupHost('electron', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: '/nonexistent',
    extra: { 'file.open': () => openedFile(path) },
  }).handlers;
}

/** window.inspector as the preload builds it, answering as main.ts's ipcMain handler does. */
function preloadOver(handlers: Handlers): PreloadApi {
  const reply = async (channel: string, args: unknown): Promise<IpcReply<unknown>> => {
    try {
      return { ok: true, result: await dispatch(handlers, channel, args) };
    } catch (error) {
      return { ok: false, error: toHostError(error) };
    }
  };
  return Object.fromEntries(CHANNELS.map((c) => [c, (args: unknown) => reply(c, args)])) as unknown as PreloadApi;
}

describe('Electron file.open', () => {
  if (!FORMATS) {
    it.skip(sharedSkipReason('formats'), () => {});
    return;
  }

  it('§9 a .eval crosses as its bytes and opens in the store as the web page opens it: its 4 samples to pick from', async () => {
    const path = join(FORMATS, 'inspect-ai-eval-zip', 'log_streaming.eval');
    const handlers = electronHandlers(path);
    const opened = OpenedFileSchema.parse(await dispatch(handlers, 'file.open', {}));
    expect(opened.fileName).toBe('log_streaming.eval');
    expect(Buffer.from(opened.bytes).equals(readFileSync(path))).toBe(true);

    const bridge = createElectronBridge(preloadOver(handlers));
    const store = createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 });
    const picked = await bridge['file.open']({});
    expect(await store.getState().openSnapshot(openRequestOf(picked!))).toBe(false);
    expect(store.getState().openError).toBeNull();
    expect(store.getState().choosing!.format).toBe('inspect-eval');
    expect(store.getState().choosing!.conversations).toHaveLength(4);
    expect(await store.getState().chooseConversation(store.getState().choosing!.conversations[0].key)).toBe(true);
    const snapshot = store.getState().snapshot!;
    expect(snapshot.path).toBe(path);
    expect(snapshot.source.read.format).toBe('inspect-eval');
    // The archive an export writes is the file's own bytes.
    expect(Buffer.from(await snapshot.original.arrayBuffer()).equals(readFileSync(path))).toBe(true);
  });

  it('§9 a JSON history crosses as its bytes and opens as text', async () => {
    const path = join(dir, 'history.json');
    writeFileSync(path, JSON.stringify([{ role: 'user', content: 'héllo' }]));
    const bridge = createElectronBridge(preloadOver(electronHandlers(path)));
    const store = createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 });
    expect(await store.getState().openSnapshot(openRequestOf((await bridge['file.open']({}))!))).toBe(true);
    expect(store.getState().snapshot!.messages).toHaveLength(1);
  });

  it('§9 a file that is neither a ZIP nor UTF-8 is refused in one line, as invalid input', async () => {
    const path = join(dir, 'latin1.json');
    writeFileSync(path, Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]));
    const refusal = await dispatch(electronHandlers(path), 'file.open', {}).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HostApiError);
    expect((refusal as HostApiError).kind).toBe('invalid_input');
    expect((refusal as HostApiError).message).toBe(`${path} is not valid UTF-8`);
  });

  it('§9 the contract refuses a file.open result that carries text instead of bytes', async () => {
    expect(OpenedFileSchema.safeParse({ fileName: 'a.json', path: '/a.json', text: '[]' }).success).toBe(false);
    const handlers = {
      ...electronHandlers(join(dir, 'x')),
      'file.open': () => ({ fileName: 'a', path: '/a', text: '[]' }),
    };
    const refusal = await dispatch(handlers as unknown as Handlers, 'file.open', {}).catch((e: unknown) => e);
    expect((refusal as HostApiError).kind).toBe('internal');
  });
});
