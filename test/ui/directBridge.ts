/** A Bridge that calls the real host handlers in-process, through the same contract gate. */
import type { Handlers } from '../../app/host/api.js';
import { dispatch } from '../../app/host/api.js';
import { toHostError } from '../../app/host/errors.js';
import type { Bridge, ExportFiles } from '../../renderer/bridge/types.js';
import { BridgeError } from '../../renderer/bridge/types.js';
import type { ChannelResult } from '../../core/ipc/contract.js';

export function directBridge(handlers: Handlers, saved: ExportFiles[] = []): Bridge {
  const call = async <T>(channel: string, args: unknown): Promise<T> => {
    try {
      return (await dispatch(handlers, channel, args)) as T;
    } catch (error) {
      const e = toHostError(error);
      throw new BridgeError(e.code, e.message);
    }
  };
  return {
    kind: 'web',
    info: () => call('app.info', {}),
    loadExample: () => call('example.load', {}),
    startRun: async (request, backend) => (await call<{ runId: string }>('run.start', { request, backend })).runId,
    runStatus: (runId) => call<ChannelResult<'run.status'>>('run.status', { runId }),
    cancelRun: async (runId) => (await call<{ cancelled: boolean }>('run.cancel', { runId })).cancelled,
    openFile: async () => 'browser',
    saveExport: async (files) => (
      saved.push(files),
      { path: files.suggestedName, auditPath: `${files.suggestedName}.audit.json` }
    ),
    setApiKey: async () => false,
  };
}
