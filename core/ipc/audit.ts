/**
 * The audit record an export writes beside the snapshot (`<name>.audit.json`): which file was
 * opened, what the run was asked, what the model answered and what the person decided, pair
 * by pair. `file.save` carries it as data, so both hosts check it with this schema, and the
 * renderer builds it typed by it (renderer/store/exporting.ts). A new field is one line in
 * the section it belongs to; the compiler then asks the builder for it, and a field the schema
 * does not know is refused rather than silently written or dropped.
 */
import { z } from 'zod';
import { CONTAINER_KINDS } from '../engine/containers.js';
import { FORMAT_IDS } from '../formats/types.js';
import {
  ActionSchema,
  DecisionReasonSchema,
  DecisionSchema,
  OptionsSchema,
  RequestSchema,
  StatsSchema,
} from '../engine/schema.js';

export const AUDIT_KIND = 'compaction-inspector.audit';
/** Bumped when a field changes meaning or goes away; added fields keep the version. */
export const AUDIT_VERSION = 1;

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
});
export type AuditDecision = z.infer<typeof AuditDecisionSchema>;

/** The run's statistics plus what the export changed about them (R15: a new threshold). */
export const AuditStatsSchema = StatsSchema.extend({
  keep_threshold_run: z.number(),
  chars_after_exported: z.number().int(),
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
  original_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  original_bytes: z.number().int().min(0),
  /** Our own format's container; null for the other native formats (their layout is the format). */
  container: z.enum(CONTAINER_KINDS).nullable(),
  /**
   * The native format, the conversation of the file that was opened, and how many it holds
   * (§9). Every export writes it; records written before native formats have none.
   */
  source: z
    .strictObject({
      format: z.enum(FORMAT_IDS),
      conversation: z.string(),
      conversations: z.number().int().min(1),
    })
    .optional(),
  /** What the run was asked (the SPEC request's fields), with the threshold the export used. */
  goal: request.goal,
  eligible_tool_names: request.eligible_tool_names,
  protected_message_ids: request.protected_message_ids,
  protected_call_ids: request.protected_call_ids,
  archive_ref: request.archive_ref,
  options: OptionsSchema,
  backend: z.string(),
  model: z.string().nullable(),
  decisions: z.array(AuditDecisionSchema),
  stats: AuditStatsSchema,
  timestamps: AuditTimestampsSchema,
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** Where the record goes: beside the snapshot, named after it. */
export function auditFileName(snapshotName: string): string {
  return `${snapshotName}.audit.json`;
}

/** The record as written, by either host: indented for people, one trailing newline. */
export function auditText(record: AuditRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}
