/** The opened history: its container (to export into), messages, summary and hash. */
import type { Container } from '../../core/engine/containers.js';
import type { Example } from '../../core/ipc/contract.js';
import type { Message } from '../../core/engine/schema.js';
import type { HistorySummary } from '../../core/inspect/summary.js';
import type { OpenProgress } from '../worker/client.js';
import type { Slice } from './types.js';

export interface Snapshot {
  fileName: string;
  path: string | null;
  bytes: number;
  sha256: string;
  container: Container;
  messages: Message[];
  summary: HistorySummary;
  openedAt: string;
}

export interface SnapshotSlice {
  snapshot: Snapshot | null;
  opening: (OpenProgress & { fileName: string }) | null;
  openError: string | null;
  /** Opens text or a File; the policy and any proposal reset (they belonged to the old file). */
  openSnapshot(
    source: { fileName: string; path?: string | null; file?: Blob; text?: string },
    example?: Example,
  ): Promise<boolean>;
  openExample(): Promise<boolean>;
}

export const createSnapshotSlice: Slice<SnapshotSlice> = (set, get) => ({
  snapshot: null,
  opening: null,
  openError: null,
  async openSnapshot(source, example) {
    set({ opening: { fileName: source.fileName, phase: 'reading', fraction: 0 }, openError: null });
    try {
      const parsed = await get().deps.parser.open({ file: source.file, text: source.text }, (p) =>
        set({ opening: { ...p, fileName: source.fileName } }),
      );
      const snapshot: Snapshot = {
        ...parsed,
        fileName: source.fileName,
        path: source.path ?? null,
        openedAt: (get().deps.now?.() ?? new Date()).toISOString(),
      };
      set({ snapshot, opening: null });
      get().resetPolicy(snapshot, example);
      get().clearProposal();
      get().resetUi();
      return true;
    } catch (error) {
      // The previous snapshot stays: a bad file must not cost the user their work.
      set({
        opening: null,
        openError: `${source.fileName}: ${error instanceof Error ? error.message : String(error)}`,
      });
      return false;
    }
  },
  async openExample() {
    try {
      const example = await get().deps.bridge['example.load']({});
      return await get().openSnapshot({ fileName: example.fileName, text: example.text }, example);
    } catch (error) {
      set({ openError: `example: ${error instanceof Error ? error.message : String(error)}` });
      return false;
    }
  },
});
