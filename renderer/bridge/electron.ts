/**
 * The Electron adapter: the preload's one named object, `window.inspector`, with fixed
 * methods. The API key goes in and never comes back; only "is one set" does.
 */
import type { BackendChoice, ChannelResult, HostInfo } from '../../core/ipc/contract.js';
import type { Bridge, ExportFiles, OpenedFile } from './types.js';
import { BridgeError } from './types.js';

type Reply<T> = { ok: true; result: T } | { ok: false; error: { code: string; message: string } };

export interface InspectorPreload {
  info(): Promise<Reply<HostInfo>>;
  loadExample(): Promise<Reply<ChannelResult<'example.load'>>>;
  startRun(args: { request: unknown; backend: BackendChoice }): Promise<Reply<{ runId: string }>>;
  runStatus(args: { runId: string }): Promise<Reply<ChannelResult<'run.status'>>>;
  cancelRun(args: { runId: string }): Promise<Reply<{ cancelled: boolean }>>;
  openFile(): Promise<Reply<(OpenedFile & { path: string }) | null>>;
  saveFile(args: ExportFiles): Promise<Reply<{ path: string; auditPath: string } | null>>;
  setApiKey(args: { apiKey: string }): Promise<Reply<{ apiKeySet: boolean }>>;
}

declare global {
  interface Window {
    inspector?: InspectorPreload;
  }
}

async function unwrap<T>(reply: Promise<Reply<T>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new BridgeError(r.error.code, r.error.message);
  return r.result;
}

export function createElectronBridge(api: InspectorPreload): Bridge {
  return {
    kind: 'electron',
    info: () => unwrap(api.info()),
    loadExample: () => unwrap(api.loadExample()),
    startRun: async (request, backend) => (await unwrap(api.startRun({ request, backend }))).runId,
    runStatus: (runId) => unwrap(api.runStatus({ runId })),
    cancelRun: async (runId) => (await unwrap(api.cancelRun({ runId }))).cancelled,
    openFile: () => unwrap(api.openFile()),
    saveExport: (files) => unwrap(api.saveFile(files)),
    setApiKey: async (apiKey) => (await unwrap(api.setApiKey({ apiKey }))).apiKeySet,
  };
}
