/**
 * The in-process bridge: the real host handlers behind the same contract gate as both hosts,
 * with every call counted per channel, so a test can prove that a call did not happen (R15:
 * a threshold change sends no run.start). The store is the real one over it.
 */
import type { Handlers } from '../../app/host/api.js';
import { dispatch } from '../../app/host/api.js';
import { toHostError } from '../../app/host/errors.js';
import type { HostSetup } from '../../app/host/setup.js';
import { auditFileName } from '../../core/ipc/audit.js';
import type { Channel, ChannelParsedArgs } from '../../core/ipc/contract.js';
import { CHANNELS } from '../../core/ipc/contract.js';
import type { Bridge } from '../../renderer/bridge/types.js';
import { BridgeError, bridgeOver } from '../../renderer/bridge/types.js';
import type { AppStore } from '../../renderer/store/index.js';
import { createAppStore } from '../../renderer/store/index.js';
import { createDirectParser } from '../../renderer/worker/client.js';

export type CallCounts = Record<Channel, number>;

export function directBridge(handlers: Handlers): { bridge: Bridge; calls: CallCounts } {
  const calls = Object.fromEntries(CHANNELS.map((channel) => [channel, 0])) as CallCounts;
  const bridge = bridgeOver('web', async (channel, args) => {
    calls[channel]++;
    try {
      return await dispatch(handlers, channel, args);
    } catch (error) {
      const e = toHostError(error);
      throw new BridgeError(e.code, e.message);
    }
  });
  return { bridge, calls };
}

export type SavedExport = ChannelParsedArgs<'file.save'>;

/** A `file.save` handler that keeps what the gate let through, where Electron main would write it. */
export function keepSaves(saved: SavedExport[]): Partial<Handlers> {
  return {
    'file.save': (files) => (
      saved.push(files),
      { path: files.suggestedName, auditPath: auditFileName(files.suggestedName) }
    ),
  };
}

/** The real store over the host's handlers, with the counted bridge. */
export function storeOver(setup: HostSetup): { store: AppStore; calls: CallCounts } {
  const { bridge, calls } = directBridge(setup.handlers);
  return { store: createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 }), calls };
}

/** Resolves once no run is going: a run started by mistake would be counted before this returns. */
export function settled(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.getState().run.state === 'running') return false;
      resolve();
      return true;
    };
    if (check()) return;
    const stop = store.subscribe(() => check() && stop());
  });
}
