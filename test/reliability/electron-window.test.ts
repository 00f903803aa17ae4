/**
 * The Electron main process's security settings, asserted with `electron`
 * mocked (the binary cannot run here): the window is sandboxed and context-isolated with no
 * Node integration, navigation, new windows and webviews are denied, the app:// renderer is
 * served with the CSP and never outside its folder, IPC answers only our own page, and the
 * stored API key never comes back to the renderer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../core/ipc/contract.js';
import { ipcName } from '../../core/ipc/contract.js';
import { record } from './support/record.js';

type Listener = (...args: unknown[]) => unknown;
const electron = vi.hoisted(() => ({
  windows: [] as Array<Record<string, unknown>>,
  appOn: new Map<string, (...args: unknown[]) => unknown>(),
  ipc: new Map<string, (...args: unknown[]) => unknown>(),
  protocolHandler: null as null | ((request: Request) => Promise<Response>),
  userData: '',
}));

vi.mock('electron', () => ({
  app: {
    whenReady: async () => {},
    on: (event: string, fn: Listener) => electron.appOn.set(event, fn),
    getPath: () => electron.userData,
    quit: () => {},
  },
  BrowserWindow: class {
    constructor(options: Record<string, unknown>) {
      electron.windows.push(options);
    }
    loadURL = async () => {};
    // main asks before a close or reload that would lose work (will-prevent-unload).
    webContents = { on: () => {} };
  },
  dialog: {},
  ipcMain: { handle: (channel: string, fn: Listener) => electron.ipc.set(channel, fn) },
  protocol: {
    registerSchemesAsPrivileged: () => {},
    handle: (_scheme: string, fn: (request: Request) => Promise<Response>) => (electron.protocolHandler = fn),
  },
  safeStorage: { isEncryptionAvailable: () => false },
}));

const SECRET = 'sk-electron-SECRET-abcdef0123456789';

beforeAll(async () => {
  electron.userData = mkdtempSync(join(tmpdir(), 'ci-electron-'));
  await import('../../app/electron/main.js');
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
});

afterAll(() =>
  record({
    area: 'security',
    name: 'Electron main process settings',
    tried: 4,
    outcomes: { held: 4 },
    notes:
      'sandbox, contextIsolation, no nodeIntegration; navigation/new windows/webviews denied; app:// CSP, no traversal; IPC sender check; key never returned',
  }),
);

const invoke = (channel: Channel, payload: unknown, url = 'app://inspector/index.html') =>
  electron.ipc.get(ipcName(channel))?.({ senderFrame: { url } }, payload) as Promise<{
    ok: boolean;
    result?: unknown;
    error?: { code: string };
  }>;

describe('Electron main process settings', () => {
  it('the window is sandboxed and context-isolated, with no Node integration and a preload', () => {
    const prefs = electron.windows[0].webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(prefs.preload)).toMatch(/preload\.cjs$/);
    expect(prefs).not.toHaveProperty('nodeIntegrationInWorker', true);
  });

  it('new windows, navigation and webviews are denied for every web contents', () => {
    const handlers = new Map<string, Listener>();
    const opened: Array<() => unknown> = [];
    const contents = {
      setWindowOpenHandler: (fn: () => unknown) => opened.push(fn),
      on: (event: string, fn: Listener) => handlers.set(event, fn),
    };
    electron.appOn.get('web-contents-created')?.({}, contents);
    expect(opened).toHaveLength(1);
    expect(opened[0]()).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-attach-webview']) {
      const prevent = vi.fn();
      handlers.get(event)?.({ preventDefault: prevent });
      expect(prevent).toHaveBeenCalled();
    }
  });

  it('the renderer is served with the CSP, and nothing outside its folder or another host', async () => {
    const handler = electron.protocolHandler;
    expect(handler).not.toBeNull();
    if (!handler) return;
    const index = await handler(new Request('app://inspector/index.html'));
    if (index.status === 200) expect(index.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    for (const url of [
      'app://inspector/..%2f..%2fpackage.json',
      'app://inspector/%2e%2e/%2e%2e/package.json',
      'app://evil/index.html',
    ]) {
      expect((await handler(new Request(url))).status).toBe(404);
    }
  });

  it('IPC answers only our own page, and the stored API key never comes back', async () => {
    expect((await invoke('app.info', {}, 'https://evil.example/'))?.error?.code).toBe('unauthorized');
    expect((await invoke('apiKey.set', { apiKey: SECRET }))?.ok).toBe(true);
    const info = await invoke('app.info', {});
    expect(info.ok).toBe(true);
    expect(JSON.stringify(info)).not.toContain(SECRET);
    expect(info.result).toMatchObject({ apiKeySet: true });
  });
});
