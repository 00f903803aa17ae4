/**
 * The preload: one named object, `window.inspector`, with one fixed method per contract
 * channel and nothing else — no raw ipcRenderer, no generic invoke. Sandboxed preloads must
 * be CommonJS (hence .cts) and cannot load our other modules, so the table is written out
 * here and typed by the contract: a channel renamed there fails to compile here.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { Channel, IpcName, PreloadApi } from '../../core/ipc/contract.js';

function call<C extends Channel>(channel: C): PreloadApi[C] {
  const name: IpcName<C> = `inspector:${channel}`;
  return ((args: unknown = {}) => ipcRenderer.invoke(name, args)) as PreloadApi[C];
}

const inspector: PreloadApi = {
  'app.info': call('app.info'),
  'example.load': call('example.load'),
  'run.start': call('run.start'),
  'run.status': call('run.status'),
  'run.cancel': call('run.cancel'),
  'workspace.start': call('workspace.start'),
  'workspace.status': call('workspace.status'),
  'workspace.cancel': call('workspace.cancel'),
  'file.open': call('file.open'),
  'file.save': call('file.save'),
  'audit.sign': call('audit.sign'),
  'apiKey.set': call('apiKey.set'),
  'approvals.list': call('approvals.list'),
  'approvals.open': call('approvals.open'),
  'approvals.decide': call('approvals.decide'),
  'approvals.events': call('approvals.events'),
};

contextBridge.exposeInMainWorld('inspector', inspector);
