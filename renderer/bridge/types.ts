/**
 * The renderer's only way to its host (STYLE.md "transport behind one interface"). Each host
 * has an adapter; tests hand the store any implementation.
 */
import type { BackendChoice, ChannelResult, HostInfo } from '../../core/ipc/contract.js';

export interface OpenedFile {
  fileName: string;
  path: string | null;
  text: string;
}

export interface ExportFiles {
  suggestedName: string;
  sourcePath: string | null;
  text: string;
  auditText: string;
}

export interface Bridge {
  readonly kind: HostInfo['host'];
  info(): Promise<HostInfo>;
  loadExample(): Promise<ChannelResult<'example.load'>>;
  startRun(request: unknown, backend: BackendChoice): Promise<string>;
  runStatus(runId: string): Promise<ChannelResult<'run.status'>>;
  cancelRun(runId: string): Promise<boolean>;
  /** Native dialog where the host has one; null means "use the browser's file picker". */
  openFile(): Promise<OpenedFile | null | 'browser'>;
  /** Writes or downloads the snapshot and its audit record; returns where, or null if cancelled. */
  saveExport(files: ExportFiles): Promise<{ path: string; auditPath: string } | null>;
  setApiKey(apiKey: string): Promise<boolean>;
}

/** A boundary error as the renderer shows it: a stable code and one line. */
export class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}
