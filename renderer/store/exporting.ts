/**
 * Export: the approved snapshot in the container it came from,
 * built with core's rebuild and writeHistory exactly as the command line's answer would be,
 * plus the audit record beside it.
 */
import { writeHistory } from '../../core/engine/containers.js';
import { rebuild, rebuildOptionsOf } from '../../core/engine/rebuild.js';
import type { AuditDecision, AuditRecord } from '../../core/ipc/audit.js';
import { AUDIT_KIND, AUDIT_VERSION } from '../../core/ipc/audit.js';
import type { AppState, Proposal, Snapshot } from './state.js';

export function exportedText(snapshot: Snapshot, proposal: Proposal): string {
  const { messages } = rebuild(
    snapshot.messages,
    proposal.analysis.pairs,
    proposal.actions,
    rebuildOptionsOf(proposal.request),
    false,
  );
  return writeHistory(snapshot.container, messages);
}

/** `name.json` → `name.compacted.json`: never the source's own name by default. */
export function exportName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}.compacted${fileName.slice(dot)}` : `${fileName}.compacted`;
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
    container: snapshot.container.kind,
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
export async function exportApproved(state: AppState): Promise<string> {
  const { snapshot, proposal, deps } = state;
  if (!snapshot || !proposal) return 'nothing to export: run first';
  const exportedAt = (deps.now?.() ?? new Date()).toISOString();
  const saved = await deps.bridge['file.save']({
    suggestedName: exportName(snapshot.fileName),
    sourcePath: snapshot.path,
    text: exportedText(snapshot, proposal),
    audit: auditRecord(snapshot, proposal, exportedAt),
  });
  return saved ? `Exported ${saved.path} and ${saved.auditPath}` : 'Export cancelled';
}
