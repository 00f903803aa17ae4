/**
 * Export: the approved snapshot in the container it came from,
 * built with core's rebuild and writeHistory exactly as the command line's answer would be,
 * plus the audit record beside it.
 */
import { writeHistory } from '../../core/engine/containers.js';
import { decide } from '../../core/engine/decide.js';
import { rebuild, rebuildOptionsOf } from '../../core/engine/rebuild.js';
import type { AuditDecision, AuditRecord } from '../../core/ipc/audit.js';
import { AUDIT_KIND, AUDIT_VERSION } from '../../core/ipc/audit.js';
import type { Snapshot } from './snapshot.js';
import type { Proposal } from './proposal.js';

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

export function auditRecord(
  snapshot: Snapshot,
  proposal: Proposal,
  threshold: number,
  exportedAt: string,
): AuditRecord {
  const { outcome, request } = proposal;
  const decisions = proposal.analysis.pairs.map((pair): AuditDecision => {
    const d = outcome.decisions.find((x) => x.pair_id === pair.pairId);
    const p = proposal.probs.get(pair.pairId) ?? null;
    const derived =
      pair.guard !== null || p
        ? decide(p, threshold, pair.guard)
        : { action: 'keep' as const, reason: 'not_evaluated' as const };
    return {
      pair_id: pair.pairId,
      call_id: pair.callId,
      tool_name: pair.toolName,
      action: proposal.actions.get(pair.pairId) ?? derived.action,
      model_action: derived.action,
      reason: derived.reason,
      keep_call: d?.keep_call ?? null,
      keep_result: d?.keep_result ?? null,
      override: proposal.overrides[pair.pairId] ?? null,
      ...(d?.evidence ? { evidence: d.evidence } : {}),
      ...(d?.evidence_links ? { evidence_links: d.evidence_links } : {}),
    };
  });
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
    options: { ...request.options, keep_threshold: threshold },
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

import type { AppState } from './types.js';

/** Export through the bridge; returns a one-line notice for the status bar. */
export async function exportApproved(state: AppState): Promise<string> {
  const { snapshot, proposal, options, deps } = state;
  if (!snapshot || !proposal) return 'nothing to export: run first';
  const exportedAt = (deps.now?.() ?? new Date()).toISOString();
  const saved = await deps.bridge['file.save']({
    suggestedName: exportName(snapshot.fileName),
    sourcePath: snapshot.path,
    text: exportedText(snapshot, proposal),
    audit: auditRecord(snapshot, proposal, options.keep_threshold, exportedAt),
  });
  return saved ? `Exported ${saved.path} and ${saved.auditPath}` : 'Export cancelled';
}
