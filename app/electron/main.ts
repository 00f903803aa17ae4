/**
 * The Electron main process, kept thin: a sandboxed, context-isolated window on a private
 * `app://` scheme with a strict CSP; navigation and new windows denied; every IPC payload
 * parsed with the contract (app/host/api.ts dispatch); the API key kept here with
 * safeStorage and never sent to the renderer.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage } from 'electron';
import type { IpcReply } from '../../core/ipc/contract.js';
import { CHANNELS, ipcName } from '../../core/ipc/contract.js';
import { dispatch } from '../host/api.js';
import type { Handlers } from '../host/api.js';
import { HostApiError, toHostError } from '../host/errors.js';
import { contentType, CSP, rendererPath } from '../host/rendererFiles.js';
import { setupHost } from '../host/setup.js';
import type { Replacement } from '../host/exportFiles.js';
import { saveExportAt } from '../host/saveExport.js';
import { signAuditRecord } from '../signing/auditSignature.js';
import { openedFile } from './openFile.js';
import type { SigningKey } from '../signing/sshKey.js';

const RENDERER = fileURLToPath(new URL('../../renderer/', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./preload.cjs', import.meta.url));
const ORIGIN = 'app://inspector';

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

/** The host's signing key (COMPACTION_INSPECTOR_SIGN_KEY, read by setupHost): it stays in this process. */
let signingKey: SigningKey | null = null;

function extraHandlers(window: () => BrowserWindow | null): Partial<Handlers> {
  return {
    'file.open': async () => {
      const win = window();
      const picked = win
        ? await dialog.showOpenDialog(win, {
            properties: ['openFile'],
            filters: [
              { name: 'Histories', extensions: ['json', 'jsonl', 'ndjson', 'traj', 'eval'] },
              { name: 'All files', extensions: ['*'] },
            ],
          })
        : null;
      const path = picked?.filePaths[0];
      if (!path) return null;
      return openedFile(path);
    },
    'file.save': async (args) => {
      const { suggestedName, sourcePath } = args;
      const win = window();
      if (!win) return null;
      const defaultPath = sourcePath ? join(sourcePath, '..', suggestedName) : suggestedName;
      const picked = await dialog.showSaveDialog(win, { defaultPath });
      if (picked.canceled || !picked.filePath) return null;
      // The dialog asked about the file picked; the files beside it are asked about here.
      const confirmReplace = async (replacements: Replacement[]) => {
        const others = replacements.filter((r) => r.isSource || r.path !== picked.filePath);
        if (others.length === 0) return true;
        const source = others.some((r) => r.isSource);
        const answer = await dialog.showMessageBox(win, {
          type: 'warning',
          buttons: ['Cancel', 'Replace'],
          defaultId: 0,
          cancelId: 0,
          message: source ? 'Replace the original snapshot?' : `Replace ${others.length} existing file(s)?`,
          detail: `${source ? 'The export would overwrite the file it was opened from (the archive written beside it keeps the original). ' : ''}These files would be replaced:\n${others.map((r) => basename(r.path)).join('\n')}`,
        });
        return answer.response === 1;
      };
      return saveExportAt(picked.filePath, args, {
        confirmReplace,
        ...(signingKey ? { sign: (record: string) => signAuditRecord(record, signingKey as SigningKey) } : {}),
      });
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
    if (url.host !== 'inspector') return new Response(null, { status: 404 });
    const found = rendererPath(RENDERER, url.pathname);
    if ('status' in found) return new Response(null, { status: found.status });
    try {
      const body = await readFile(found.path);
      return new Response(body, {
        headers: { 'content-type': contentType(found.path), 'content-security-policy': CSP },
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
  const setup = setupHost('electron', { apiKey: () => apiKey, extra: extraHandlers(() => win) });
  const { handlers, runs, workspaces } = setup;
  signingKey = setup.signingKey;
  serveRenderer();
  for (const channel of CHANNELS) {
    ipcMain.handle(ipcName(channel), async (event, payload: unknown): Promise<IpcReply<unknown>> => {
      // Only our own page may call the host.
      if (!event.senderFrame?.url.startsWith(`${ORIGIN}/`))
        return { ok: false, error: toHostError(new HostApiError('forbidden', 'unknown sender')) };
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
  // Whether work would be lost is the renderer's to say (store selectUnsaved): while it would,
  // the page's beforeunload listener refuses the unload, which Electron would honour silently
  // for a close or a reload. Here the refusal becomes a question; leaving ignores the listener.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win as BrowserWindow, {
      type: 'question',
      buttons: ['Stay', 'Leave without exporting'],
      defaultId: 0,
      cancelId: 0,
      message: 'Leave without exporting the proposal?',
      detail:
        'It has not been exported, or has changed since its export: its decisions, overrides and notes are lost if the window closes or reloads now.',
    });
    if (choice === 1) event.preventDefault();
  });
  await win.loadURL(`${ORIGIN}/index.html`);
  app.on('window-all-closed', () => {
    runs.cancelAll();
    workspaces.cancelAll();
    app.quit();
  });
}

void main();
