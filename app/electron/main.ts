/**
 * The Electron main process, kept thin: a sandboxed, context-isolated window on a private
 * `app://` scheme with a strict CSP; navigation and new windows denied; every IPC payload
 * parsed with the contract (app/server/api.ts dispatch); the API key kept here with
 * safeStorage and never sent to the renderer.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage } from 'electron';
import { CHANNELS } from '../../core/ipc/contract.js';
import { dispatch, toHostError } from '../server/api.js';
import type { Handlers } from '../server/api.js';
import { CSP } from '../server/security.js';
import { setupHost } from '../server/setup.js';
import { saveExport } from './files.js';

const RENDERER = fileURLToPath(new URL('../../renderer/', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./preload.cjs', import.meta.url));
const ORIGIN = 'app://inspector';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let apiKey: string | null = null;
const keyFile = () => join(app.getPath('userData'), 'api-key.bin');

function loadStoredKey(): void {
  if (!existsSync(keyFile()) || !safeStorage.isEncryptionAvailable()) return;
  try {
    apiKey = safeStorage.decryptString(readFileSync(keyFile()));
  } catch {
    apiKey = null;
  }
}

function extraHandlers(window: () => BrowserWindow | null): Partial<Handlers> {
  return {
    'file.open': async () => {
      const win = window();
      const picked = win
        ? await dialog.showOpenDialog(win, {
            properties: ['openFile'],
            filters: [{ name: 'Histories', extensions: ['json', 'jsonl', 'ndjson'] }],
          })
        : null;
      const path = picked?.filePaths[0];
      if (!path) return null;
      return { fileName: path.split(sep).pop() ?? path, path, text: await readFile(path, 'utf8') };
    },
    'file.save': async ({ suggestedName, sourcePath, text, auditText }) => {
      const win = window();
      if (!win) return null;
      const defaultPath = sourcePath ? join(sourcePath, '..', suggestedName) : suggestedName;
      const picked = await dialog.showSaveDialog(win, { defaultPath });
      if (picked.canceled || !picked.filePath) return null;
      const confirm = async () =>
        (
          await dialog.showMessageBox(win, {
            type: 'warning',
            buttons: ['Cancel', 'Overwrite'],
            defaultId: 0,
            cancelId: 0,
            message: 'Replace the original snapshot?',
            detail: 'The export would overwrite the file it was opened from.',
          })
        ).response === 1;
      return saveExport(picked.filePath, sourcePath, text, auditText, confirm);
    },
    'apiKey.set': ({ apiKey: key }) => {
      apiKey = key.trim() || null;
      if (safeStorage.isEncryptionAvailable())
        writeFileSync(keyFile(), safeStorage.encryptString(apiKey ?? ''), { mode: 0o600 });
      return { apiKeySet: apiKey !== null };
    },
  };
}

function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
    const full = normalize(join(RENDERER, relative));
    if (url.host !== 'inspector' || !full.startsWith(RENDERER)) return new Response(null, { status: 404 });
    try {
      const body = await readFile(full);
      return new Response(body, {
        headers: { 'content-type': TYPES[extname(full)] ?? 'application/octet-stream', 'content-security-policy': CSP },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}

async function main(): Promise<void> {
  await app.whenReady();
  loadStoredKey();
  let win: BrowserWindow | null = null;
  const { handlers, runs } = setupHost('electron', { apiKey: () => apiKey, extra: extraHandlers(() => win) });
  serveRenderer();
  for (const channel of CHANNELS) {
    ipcMain.handle(`inspector:${channel}`, async (event, payload: unknown) => {
      // Only our own page may call the host.
      if (!event.senderFrame?.url.startsWith(`${ORIGIN}/`))
        return { ok: false, error: { code: 'unauthorized', message: 'unknown sender' } };
      try {
        return { ok: true, result: await dispatch(handlers, channel, payload) };
      } catch (error) {
        return { ok: false, error: toHostError(error) };
      }
    });
  }
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  win = new BrowserWindow({
    width: 1440,
    height: 900,
    title: 'Compaction Inspector',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  await win.loadURL(`${ORIGIN}/index.html`);
  app.on('window-all-closed', () => {
    runs.cancelAll();
    app.quit();
  });
}

void main();
