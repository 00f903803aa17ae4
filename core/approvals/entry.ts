/**
 * Approval inside the agent's loop (SPEC §9 "the host decides whether to apply it"): when a live
 * agent is about to compact, its proposal waits in a queue until a person approves it, overrides
 * calls, or rejects it, unless the policy's explicit auto-apply rule lets it through. This module
 * is the queue's contract — what a pending proposal holds, what a decision says, the auto-apply
 * rule, and the lifecycle as Agent Client Protocol `session/update` notifications — with no file
 * system: app/host/approvals.ts keeps entries on disk, the hook (app/cli/hook.ts) and the hosts
 * read and write them through it.
 */
import { z } from 'zod';
import type { Probabilities } from '../engine/decide.js';
import { ActionSchema, DecisionSchema, RequestSchema, StatsSchema } from '../engine/schema.js';

export const APPROVAL_ENTRY_VERSION = 1;

/** An entry's id: also its folder's name, so nothing a path could abuse. */
export const ApprovalIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{7,63}$/, 'expected an approval id');

/** The request a proposal answered, without its messages: the entry keeps the original file instead. */
export const ApprovalRequestSchema = RequestSchema.omit({ messages: true });

export const ApprovalEntrySchema = z.strictObject({
  approval_entry: z.literal(APPROVAL_ENTRY_VERSION),
  id: ApprovalIdSchema,
  created_at: z.string(),
  /** The agent whose compaction waits; Claude Code is the one integrated so far. */
  agent: z.literal('claude-code'),
  /** The session's working directory: the project a person approves for. */
  project: z.string(),
  session_id: z.string(),
  /** The live session file the proposal was computed from. */
  transcript_path: z.string(),
  /** Claude Code's PreCompact trigger: `/compact` typed (manual) or the window filling (auto). */
  trigger: z.enum(['manual', 'auto']),
  /** The session file as it was read, copied into the entry: the archive an approval writes. */
  original: z.strictObject({ name: z.string(), sha256: z.string(), bytes: z.number().int().min(0) }),
  request: ApprovalRequestSchema,
  /** The policy file the request was laid over, and its canonical hash; null for the defaults. */
  policy: z.strictObject({ path: z.string(), sha256: z.string() }).nullable(),
  outcome: z.strictObject({
    backend: z.string(),
    model: z.string().nullable(),
    decisions: z.array(DecisionSchema),
    stats: StatsSchema,
  }),
  /**
   * Until when the agent's compaction waits for a decision; past it the agent went on as it would
   * have, and an approval still writes the approved history as a session to resume. Null when the
   * policy's rule applied it at once.
   */
  waits_until: z.string().nullable(),
  /** The auto-apply rule as it stood: the policy's margin (null: never) and the decisions closer than it. */
  auto_apply: z.strictObject({ margin: z.number().nullable(), undecided: z.number().int().min(0) }),
});
export type ApprovalEntry = z.infer<typeof ApprovalEntrySchema>;

export const VERDICTS = ['approved', 'rejected', 'applied_automatically'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Where an applied proposal was written: the export's three files and the session Claude Code resumes. */
export const AppliedFilesSchema = z.strictObject({
  snapshot: z.string(),
  archive: z.string(),
  audit: z.string(),
  session: z.strictObject({ path: z.string(), session_id: z.string(), resume: z.string() }),
  /** The project's `.mcp.json` the restore server was registered in, or null when it was there already. */
  restore_server: z.string().nullable(),
});
export type AppliedFiles = z.infer<typeof AppliedFilesSchema>;

export const ApprovalDecisionSchema = z.strictObject({
  verdict: z.enum(VERDICTS),
  decided_at: z.string(),
  /** Who approved or rejected; null when the policy's rule applied it. */
  reviewer: z.string().nullable(),
  /** The R12 threshold and the per-call overrides the approved actions were derived with. */
  threshold: z.number().min(0).max(1),
  overrides: z.record(z.string(), ActionSchema),
  /** The person asked that this project's next proposals apply by the auto-apply rule. */
  auto_apply_next: z.boolean(),
  applied: AppliedFilesSchema.nullable(),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** What the hosts list: an entry's figures and its state, without its decisions. */
export const ApprovalSummarySchema = z.object({
  id: ApprovalIdSchema,
  created_at: z.string(),
  project: z.string(),
  session_id: z.string(),
  trigger: z.enum(['manual', 'auto']),
  goal: z.string(),
  chars_before: z.number().int().nullable(),
  chars_after: z.number().int().nullable(),
  /** The calls the model decided: what a person has to look at. */
  calls_to_decide: z.number().int(),
  state: z.enum(['pending', ...VERDICTS]),
  decided_at: z.string().nullable(),
  waits_until: z.string().nullable(),
});
export type ApprovalSummary = z.infer<typeof ApprovalSummarySchema>;

export function summaryOf(entry: ApprovalEntry, decision: ApprovalDecision | null): ApprovalSummary {
  const { stats, decisions } = entry.outcome;
  return {
    id: entry.id,
    created_at: entry.created_at,
    project: entry.project,
    session_id: entry.session_id,
    trigger: entry.trigger,
    goal: entry.request.goal,
    chars_before: stats.chars_before,
    chars_after: stats.chars_after,
    calls_to_decide: decisions.filter((d) => d.keep_call !== null).length,
    state: decision?.verdict ?? 'pending',
    decided_at: decision?.decided_at ?? null,
    waits_until: entry.waits_until,
  };
}

/**
 * The margin "apply automatically next time for this project" writes into the project's policy
 * when it sets none: a decision is sure enough when both probabilities lie at least this far from
 * the threshold (R12 compares each with it).
 */
export const DEFAULT_AUTO_APPLY_MARGIN = 0.2;

/**
 * The auto-apply rule: how many evaluated calls have a probability closer to the threshold than
 * `margin` — the calls a person should decide. The proposal applies by itself only when this is
 * zero and the policy sets a margin.
 */
export function undecidedCount(probabilities: Iterable<Probabilities>, threshold: number, margin: number): number {
  let close = 0;
  for (const p of probabilities)
    if (Math.abs(p.keepCall - threshold) < margin || Math.abs(p.keepResult - threshold) < margin) close++;
  return close;
}

/**
 * The proposal lifecycle as Agent Client Protocol `session/update` notifications with a
 * `compaction_update` update, for hosts that show them (docs/claude-code.md). The fields beyond
 * `sessionUpdate` and `status` are this tool's, under names that say what they hold.
 */
export const COMPACTION_STATUSES = ['proposed', 'approved', 'applied', 'rejected'] as const;
export type CompactionStatus = (typeof COMPACTION_STATUSES)[number];

export const CompactionUpdateSchema = z.strictObject({
  jsonrpc: z.literal('2.0'),
  method: z.literal('session/update'),
  params: z.strictObject({
    sessionId: z.string(),
    update: z.strictObject({
      sessionUpdate: z.literal('compaction_update'),
      status: z.enum(COMPACTION_STATUSES),
      proposalId: ApprovalIdSchema,
      at: z.string(),
      charsBefore: z.number().int().nullable(),
      charsAfter: z.number().int().nullable(),
      /** `applied`: the session to resume; absent otherwise. */
      resumeSessionId: z.string().optional(),
    }),
  }),
});
export type CompactionUpdate = z.infer<typeof CompactionUpdateSchema>;

export function compactionUpdate(
  entry: ApprovalEntry,
  status: CompactionStatus,
  at: string,
  resumeSessionId?: string,
): CompactionUpdate {
  return {
    jsonrpc: '2.0',
    method: 'session/update',
    params: {
      sessionId: entry.session_id,
      update: {
        sessionUpdate: 'compaction_update',
        status,
        proposalId: entry.id,
        at,
        charsBefore: entry.outcome.stats.chars_before,
        charsAfter: entry.outcome.stats.chars_after,
        ...(resumeSessionId === undefined ? {} : { resumeSessionId }),
      },
    },
  };
}
