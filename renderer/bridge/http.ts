/** The web host adapter: POST /api/<channel> with the per-launch token as a header. */
import type { BackendChoice, Channel, ChannelArgs, ChannelResult } from '../../core/ipc/contract.js';
import type { Bridge, ExportFiles } from './types.js';
import { BridgeError } from './types.js';

export function createHttpBridge(token: string, base = ''): Bridge {
  async function call<C extends Channel>(channel: C, args: ChannelArgs<C>): Promise<ChannelResult<C>> {
    const response = await fetch(`${base}/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inspector-token': token },
      body: JSON.stringify(args),
    });
    const body = (await response.json().catch(() => ({}))) as {
      result?: ChannelResult<C>;
      error?: { code: string; message: string };
    };
    if (!response.ok || body.error)
      throw new BridgeError(body.error?.code ?? 'internal', body.error?.message ?? `HTTP ${response.status}`);
    return body.result as ChannelResult<C>;
  }
  return {
    kind: 'web',
    info: () => call('app.info', {}),
    loadExample: () => call('example.load', {}),
    startRun: async (request: unknown, backend: BackendChoice) => (await call('run.start', { request, backend })).runId,
    runStatus: (runId) => call('run.status', { runId }),
    cancelRun: async (runId) => (await call('run.cancel', { runId })).cancelled,
    openFile: async () => 'browser',
    saveExport: async (files) => download(files),
    setApiKey: async () => {
      throw new BridgeError('unsupported', 'the web host reads the API key from the environment only');
    },
  };
}

/** The browser has no save dialog: two downloads, the snapshot and its audit record. */
function download(files: ExportFiles): { path: string; auditPath: string } {
  const auditName = `${files.suggestedName}.audit.json`;
  for (const [name, text, type] of [
    [files.suggestedName, files.text, 'application/json'],
    [auditName, files.auditText, 'application/json'],
  ] as const) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { path: files.suggestedName, auditPath: auditName };
}
