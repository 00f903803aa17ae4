/** The opened history: its source document and format (to export into), messages, summary and hash. */
import type { Slice, Snapshot, SnapshotSlice } from './state.js';

export const createSnapshotSlice: Slice<SnapshotSlice> = (set, get) => ({
  snapshot: null,
  opening: null,
  openError: null,
  choosing: null,
  async openSnapshot(source, example) {
    set({ opening: { fileName: source.fileName, phase: 'reading', fraction: 0 }, openError: null, choosing: null });
    try {
      const parsed = await get().deps.parser.open(
        { file: source.file, text: source.text, conversation: source.conversation },
        (p) => set({ opening: { ...p, fileName: source.fileName } }),
      );
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
  async chooseConversation(key) {
    const choosing = get().choosing;
    if (!choosing) return false;
    return get().openSnapshot({ ...choosing.request, conversation: key });
  },
  cancelChoice() {
    set({ choosing: null });
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
