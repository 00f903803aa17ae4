/**
 * The preload: one named object, `window.inspector`, with fixed methods and nothing else —
 * no raw ipcRenderer, no generic invoke. Sandboxed preloads must be CommonJS, hence .cts.
 */
import { contextBridge, ipcRenderer } from 'electron';

const call =
  (channel: string) =>
  (args: unknown = {}) =>
    ipcRenderer.invoke(`inspector:${channel}`, args);

contextBridge.exposeInMainWorld('inspector', {
  info: call('app.info'),
  loadExample: call('example.load'),
  startRun: call('run.start'),
  runStatus: call('run.status'),
  cancelRun: call('run.cancel'),
  openFile: call('file.open'),
  saveFile: call('file.save'),
  setApiKey: call('apiKey.set'),
});
