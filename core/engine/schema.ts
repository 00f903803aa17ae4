/**
 * The data contract (SPEC §1, §5, §6) as zod schemas; the TypeScript types come from them.
 * The fixed values they are built from (defaults, option ranges, codes) are in constants.ts.
 *
 * Messages and blocks are validated tolerantly (`looseObject`) and then used as the
 * original parsed objects: zod's output is never written back, so unknown fields and key
 * order survive a round trip exactly.
 */
import { z } from 'zod';
import type { OptionRule } from './constants.js';
import { patternProblem } from './shellReadOnly.js';
import {
  ACTIONS,
  DEFAULT_ARCHIVE_REF,
  DEFAULT_OPTIONS as DEFAULTS,
  ERROR_CODES,
  GUARD_CODES,
  MODEL_REASONS,
  PEER_REASONS,
  OPTION_NAMES,
  OPTION_RULES,
} from './constants.js';

export {
  ACTIONS,
  DEFAULT_ARCHIVE_REF,
  ERROR_CODES,
  GUARD_CODES,
  MODEL_REASONS,
  PEER_REASONS,
  PROTECTING_GUARDS,
  SCHEMA_VERSION,
} from './constants.js';
export type { GuardCode } from './constants.js';

export const BlockSchema = z.looseObject({ type: z.string() });
export const ContentSchema = z.union([z.string(), z.array(BlockSchema)]);

export const MessageSchema = z.looseObject({
  id: z.unknown().optional(),
  role: z.string().optional(),
  content: ContentSchema.optional(),
});
export const MessagesSchema = z.array(MessageSchema);

/** A block as it came: `type` plus any fields, known or not. */
export type Block = { type: string; [key: string]: unknown };
/** A message as it came; `content` is a list of blocks or a legacy bare string. */
export type Message = { id?: unknown; role?: string; content?: string | Block[]; [key: string]: unknown };

/** An option's range from its rule: `int`, then `min`, `max` and `above`. */
function optionRange(rule: OptionRule) {
  let schema = z.number();
  if (rule.int) schema = schema.int();
  if (rule.min !== undefined) schema = schema.min(rule.min);
  if (rule.max !== undefined) schema = schema.max(rule.max);
  if (rule.above !== undefined) schema = schema.gt(rule.above);
  return schema;
}

/** An option's zod schema from its rule: its range, then the default. */
function optionSchema(rule: OptionRule) {
  return optionRange(rule).default(rule.default);
}

/** SPEC §5: every option range-checked; unknown keys are an error, never ignored or clamped. */
export const OptionsSchema = z.strictObject(
  Object.fromEntries(OPTION_NAMES.map((name) => [name, optionSchema(OPTION_RULES[name])])) as Record<
    keyof typeof OPTION_RULES,
    ReturnType<typeof optionSchema>
  >,
);
export type Options = z.infer<typeof OptionsSchema>;

/** Some options, range-checked as in §5, with no defaults filled in: what a policy file sets. */
export const SomeOptionsSchema = z.strictObject(
  Object.fromEntries(OPTION_NAMES.map((name) => [name, optionRange(OPTION_RULES[name]).optional()])) as Record<
    keyof typeof OPTION_RULES,
    z.ZodOptional<ReturnType<typeof optionRange>>
  >,
);
export type OptionsInput = z.input<typeof OptionsSchema>;
export const DEFAULT_OPTIONS: Options = DEFAULTS;

export const ToolInfoSchema = z.looseObject({ name: z.string(), description: z.string().optional() });
export type ToolInfo = z.infer<typeof ToolInfoSchema>;

const ShellPatternListSchema = z
  .array(
    z.string().superRefine((p, ctx) => {
      const problem = patternProblem(p);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  )
  .default([]);

/**
 * R3 `shell_command_not_read_only`: patterns that widen (`allow`) or narrow (`deny`) the
 * commands a shell tool's call may run and still be a candidate (core/engine/shellReadOnly.ts).
 */
export const ShellReadOnlySchema = z.strictObject({ allow: ShellPatternListSchema, deny: ShellPatternListSchema });
export type ShellReadOnly = z.infer<typeof ShellReadOnlySchema>;
export const DEFAULT_SHELL_READ_ONLY: ShellReadOnly = { allow: [], deny: [] };

export const RequestSchema = z.strictObject({
  messages: MessagesSchema,
  goal: z.string().refine((s) => s.trim().length > 0, 'goal must be a non-empty string'),
  eligible_tool_names: z.array(z.string()).default([]),
  protected_message_ids: z.array(z.string()).default([]),
  protected_call_ids: z.array(z.string()).default([]),
  tools: z.array(ToolInfoSchema).optional(),
  archive_ref: z.string().default(DEFAULT_ARCHIVE_REF),
  options: OptionsSchema.default(DEFAULT_OPTIONS),
  /** §9: the first message of the agent's live context after a compaction it made; calls before it are kept. */
  live_from_message_id: z.string().optional(),
  shell_read_only: ShellReadOnlySchema.default(DEFAULT_SHELL_READ_ONLY),
  /**
   * §9: a drop_call leaves a one-line receipt of what was run where its call was (receipt.ts).
   * Off by default, which is R14 exactly: assistant text verbatim and nothing added.
   */
  drop_receipts: z.boolean().default(false),
});
export type CompactRequestInput = z.input<typeof RequestSchema>;
/** A parsed request; `messages` are the caller's own objects (see the module comment). */
export type CompactRequest = Omit<z.infer<typeof RequestSchema>, 'messages'> & { messages: Message[] };

export const ActionSchema = z.enum(ACTIONS);
export type Action = z.infer<typeof ActionSchema>;

export const DecisionReasonSchema = z.enum([...MODEL_REASONS, ...PEER_REASONS, ...GUARD_CODES]);
export type DecisionReason = z.infer<typeof DecisionReasonSchema>;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

const probability = z.number().min(0).max(1).nullable();

export const EvidenceLinkSchema = z.object({
  quoted_in: z.array(z.string()),
  terms: z.array(z.string()),
  superseded_by: z.string().nullable(),
});

export const DecisionSchema = z.looseObject({
  pair_id: z.string(),
  call_id: z.string(),
  tool_name: z.string(),
  action: ActionSchema,
  reason: DecisionReasonSchema,
  keep_call: probability,
  keep_result: probability,
  /** Offline backend only: the terms and signals that moved its probabilities. */
  evidence: z.array(z.string()).optional(),
  /** Candidates only (core/evidence.ts): where its result's content reappears later; metadata, never the body. */
  evidence_links: EvidenceLinkSchema.optional(),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const UsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});
export type Usage = z.infer<typeof UsageSchema>;

const nInt = z.number().int().nullable();
export const StatsSchema = z.looseObject({
  messages_before: nInt,
  messages_after: nInt,
  chars_before: nInt,
  chars_after: nInt,
  candidates: nInt,
  protected: nInt,
  ineligible: nInt,
  observation_tokens: nInt,
  fitting_stage: z.number().int().min(0).max(4).nullable(),
  requests: nInt,
  usage: UsageSchema.nullable(),
  elapsed_ms: z.number().nullable(),
  // §9 cache figures (core/engine/measure.ts). Optional: envelopes written before them lack them.
  first_changed_message_id: z.string().nullable().optional(),
  unchanged_prefix_chars: nInt.optional(),
  unchanged_prefix_tokens: nInt.optional(),
});
export type Stats = z.infer<typeof StatsSchema>;

export const SuccessAnswerSchema = z.object({
  schema_version: z.string(),
  messages: MessagesSchema,
  changed: z.boolean(),
  reason: z.enum(['compacted', 'no_change', 'no_candidates']),
  decisions: z.array(DecisionSchema),
  stats: StatsSchema,
});
export type SuccessAnswer = Omit<z.infer<typeof SuccessAnswerSchema>, 'messages'> & { messages: Message[] };

export const FailureAnswerSchema = z.object({
  schema_version: z.string(),
  error: z.object({ code: ErrorCodeSchema, message: z.string() }),
});
export type FailureAnswer = z.infer<typeof FailureAnswerSchema>;

export const ResponseSchema = z.union([
  z.object({
    success: z.literal(true),
    answer: SuccessAnswerSchema,
    metadata: z.looseObject({ compaction: StatsSchema }),
  }),
  z.object({
    success: z.literal(false),
    answer: FailureAnswerSchema,
    metadata: z.looseObject({ compaction: StatsSchema }),
  }),
]);
export type CompactResponse =
  | { success: true; answer: SuccessAnswer; metadata: { compaction: Stats } }
  | { success: false; answer: FailureAnswer; metadata: { compaction: Stats } };

/** Turns a zod error into one line a person can act on: the first issue, with its path. */
export function describeZodError(error: z.ZodError, root = ''): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const path = [root, ...issue.path.map(String)].filter((p) => p !== '').join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys')
    message = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return path ? `${path}: ${message}` : message;
}
