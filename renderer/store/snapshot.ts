/** The opened history: its source document and format (to export into), messages, summary and hash. */
import type { ConversationInfo, OpenedSource } from '../../core/formats/index.js';
import type { Message } from '../../core/engine/schema.js';
import type { TargetReport } from '../../core/formats/targets/index.js';
import type { HistorySummary } from '../../core/inspect/summary.js';
import type { Example, OpenedFile } from '../../core/ipc/contract.js';
import type { OpenProgress } from '../worker/client.js';
import { nextTask } from '../nextTask.js';
import { overOpenLimit } from './openLimit.js';
import type { Slice } from './slice.js';
import type { UiSlice } from './ui.js';

export interface Snapshot {
  fileName: string;
  path: string | null;
  bytes: number;
  sha256: string;
  /** The parsed file, its format and the conversation read (SPEC §9): export writes back into it. */
  source: OpenedSource;
  messages: Message[];
  summary: HistorySummary;
  /** The opened file against the targets its format feeds (SPEC §9), as the worker checked it. */
  checks: TargetReport[];
  openedAt: string;
  /** The bytes as opened: an export writes them beside the snapshot as its archive, byte for byte. */
  original: Blob;
}

/** A file to open: picked, dropped, or the host's own dialog; `conversation` of a file that holds several. */
export interface OpenRequest {
  fileName: string;
  path?: string | null;
  file?: Blob;
  text?: string;
  conversation?: string;
}

/** The file the host's own dialog opened, as a picked file: its bytes go to the snapshot worker. */
export function openRequestOf(opened: OpenedFile): OpenRequest {
  return { fileName: opened.fileName, path: opened.path, file: new Blob([opened.bytes as BlobPart]) };
}

export interface SnapshotSlice {
  snapshot: Snapshot | null;
  opening: (OpenProgress & { fileName: string }) | null;
  openError: string | null;
  /** A file with several conversations waiting for the person to pick one. */
  choosing: { request: OpenRequest; format: string; conversations: ConversationInfo[] } | null;
  /**
   * Opens text or a File; the policy and any proposal reset (they belonged to the old file).
   * False when it failed, or when the file holds several conversations (`choosing` lists them).
   */
  openSnapshot(source: OpenRequest, example?: Example): Promise<boolean>;
  /** Stops the open under way at once; the snapshot open before it stays open, untouched. */
  cancelOpen(): void;
  /** Opens the conversation picked from `choosing`. */
  chooseConversation(key: string): Promise<boolean>;
  cancelChoice(): void;
  openExample(): Promise<boolean>;
  /** Hides the last open error; the snapshot open before it stays open either way. */
  dismissOpenError(): void;
}

/** What opening a file resets in the slices built on this one (policy, proposal, approval, compare). */
interface Resets {
  resetPolicy(snapshot: Snapshot, example?: Example): void;
  clearProposal(): void;
  resetApproval(): void;
  unpinProposal(): void;
  closeQueued(): void;
}

export const createSnapshotSlice: Slice<SnapshotSlice, Resets & Pick<UiSlice, 'resetUi' | 'setNotice'>> = (
  set,
  get,
) => {
  /** The open under way, to cancel: one at a time, a newer open cancels the older. */
  let openUnderWay: AbortController | null = null;
  return {
    snapshot: null,
    opening: null,
    openError: null,
    choosing: null,
    async openSnapshot(source, example) {
      const limit = get().deps.openLimit;
      const refused = source.file && limit ? overOpenLimit(source.file.size, limit) : null;
      if (refused) {
        set({ openError: `${source.fileName}: ${refused}`, choosing: null });
        return false;
      }
      openUnderWay?.abort();
      const controller = new AbortController();
      openUnderWay = controller;
      const total = source.file?.size ?? source.text?.length ?? 0;
      set({
        opening: {
          fileName: source.fileName,
          phase: 'reading',
          bytesRead: 0,
          bytesTotal: total,
          records: null,
          format: null,
        },
        openError: null,
        choosing: null,
      });
      try {
        const parsed = await get().deps.parser.open(
          { file: source.file, text: source.text, conversation: source.conversation },
          (p) => {
            if (!controller.signal.aborted) set({ opening: { ...p, fileName: source.fileName } });
          },
          controller.signal,
        );
        if (controller.signal.aborted) return false;
        // Opened: past cancelling. The last of the worker's answer was taken in a task of its own;
        // what it opened is shown in the next.
        openUnderWay = null;
        await nextTask();
        if (parsed.kind === 'choose') {
          set({
            opening: null,
            choosing: { request: source, format: parsed.format, conversations: parsed.conversations },
          });
          return false;
        }
        const { kind: _kind, ...opened } = parsed;
        const snapshot: Snapshot = {
          ...opened,
          fileName: source.fileName,
          path: source.path ?? null,
          openedAt: (get().deps.now?.() ?? new Date()).toISOString(),
        };
        set({ snapshot, opening: null });
        get().resetPolicy(snapshot, example);
        get().clearProposal();
        get().resetApproval();
        // A belonged to the old file: a comparison across histories is meaningless (compare refuses it).
        get().unpinProposal();
        // A queued proposal belongs to its own session: store/queue.ts opens it again after this.
        get().closeQueued();
        get().resetUi();
        // A notice of the last file (discarded, exported, pinned) says nothing about this one.
        get().setNotice(null);
        return true;
      } catch (error) {
        // Cancelled: whatever opens next (or nothing) owns the status line; the previous snapshot stays.
        if (controller.signal.aborted) return false;
        openUnderWay = null;
        // The previous snapshot stays: a bad file must not cost the user their work.
        set({
          opening: null,
          openError: `${source.fileName}: ${error instanceof Error ? error.message : String(error)}`,
        });
        return false;
      }
    },
    async chooseConversation(key) {
      const choosing = get().choosing;
      if (!choosing) return false;
      return get().openSnapshot({ ...choosing.request, conversation: key });
    },
    cancelOpen() {
      const opening = get().opening;
      if (!openUnderWay || !opening) return;
      openUnderWay.abort();
      openUnderWay = null;
      set({ opening: null });
      const open = get().snapshot?.fileName;
      get().setNotice(`Opening ${opening.fileName} cancelled${open ? `; ${open} is still open` : ''}`);
    },
    cancelChoice() {
      set({ choosing: null });
    },
    dismissOpenError() {
      set({ openError: null });
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
  };
};
