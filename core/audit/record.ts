/**
 * The audit record (schema.ts) from what an export knows, built the same way by the inspector
 * and by the command line's `--out`: the decisions come from the per-pair reviews the audit
 * view shows (core/inspect/review.ts), so what a person saw beside a call is what is recorded,
 * and the archive is named from the original's hash here, once.
 */
import type { Stats } from '../engine/schema.js';
import { SHELL_RULE } from '../engine/shellReadOnly.js';
import type { ExportAs, KeptForTarget, OpenedSource } from '../formats/index.js';
import { sourceSummary } from '../formats/index.js';
import type { AuditDecision, AuditDraft, AuditFile } from '../records/audit.js';
import { archiveFileName, AUDIT_KIND, AUDIT_VERSION, TOOL_NAME } from '../records/audit.js';
import type { RunSettings } from '../ipc/contract.js';
import type { RunPairReview } from '../inspect/review.js';

/** The bytes that were opened: their name, SHA-256 and length. */
export interface OriginalFile {
  name: string;
  sha256: string;
  bytes: number;
}

/** The history as opened: its bytes' name, hash and length, the source read from them, and when. */
export interface OpenedHistory {
  original: OriginalFile;
  source: OpenedSource;
  openedAt: string;
}

/** The run a proposal came from: what it was asked (the request's messages are not recorded) and what answered. */
export interface RecordedRun {
  request: RunSettings;
  outcome: { backend: string; model: string | null; stats: Stats };
  startedAt: string;
  finishedAt: string;
}

/** What is exported and who approves it. */
export interface Approval {
  exportedAs: ExportAs;
  /** The threshold exported (R15); the run's own is `request.options.keep_threshold`. */
  threshold: number;
  /** One per pair, in pair order, at `threshold` with the overrides applied. */
  reviews: Iterable<RunPairReview>;
  /** `chars_before`'s measure of the exported messages. */
  charsAfter: number;
  /** drop_call decisions written as drop_result for a target rule (core/formats `proposalFor`). */
  keptForTargets?: readonly KeptForTarget[];
  reviewer: string;
  /** The note on the whole approval, and per pair id; blank notes are recorded as none. */
  comment: string | null;
  comments: Readonly<Record<string, string>>;
  toolVersion: string;
  exportedAt: string;
  /** §9 "Restore server": the markers also say how to restore with restore_result. */
  markerRestore?: boolean;
  /** The SHA-256 of the canonical text of the policy file approved with it (the host hashes). */
  policySha256?: string | null;
}

/** The archive of `original`, as the record names it and the export writes it. */
export function archiveFileOf(original: OriginalFile): AuditFile {
  return { name: archiveFileName(original.sha256, original.name), sha256: original.sha256, bytes: original.bytes };
}

const note = (text: string | null | undefined): string | null => (text && text.trim() !== '' ? text : null);

export function auditDecisionOf(review: RunPairReview, comment: string | null): AuditDecision {
  return {
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
    comment: note(comment),
  };
}

/**
 * The record but `exported_file`, which the host that names the snapshot completes (bundle.ts):
 * the one draft the inspector, the command line's `--out` and the tests' exports all write.
 */
export function auditDraftFor(opened: OpenedHistory, run: RecordedRun, approval: Approval): AuditDraft {
  const { request, outcome } = run;
  const kept = new Map((approval.keptForTargets ?? []).map((k) => [k.pair_id, k.rule]));
  return {
    kind: AUDIT_KIND,
    version: AUDIT_VERSION,
    original_file: opened.original.name,
    original_sha256: opened.original.sha256,
    original_bytes: opened.original.bytes,
    container: opened.source.read.container ?? null,
    source: sourceSummary(opened.source),
    goal: request.goal,
    eligible_tool_names: request.eligible_tool_names,
    protected_message_ids: request.protected_message_ids,
    protected_call_ids: request.protected_call_ids,
    ...(request.live_from_message_id !== undefined ? { live_from_message_id: request.live_from_message_id } : {}),
    shell_read_only: { rule: SHELL_RULE, ...request.shell_read_only },
    archive_ref: request.archive_ref,
    ...(approval.policySha256 ? { policy_sha256: approval.policySha256 } : {}),
    ...(approval.markerRestore ? { marker_restore: true } : {}),
    ...(request.drop_receipts ? { drop_receipts: true } : {}),
    options: { ...request.options, keep_threshold: approval.threshold },
    backend: outcome.backend,
    model: outcome.model,
    decisions: [...approval.reviews].map((review) => {
      const decision = auditDecisionOf(review, approval.comments[review.pairId] ?? null);
      const rule = kept.get(review.pairId);
      return rule === undefined ? decision : { ...decision, call_kept_for_target: rule };
    }),
    stats: {
      ...outcome.stats,
      keep_threshold_run: request.options.keep_threshold,
      chars_after_exported: approval.charsAfter,
      ...(kept.size > 0 ? { calls_kept_for_target: kept.size } : {}),
    },
    timestamps: {
      opened_at: opened.openedAt,
      run_started_at: run.startedAt,
      run_finished_at: run.finishedAt,
      exported_at: approval.exportedAt,
    },
    archive_file: archiveFileOf(opened.original),
    exported_as: approval.exportedAs,
    reviewer: approval.reviewer,
    comment: note(approval.comment),
    tool: { name: TOOL_NAME, version: approval.toolVersion },
  };
}
