/**
 * Who approves an export and why: the reviewer (remembered between launches; the host's OS
 * user until named), a note on the whole approval and one per decision, and the export itself
 * through the bridge. Notes belong to the opened snapshot: a new run keeps them, another file
 * starts afresh.
 */
import { auditDraft, exportedText, exportName } from './exporting.js';
import type { ApprovalSlice, Deps, Slice } from './state.js';

const REVIEWER_KEY = 'compaction-inspector.reviewer';

/** The reviewer named at an earlier launch, if any. */
export function initialReviewer(storage: Deps['storage']): Pick<ApprovalSlice, 'reviewer'> {
  return { reviewer: storage?.getItem(REVIEWER_KEY) ?? '' };
}

export const createApprovalSlice: Slice<ApprovalSlice> = (set, get) => ({
  reviewer: '',
  approvalComment: '',
  comments: {},
  exportOpen: false,
  exporting: false,
  lastExport: null,
  exported: null,
  host: null,
  setReviewer(name) {
    set({ reviewer: name });
    get().deps.storage?.setItem(REVIEWER_KEY, name);
  },
  setHostInfo(host) {
    set({ host });
    if (get().reviewer.trim() === '' && host.osUser) set({ reviewer: host.osUser });
  },
  setApprovalComment: (approvalComment) => set({ approvalComment }),
  setComment(pairId, text) {
    const comments = { ...get().comments };
    if (text === '') delete comments[pairId];
    else comments[pairId] = text;
    set({ comments });
  },
  openExport: (exportOpen) => set({ exportOpen }),
  async exportApproved({ as, report }) {
    const state = get();
    const { snapshot, proposal, deps } = state;
    if (!snapshot || !proposal) return 'nothing to export: run first';
    // What is exported is what the policy gives (R3–R5): an edit the model must answer blocks it.
    if (state.outOfDate.length > 0) return `Export disabled: ${state.outOfDate.join(', ')} changed since the run`;
    if (state.reviewer.trim() === '') return 'Export needs a reviewer: name who approves it';
    set({ exporting: true });
    try {
      const exportedAt = (deps.now?.() ?? new Date()).toISOString();
      const saved = await deps.bridge['file.save']({
        suggestedName: exportName(snapshot.fileName, as),
        sourcePath: snapshot.path,
        text: exportedText(snapshot, proposal, as),
        archive: new Uint8Array(await snapshot.original.arrayBuffer()),
        audit: auditDraft(state, snapshot, proposal, { as, exportedAt }),
        report,
      });
      if (!saved) return 'Export cancelled';
      set({
        lastExport: { ...saved, at: exportedAt },
        exported: { proposal, comments: state.comments, note: state.approvalComment },
        exportOpen: false,
      });
      const files = [saved.path, saved.archivePath, saved.auditPath, ...(saved.reportPath ? [saved.reportPath] : [])];
      return `Exported ${files.join(', ')}`;
    } catch (error) {
      return `Export failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      set({ exporting: false });
    }
  },
  resetApproval: () => set({ approvalComment: '', comments: {}, exportOpen: false, lastExport: null, exported: null }),
});
