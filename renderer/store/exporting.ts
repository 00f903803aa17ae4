/**
 * Export: the approved snapshot in the source's own format and container by default (SPEC §9,
 * core/formats: only the mapped places of the original document change), or as our message
 * array; either way from the same proposal the command line's `--out` writes. Beside it the
 * host writes the archive of the original (the bytes as opened) and the audit record, which
 * core builds from the reviews the audit view shows (core/audit/record.ts) and
 * verifies with the files before any is written (core/audit/bundle.ts).
 */
import type { ExportAs, WrittenFile } from '../../core/formats/index.js';
import type { Signer } from '../../core/ipc/contract.js';
import { exportedFile, proposalFor } from '../../core/formats/index.js';
import type { AuditDraft } from '../../core/records/audit.js';
import { archiveFileOf, auditDraftFor } from '../../core/audit/record.js';
import type { HostInfo } from '../../core/ipc/contract.js';
import type { Proposal } from './derive.js';
import type { Snapshot } from './snapshot.js';
import type { ExportVerdict } from '../../core/formats/targets/index.js';
import { judgeExport } from '../../core/formats/targets/index.js';

/** The approval's notes and the host, as the approval slice holds them (approval.ts imports this file). */
interface Approval {
  reviewer: string;
  approvalComment: string;
  comments: Readonly<Record<string, string>>;
  host: HostInfo | null;
}

/** The archive's name when the export is meant for the restore server (its markers name it, §9), else null. */
export function restoreArchiveOf(snapshot: Snapshot, restoreServer: boolean): string | null {
  if (!restoreServer) return null;
  return archiveFileOf({ name: snapshot.fileName, sha256: snapshot.sha256, bytes: snapshot.bytes }).name;
}

/** The snapshot as written; with `restoreArchive`, its markers also say how to restore from it (§9). */
export function exportedText(
  snapshot: Snapshot,
  proposal: Proposal,
  as: ExportAs = 'source',
  restoreArchive: string | null = null,
): WrittenFile {
  // In the source's own format, drop_call follows what the format's targets need (SPEC §9).
  const source = as === 'source' ? snapshot.source : undefined;
  const markers = { ...proposal.request, restore_archive: restoreArchive };
  const compacted = proposalFor(snapshot.messages, proposal.analysis.pairs, proposal.actions, markers, source);
  return exportedFile(snapshot.source, compacted, as);
}

/**
 * SPEC §9: the target checks of the file an export in the source's format would write, as the
 * host's bundle will judge it (refused rules, and warnings for rules the source already broke);
 * null when the file does not read back (the export then fails with the reader's reason).
 */
export function exportTargets(snapshot: Snapshot, proposal: Proposal): ExportVerdict | null {
  try {
    return judgeExport(snapshot.source, exportedText(snapshot, proposal, 'source'));
  } catch {
    return null;
  }
}

/** `name.json` → `name.compacted.json`: never the source's own name by default; a message array is `.json`. */
export function exportName(fileName: string, as: ExportAs = 'source'): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  if (as === 'messages') return `${stem}.compacted.messages.json`;
  return dot > 0 ? `${stem}.compacted${fileName.slice(dot)}` : `${fileName}.compacted`;
}

/** The record of what is on screen: the policy, the reviews at the current threshold and overrides, the reviewer's notes. */
export function auditDraft(
  state: Approval,
  snapshot: Snapshot,
  proposal: Proposal,
  options: { as: ExportAs; exportedAt: string; restoreArchive?: string | null; policySha256?: string | null },
): AuditDraft {
  const opened = {
    original: { name: snapshot.fileName, sha256: snapshot.sha256, bytes: snapshot.bytes },
    source: snapshot.source,
    openedAt: snapshot.openedAt,
  };
  // In the source's format, drop_call is written as the format's targets allow (SPEC §9); markers
  // meant for the restore server are longer than those the proposal measured.
  const restoreArchive = options.restoreArchive ?? null;
  const markers = { ...proposal.request, restore_archive: restoreArchive };
  const source = options.as === 'source' ? snapshot.source : undefined;
  const written =
    source !== undefined || restoreArchive !== null
      ? proposalFor(snapshot.messages, proposal.analysis.pairs, proposal.actions, markers, source)
      : null;
  const keptForTargets = written?.keptForTargets ?? [];
  // Measured as written: kept calls, restore markers and replies whose thinking went with their
  // calls (FormatAdapter.thinkingGoesWithReply) all differ from what the proposal measured.
  const remeasure = written !== null;
  return auditDraftFor(opened, proposal, {
    exportedAs: options.as,
    threshold: proposal.threshold,
    reviews: proposal.audit.pairs.values(),
    charsAfter: remeasure ? JSON.stringify(written.messages).length : proposal.charsAfter,
    keptForTargets,
    reviewer: state.reviewer,
    comment: state.approvalComment,
    comments: state.comments,
    // Unknown until the host answers app.info.
    toolVersion: state.host?.version ?? '0.0.0',
    exportedAt: options.exportedAt,
    markerRestore: restoreArchive !== null,
    policySha256: options.policySha256 ?? null,
  });
}

/** "signed by alice@example.com (ssh-ed25519 SHA256:…)": the key file's comment names the person, the fingerprint the key. */
export function signedByText(signer: Signer): string {
  const key = `${signer.keyType} ${signer.fingerprint}`;
  return signer.comment.trim() !== '' ? `signed by ${signer.comment} (${key})` : `signed by ${key}`;
}
