/**
 * The in-process bridge: the real host handlers behind the same contract gate as both hosts,
 * with every call counted per channel, so a test can prove that a call did not happen (R15:
 * a threshold change sends no run.start). The store is the real one over it.
 */
import type { Handlers } from '../../../app/host/api.js';
import { dispatch } from '../../../app/host/api.js';
import { toHostError } from '../../../app/host/errors.js';
import type { HostSetup } from '../../../app/host/setup.js';
import { setupHost } from '../../../app/host/setup.js';
import { nodeHash } from '../../../app/host/exportFiles.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import type { BundledFile } from '../../../core/audit/bundle.js';
import { bundleExport } from '../../../core/audit/bundle.js';
import { isBinarySource } from '../../../core/formats/index.js';
import type { Channel, ChannelParsedArgs } from '../../../core/ipc/contract.js';
import { CHANNELS } from '../../../core/ipc/contract.js';
import type { Bridge } from '../../../renderer/bridge/types.js';
import { BridgeError, bridgeOver } from '../../../renderer/bridge/types.js';
import type { AppStore } from '../../../renderer/store/index.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';

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

/** What reached the host, and the files core's bundle made of it (verified, as both hosts make them). */
export type SavedExport = ChannelParsedArgs<'file.save'> & { record: AuditRecord; files: BundledFile[] };

/** A `file.save` handler that keeps what the gate let through and bundles it, where Electron main would write it. */
export function keepSaves(saved: SavedExport[]): Partial<Handlers> {
  return {
    'file.save': async (args) => {
      // As the hosts read it: a ZIP (an Inspect .eval log) as bytes, anything else as text.
      const archiveText = isBinarySource(args.archive) ? args.archive : new TextDecoder('utf-8').decode(args.archive);
      const bundle = await bundleExport({ ...args, archiveText }, args.suggestedName, nodeHash);
      saved.push({ ...args, ...bundle });
      const nameOf = (role: BundledFile['role']) => bundle.files.find((f) => f.role === role)?.name ?? null;
      return {
        path: args.suggestedName,
        archivePath: nameOf('archive') as string,
        auditPath: nameOf('audit') as string,
        reportPath: nameOf('report'),
        signaturePath: null,
        signedBy: null,
        session: null,
      };
    },
  };
}

/** The real store over the host's handlers, with the counted bridge. */
export function storeOver(setup: HostSetup): { store: AppStore; calls: CallCounts } {
  const { bridge, calls } = directBridge(setup.handlers);
  return { store: createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 }), calls };
}

/** The offline web host with every export kept in `saved`, and the real store over it. */
export function exportingStore(): { store: AppStore; saved: SavedExport[]; setup: HostSetup } {
  const saved: SavedExport[] = [];
  const setup = setupHost('web', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: '/nonexistent',
    extra: keepSaves(saved),
  });
  return { store: storeOver(setup).store, saved, setup };
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
