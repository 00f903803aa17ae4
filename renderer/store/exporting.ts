/**
 * Export: the approved snapshot in the source's own format and container by default (SPEC §9,
 * core/formats: only the mapped places of the original document change), or as our message
 * array; either way from the same proposal the command line's `--out` writes, plus the audit
 * record beside it.
 */
import { writeHistory } from '../../core/engine/containers.js';
import { exportSource, proposalFor, sourceSummary } from '../../core/formats/index.js';
import type { AuditDecision, AuditRecord } from '../../core/ipc/audit.js';
import { AUDIT_KIND, AUDIT_VERSION } from '../../core/ipc/audit.js';
import type { AppState, Proposal, Snapshot } from './state.js';

/** `source`: the file's own format (the default); `messages`: our message array (SPEC §1). */
export type ExportAs = 'source' | 'messages';

export function exportedText(snapshot: Snapshot, proposal: Proposal, as: ExportAs = 'source'): string {
  const compacted = proposalFor(snapshot.messages, proposal.analysis.pairs, proposal.actions, proposal.request);
  if (as === 'messages') return writeHistory({ kind: 'array', wrapper: null, indent: 2 }, compacted.messages);
  return exportSource(snapshot.source, compacted);
}

/** `name.json` → `name.compacted.json`: never the source's own name by default; a message array is `.json`. */
export function exportName(fileName: string, as: ExportAs = 'source'): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  if (as === 'messages') return `${stem}.compacted.messages.json`;
  return dot > 0 ? `${stem}.compacted${fileName.slice(dot)}` : `${fileName}.compacted`;
}

export function auditRecord(snapshot: Snapshot, proposal: Proposal, exportedAt: string): AuditRecord {
  const { outcome, request } = proposal;
  // The reviews the audit view shows beside each call: what is recorded is what was seen.
  const decisions = [...proposal.audit.pairs.values()].map((review): AuditDecision => ({
    pair_id: review.pairId,
    call_id: review.callId,
    tool_name: review.toolName,
    action: review.action,
    model_action: review.model.action,
    reason: review.model.reason,
    keep_call: review.keepCall,
    keep_result: review.keepResult,
    override: review.override,
    ...(review.evidence ? { evidence: [...review.evidence] } : {}),
    ...(review.evidenceLinks ? { evidence_links: review.evidenceLinks } : {}),
  }));
  return {
    kind: AUDIT_KIND,
    version: AUDIT_VERSION,
    original_file: snapshot.fileName,
    original_sha256: snapshot.sha256,
    original_bytes: snapshot.bytes,
    container: snapshot.source.read.container ?? null,
    source: sourceSummary(snapshot.source),
    goal: request.goal,
    eligible_tool_names: request.eligible_tool_names,
    protected_message_ids: request.protected_message_ids,
    protected_call_ids: request.protected_call_ids,
    archive_ref: request.archive_ref,
    options: { ...request.options, keep_threshold: proposal.threshold },
    backend: outcome.backend,
    model: outcome.model,
    decisions,
    stats: {
      ...outcome.stats,
      keep_threshold_run: request.options.keep_threshold,
      chars_after_exported: proposal.charsAfter,
    },
    timestamps: {
      opened_at: snapshot.openedAt,
      run_started_at: proposal.startedAt,
      run_finished_at: proposal.finishedAt,
      exported_at: exportedAt,
    },
  };
}

/** Export through the bridge; returns a one-line notice for the status bar. */
export async function exportApproved(state: AppState, as: ExportAs = 'source'): Promise<string> {
  const { snapshot, proposal, deps } = state;
  if (!snapshot || !proposal) return 'nothing to export: run first';
  const exportedAt = (deps.now?.() ?? new Date()).toISOString();
  const saved = await deps.bridge['file.save']({
    suggestedName: exportName(snapshot.fileName, as),
    sourcePath: snapshot.path,
    text: exportedText(snapshot, proposal, as),
    audit: auditRecord(snapshot, proposal, exportedAt),
  });
  return saved ? `Exported ${saved.path} and ${saved.auditPath}` : 'Export cancelled';
}
