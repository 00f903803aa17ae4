/**
 * The Electron adapter over the preload's one object, `window.inspector` (app/electron/
 * preload.cts). The API key goes in and never comes back; only "is one set" does.
 */
import type { IpcReply, PreloadApi } from '../../core/ipc/contract.js';
import type { Bridge } from './types.js';
import { BridgeError, bridgeOver } from './types.js';

declare global {
  interface Window {
    inspector?: PreloadApi;
  }
}

export function createElectronBridge(api: PreloadApi): Bridge {
  return bridgeOver('electron', async (channel, args) => {
    const reply = await (api[channel] as (a: unknown) => Promise<IpcReply<unknown>>)(args);
    if (!reply.ok) throw new BridgeError(reply.error.code, reply.error.message);
    return reply.result;
  });
}
