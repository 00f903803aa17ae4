/** The web host adapter: POST /api/<channel> with the per-launch token as a header. */
import { auditFileName, auditText } from '../../core/ipc/audit.js';
import type { ChannelParsedArgs, HostError } from '../../core/ipc/contract.js';
import { parseArgs } from '../../core/ipc/contract.js';
import type { Bridge } from './types.js';
import { BridgeError, bridgeOver } from './types.js';

export function createHttpBridge(token: string, base = ''): Bridge {
  return bridgeOver(
    'web',
    async (channel, args) => {
      const response = await fetch(`${base}/api/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-inspector-token': token },
        body: JSON.stringify(args),
      });
      const body = (await response.json().catch(() => ({}))) as { result?: unknown; error?: HostError };
      if (!response.ok || body.error)
        throw new BridgeError(body.error?.code ?? 'internal', body.error?.message ?? `HTTP ${response.status}`);
      return body.result;
    },
    {
      // The browser saves by itself; the same gate as a host's keeps both exports alike.
      'file.save': async (args) => {
        const parsed = parseArgs('file.save', args);
        if (!parsed.ok) throw new BridgeError('invalid_input', parsed.message);
        return download(parsed.args);
      },
    },
  );
}

/** The browser has no save dialog: two downloads, the snapshot and its audit record. */
function download(files: ChannelParsedArgs<'file.save'>): { path: string; auditPath: string } {
  const auditName = auditFileName(files.suggestedName);
  for (const [name, text] of [
    [files.suggestedName, files.text],
    [auditName, auditText(files.audit)],
  ] as const) {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
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
