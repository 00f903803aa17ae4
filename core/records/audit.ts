/**
 * The audit record an export writes beside the snapshot (`<name>.audit.json`): which file was
 * opened, what the run was asked, what the model answered and what the person decided, pair
 * by pair, who approved it, and the three files it ties together (the snapshot, the archive
 * of the original, the record) with their SHA-256. `file.save` carries it as data, so both
 * hosts check it with this schema; the renderer and the command line build it with
 * core/audit/record.ts, and `verify` re-derives the snapshot from it
 * (core/audit/verify.ts). A new field is one line in the section it belongs to; the compiler
 * then asks the builder for it, and a field the schema does not know is refused rather than
 * silently written or dropped.
 */
import { z } from 'zod';
import { CONTAINER_KINDS } from '../engine/containers.js';
import { EXPORT_AS, FORMAT_IDS } from '../formats/types.js';
import {
  ActionSchema,
  DecisionReasonSchema,
  DecisionSchema,
  OptionsSchema,
  RequestSchema,
  ShellReadOnlySchema,
  StatsSchema,
} from '../engine/schema.js';

export const AUDIT_KIND = 'compaction-inspector.audit';
/** The tool that wrote a record, as `tool.name` names it. */
export const TOOL_NAME = 'compaction-inspector';
/** Bumped when a field changes meaning or goes away; added fields keep the version. */
export const AUDIT_VERSION = 1;

export const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 as 64 lowercase hex digits');

/**
 * A file of the export, named as it sits beside the record: a bare name, never a path, so the
 * files travel together and `verify` never reads outside the record's folder.
 */
export const SiblingNameSchema = z
  .string()
  .min(1)
  .refine((name) => !/[\\/\0]/.test(name) && name !== '.' && name !== '..', 'a file name without a folder');

/** A file the export wrote: its name beside the record, the SHA-256 and length of its bytes. */
export const AuditFileSchema = z.strictObject({
  name: SiblingNameSchema,
  sha256: Sha256Schema,
  bytes: z.number().int().min(0),
});
export type AuditFile = z.infer<typeof AuditFileSchema>;

/** One pair: the model's answer, the action the threshold gives it, the person's override. */
export const AuditDecisionSchema = z.strictObject({
  pair_id: z.string(),
  call_id: z.string(),
  tool_name: z.string(),
  /** What the export applied: the override when there is one, else `model_action` (R14). */
  action: ActionSchema,
  /** R12 at the exported threshold; a guarded pair is kept with its guard as the reason (R3). */
  model_action: ActionSchema,
  /** `not_evaluated`: a candidate the run has no probabilities for, kept as it was. */
  reason: z.union([DecisionReasonSchema, z.literal('not_evaluated')]),
  keep_call: DecisionSchema.shape.keep_call,
  keep_result: DecisionSchema.shape.keep_result,
  override: ActionSchema.nullable(),
  evidence: DecisionSchema.shape.evidence,
  evidence_links: DecisionSchema.shape.evidence_links,
  /** The reviewer's note on this pair; null when there is none. */
  comment: z.string().nullable(),
  /**
   * SPEC §9: a drop_call the export wrote as drop_result because a target of the format needs
   * the call (`call_kept_for_target`); the value is the target rule's id. Absent otherwise.
   */
  call_kept_for_target: z.string().optional(),
});
export type AuditDecision = z.infer<typeof AuditDecisionSchema>;

/** The run's statistics plus what the export changed about them (R15: a new threshold). */
export const AuditStatsSchema = StatsSchema.extend({
  keep_threshold_run: z.number(),
  chars_after_exported: z.number().int(),
  /** SPEC §9: how many drop_call decisions the export kept as drop_result for a target rule. */
  calls_kept_for_target: z.number().int().min(0).optional(),
});

export const AuditTimestampsSchema = z.strictObject({
  opened_at: z.iso.datetime(),
  run_started_at: z.iso.datetime(),
  run_finished_at: z.iso.datetime(),
  exported_at: z.iso.datetime(),
});

const request = RequestSchema.shape;

export const AuditRecordSchema = z.strictObject({
  kind: z.literal(AUDIT_KIND),
  version: z.literal(AUDIT_VERSION),
  /** The snapshot as opened: name, hash and size of the bytes read, and its container (SPEC §1). */
  original_file: z.string(),
  original_sha256: Sha256Schema,
  original_bytes: z.number().int().min(0),
  /** Our own format's container; null for the other native formats (their layout is the format). */
  container: z.enum(CONTAINER_KINDS).nullable(),
  /** The native format, the conversation of the file that was opened, and how many it holds (§9). */
  source: z.strictObject({
    format: z.enum(FORMAT_IDS),
    conversation: z.string(),
    conversations: z.number().int().min(1),
  }),
  /** What the run was asked (the SPEC request's fields), with the threshold the export used. */
  goal: request.goal,
  eligible_tool_names: request.eligible_tool_names,
  protected_message_ids: request.protected_message_ids,
  protected_call_ids: request.protected_call_ids,
  /** §9: the live context's first message after a compaction the agent made (absent: none). */
  live_from_message_id: z.string().optional(),
  /**
   * R3 `shell_command_not_read_only`: the shell rule (`rule`, shellReadOnly.ts `SHELL_RULE`) and
   * the policy's patterns. Absent in records written before the rule: shell tools were then
   * eligible by name, and `verify` re-derives them so.
   */
  shell_read_only: ShellReadOnlySchema.extend({ rule: z.string() }).optional(),
  archive_ref: request.archive_ref,
  /**
   * The policy file the export was approved under (docs/policy.md): the SHA-256 of its canonical
   * text (core/policies/policyFile.ts `policyFileText`), so `verify --policy FILE` can say whether
   * FILE is that policy. Absent when no policy file was named (an older record, or the command
   * line without `--policy`).
   */
  policy_sha256: Sha256Schema.optional(),
  /** §9 "Restore server": the markers also name the restore_result call for `archive_file` (absent: false). */
  marker_restore: z.boolean().optional(),
  /** §9 `drop_receipts`: each drop_call left its receipt where the call was (absent: false, R14 alone). */
  drop_receipts: z.boolean().optional(),
  options: OptionsSchema,
  backend: z.string(),
  model: z.string().nullable(),
  decisions: z.array(AuditDecisionSchema),
  stats: AuditStatsSchema,
  timestamps: AuditTimestampsSchema,
  /** The files written side by side: the snapshot, and the original's bytes named by their hash. */
  exported_file: AuditFileSchema,
  /** The snapshot's format: the source's own (`source`), or our message array (`messages`). */
  exported_as: z.enum(EXPORT_AS),
  archive_file: AuditFileSchema,
  /** Who approved the export (the OS user unless named), and their note on the whole of it. */
  reviewer: z.string().refine((s) => s.trim().length > 0, 'reviewer must be a non-empty name'),
  comment: z.string().nullable(),
  /** The program that wrote the record; the model's version is `backend`, `model` and `stats.prompt_version`. */
  tool: z.strictObject({ name: z.literal(TOOL_NAME), version: z.string().min(1) }),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/**
 * A record as earlier versions wrote it, before native formats (no `source`) and before exports
 * named their files, hashes, reviewer and tool: `compare` still reads those; `verify` cannot.
 */
export const EarlierAuditRecordSchema = AuditRecordSchema.partial({
  source: true,
  exported_file: true,
  exported_as: true,
  archive_file: true,
  reviewer: true,
  comment: true,
  tool: true,
}).extend({ decisions: z.array(AuditDecisionSchema.partial({ comment: true })) });
export type EarlierAuditRecord = z.infer<typeof EarlierAuditRecordSchema>;

/**
 * The record before the snapshot is named: what the inspector sends with `file.save` and the
 * command line builds. The host that names and writes the file completes `exported_file`
 * (core/audit/bundle.ts), so the record names the file that was really written.
 */
export const AuditDraftSchema = AuditRecordSchema.omit({ exported_file: true });
export type AuditDraft = z.infer<typeof AuditDraftSchema>;

/** Where the record goes: beside the snapshot, named after it. */
export function auditFileName(snapshotName: string): string {
  return `${snapshotName}.audit.json`;
}

/**
 * The record's detached SSH signature, when the export is signed: beside the record, named
 * after it, as `ssh-keygen -Y sign` names what it signs (app/signing/).
 */
export function signatureFileName(auditName: string): string {
  return `${auditName}.sig`;
}

/** The HTML report, when asked for: beside the snapshot, named after it. */
export function reportFileName(snapshotName: string): string {
  return `${snapshotName}.report.html`;
}

/**
 * The archive of the original: its bytes, named after the original and the first 16 hex digits
 * of their SHA-256 (`session.9f86d081884c7d65.jsonl`; the record holds the whole hash). Named by
 * content, the same file always gets the same name; the default `archive_ref` is this name,
 * so R13's markers point at a file that exists, and a short name keeps the markers short.
 */
export function archiveFileName(sha256: string, originalName: string): string {
  const ext = /\.[A-Za-z0-9]{1,12}$/.exec(originalName)?.[0] ?? '';
  const stem = originalName.slice(0, originalName.length - ext.length) || 'history';
  return `${stem}.${sha256.slice(0, ARCHIVE_HASH_DIGITS)}${ext}`;
}

/** Hex digits of the SHA-256 in an archive's name: 64 bits, plenty to tell originals apart in one folder. */
export const ARCHIVE_HASH_DIGITS = 16;

/** The record as written, by either host: indented for people, one trailing newline. */
export function auditText(record: AuditRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}
