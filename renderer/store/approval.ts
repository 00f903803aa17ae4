/**
 * Who approves an export and why: the reviewer (empty until named; the name of the last export
 * is remembered between launches, never one only typed, nor the host's OS user), a note on the whole approval and one per decision, and the export itself
 * through the bridge. Notes belong to the opened snapshot: a new run keeps them, another file
 * starts afresh.
 */
import type { ExportAs, WrittenSession } from '../../core/formats/index.js';
import { canResume } from '../../core/formats/index.js';
import type { HostInfo, Signer } from '../../core/ipc/contract.js';
import type { Proposal } from './derive.js';
import { auditDraft, exportedText, exportName, restoreArchiveOf, signedByText } from './exporting.js';
import { policyFileText } from '../../core/policies/policyFile.js';
import { sha256Hex } from '../sha256.js';
import type { PolicyFileState } from './policyFile.js';
import { policyFileOfState } from './policyFile.js';
import type { ProposalSlice } from './proposal.js';
import type { Deps, Slice } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';

/** The files one export wrote (or downloaded), as the host named them. */
export interface ExportedFiles {
  path: string;
  archivePath: string;
  auditPath: string;
  reportPath: string | null;
  /** The record's SSH signature and who signed it, when the host signs exports. */
  signaturePath: string | null;
  signedBy: Signer | null;
  /** SPEC §9: the snapshot again as a new Claude Code session, when asked for. */
  session: WrittenSession | null;
  at: string;
}

export interface ApprovalSlice {
  /** Who approves the export: remembered between launches (Deps.storage); the OS user until named. */
  reviewer: string;
  /** The note on the whole approval, and per pair id; kept for the snapshot across runs. */
  approvalComment: string;
  comments: Readonly<Record<string, string>>;
  /** The export dialog is open. */
  exportOpen: boolean;
  exporting: boolean;
  lastExport: ExportedFiles | null;
  /**
   * What the last export was made of: the proposal (its policy, threshold, overrides and actions)
   * and the notes. The proposal is unsaved while any of it differs (selectors.ts `selectUnsaved`).
   */
  exported: { proposal: Proposal; comments: Readonly<Record<string, string>>; note: string } | null;
  /**
   * What the host reported (app.info), null until it answers: its version is the record's
   * `tool.version`; the model form reads its
   * backends, configured URL and whether a key is set.
   */
  host: HostInfo | null;
  setReviewer(name: string): void;
  setHostInfo(info: HostInfo): void;
  setApprovalComment(text: string): void;
  setComment(pairId: string, text: string): void;
  openExport(open: boolean): void;
  /**
   * Writes the export through the bridge; returns the notice for the status line. `restoreServer`:
   * the markers also say how to restore with the restore server's restore_result (§9).
   * `resumable` (a Claude Code session exported as one, §9): also a new session `claude --resume`
   * opens; the dialog then stays open to show the command.
   */
  exportApproved(options: {
    as: ExportAs;
    report: boolean;
    restoreServer?: boolean;
    resumable?: boolean;
  }): Promise<string>;
  resetApproval(): void;
}

const REVIEWER_KEY = 'compaction-inspector.reviewer';

/** The reviewer named at an earlier launch, if any. */
export function initialReviewer(storage: Deps['storage']): Pick<ApprovalSlice, 'reviewer'> {
  return { reviewer: storage?.getItem(REVIEWER_KEY) ?? '' };
}

export const createApprovalSlice: Slice<
  ApprovalSlice,
  Pick<SnapshotSlice, 'snapshot'> & Pick<ProposalSlice, 'proposal' | 'outOfDate'> & PolicyFileState
> = (set, get) => ({
  reviewer: '',
  approvalComment: '',
  comments: {},
  exportOpen: false,
  exporting: false,
  lastExport: null,
  exported: null,
  host: null,
  setReviewer: (reviewer) => set({ reviewer }),
  setHostInfo: (host) => set({ host }),
  setApprovalComment: (approvalComment) => set({ approvalComment }),
  setComment(pairId, text) {
    const comments = { ...get().comments };
    if (text === '') delete comments[pairId];
    else comments[pairId] = text;
    set({ comments });
  },
  openExport: (exportOpen) => set({ exportOpen }),
  async exportApproved({ as, report, restoreServer = false, resumable = false }) {
    const state = get();
    const { snapshot, proposal, deps } = state;
    if (!snapshot || !proposal) return 'nothing to export: run first';
    // What is exported is what the policy gives (R3–R5): an edit the model must answer blocks it.
    if (state.outOfDate.length > 0) return `Export disabled: ${state.outOfDate.join(', ')} changed since the run`;
    if (state.reviewer.trim() === '') return 'Export needs a reviewer: name who approves it';
    if (resumable && !canResume(snapshot.source.format, as))
      return `Export needs a Claude Code session exported as one to write a resumable session; this is ${as === 'source' ? snapshot.source.format : 'a message array'}`;
    set({ exporting: true });
    try {
      const exportedAt = (deps.now?.() ?? new Date()).toISOString();
      const restoreArchive = restoreArchiveOf(snapshot, restoreServer);
      // The record names the policy on screen as Export policy writes it, so `verify --policy` can
      // match the file an engineer approved with the export it approved.
      const policySha256 = await sha256Hex(new TextEncoder().encode(policyFileText(policyFileOfState(state))));
      const saved = await deps.bridge['file.save']({
        suggestedName: exportName(snapshot.fileName, as),
        sourcePath: snapshot.path,
        text: exportedText(snapshot, proposal, as, restoreArchive),
        archive: new Uint8Array(await snapshot.original.arrayBuffer()),
        audit: auditDraft(state, snapshot, proposal, { as, exportedAt, restoreArchive, policySha256 }),
        report,
        resumable,
      });
      if (!saved) return 'Export cancelled';
      deps.storage?.setItem(REVIEWER_KEY, state.reviewer);
      set({
        lastExport: { ...saved, at: exportedAt },
        exported: { proposal, comments: state.comments, note: state.approvalComment },
        // The command that resumes a new session is shown in the dialog until it is closed.
        exportOpen: saved.session !== null,
      });
      const files = [
        saved.path,
        saved.archivePath,
        saved.auditPath,
        ...(saved.reportPath ? [saved.reportPath] : []),
        ...(saved.signaturePath ? [saved.signaturePath] : []),
        ...(saved.session ? [saved.session.path] : []),
      ];
      return `Exported ${files.join(', ')}${saved.signedBy ? `; ${signedByText(saved.signedBy)}` : ''}`;
    } catch (error) {
      return `Export failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      set({ exporting: false });
    }
  },
  resetApproval: () => set({ approvalComment: '', comments: {}, exportOpen: false, lastExport: null, exported: null }),
});
