/**
 * `compaction-policy.json`: the policy a person approved, as a file a harness applies. It holds
 * what a request takes besides the history and the goal (SPEC §1: `eligible_tool_names`, the
 * protections, `archive_ref`, §9 `drop_receipts`, the §5 options with the R12 threshold among them) and which
 * decision model the probabilities came from, so the same policy gives the same actions (R15)
 * wherever it is applied. The goal is not in it: it is the next action of one session.
 *
 * Hashing is the host's (core has no crypto): `policyFileText` is the one canonical text a host
 * hashes, so two files that say the same policy hash alike whatever their spacing or key order.
 */
import { z } from 'zod';
import { OPTION_NAMES } from '../engine/constants.js';
import type { CompactRequestInput, OptionsInput } from '../engine/schema.js';
import { describeZodError, SomeOptionsSchema } from '../engine/schema.js';

/** The file's format version; a reader refuses a version it does not know rather than guess. */
export const POLICY_FILE_VERSION = 1;
export const POLICY_FILE_NAME = 'compaction-policy.json';

const DecisionModelSchema = z.strictObject({
  /** A backend registry name (SPEC §7): `offline`, `openai`, `scripted`. */
  backend: z.string().min(1),
  /** The provider's model name (`openai`); absent for local backends. */
  model: z.string().min(1).optional(),
  /** What produced the probabilities: the offline weights' id or the prompt's version. */
  prompt_version: z.string().min(1).optional(),
});

export const PolicyFileSchema = z.strictObject({
  compaction_policy: z.literal(POLICY_FILE_VERSION),
  eligible_tool_names: z.array(z.string()).default([]),
  protected_message_ids: z.array(z.string()).default([]),
  protected_call_ids: z.array(z.string()).default([]),
  archive_ref: z.string().optional(),
  /** §9: a drop_call leaves a receipt of what was run (core/engine/receipt.ts); absent: the request's default, off. */
  drop_receipts: z.boolean().optional(),
  /** Only the options the policy sets; the rest keep their §5 defaults where it is applied. */
  options: SomeOptionsSchema.default({}),
  decision_model: DecisionModelSchema.optional(),
  /**
   * Live sessions (docs/claude-code.md): a proposal applies without a person only when every
   * evaluated call's probabilities lie at least this far from the threshold; absent, never.
   */
  auto_apply_margin: z.number().min(0).max(0.5).optional(),
  /** Live sessions: how long the agent's compaction waits for a decision before it goes on as it would. */
  approval_wait_seconds: z.number().int().min(0).max(3600).optional(),
});
export type PolicyFile = z.infer<typeof PolicyFileSchema>;
export type DecisionModelRef = z.infer<typeof DecisionModelSchema>;

/** A policy file that cannot be used: one sentence saying where and why. */
export class PolicyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyFileError';
  }
}

/** Parses the file's text; anything but a valid policy of a known version is a `PolicyFileError`. */
export function parsePolicyFile(text: string): PolicyFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PolicyFileError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PolicyFileError('expected a JSON object with "compaction_policy": 1');
  const version = (value as Record<string, unknown>).compaction_policy;
  if (version !== POLICY_FILE_VERSION)
    throw new PolicyFileError(
      `"compaction_policy" is ${JSON.stringify(version) ?? 'missing'}; this version reads policy files of version ${POLICY_FILE_VERSION}`,
    );
  const parsed = PolicyFileSchema.safeParse(value);
  if (!parsed.success) throw new PolicyFileError(describeZodError(parsed.error));
  return parsed.data;
}

/** What a policy is made from: a request's policy fields and the model that answered it. */
export interface PolicySource {
  eligible_tool_names?: readonly string[];
  protected_message_ids?: readonly string[];
  protected_call_ids?: readonly string[];
  archive_ref?: string;
  drop_receipts?: boolean;
  options?: OptionsInput;
  decision_model?: DecisionModelRef;
  auto_apply_margin?: number;
  approval_wait_seconds?: number;
}

/**
 * The policy of `source` as a file: lists sorted and without repeats (the same policy is the same
 * text), options in §5 order, only the keys that say something.
 */
export function policyFileOf(source: PolicySource): PolicyFile {
  const sortedSet = (list: readonly string[] | undefined) => [...new Set(list ?? [])].sort();
  const options: OptionsInput = {};
  for (const name of OPTION_NAMES) {
    const value = source.options?.[name];
    if (value !== undefined) options[name] = value;
  }
  return {
    compaction_policy: POLICY_FILE_VERSION,
    eligible_tool_names: sortedSet(source.eligible_tool_names),
    protected_message_ids: sortedSet(source.protected_message_ids),
    protected_call_ids: sortedSet(source.protected_call_ids),
    ...(source.archive_ref === undefined ? {} : { archive_ref: source.archive_ref }),
    ...(source.drop_receipts === undefined ? {} : { drop_receipts: source.drop_receipts }),
    options,
    ...(source.decision_model === undefined ? {} : { decision_model: { ...source.decision_model } }),
    ...(source.auto_apply_margin === undefined ? {} : { auto_apply_margin: source.auto_apply_margin }),
    ...(source.approval_wait_seconds === undefined ? {} : { approval_wait_seconds: source.approval_wait_seconds }),
  };
}

/** The canonical text of a policy: what an export writes and a host hashes. */
export function policyFileText(policy: PolicyFile): string {
  return `${JSON.stringify(policyFileOf(policy), null, 2)}\n`;
}

/**
 * A request's policy fields with `policy` underneath: a field the caller gave explicitly wins, and
 * options merge key by key (an explicit `keep_threshold` replaces only the threshold).
 */
export function applyPolicy(
  explicit: Partial<Record<keyof CompactRequestInput, unknown>>,
  policy: PolicyFile,
): Partial<Record<keyof CompactRequestInput, unknown>> {
  const merged = { ...explicit };
  const keys = [
    'eligible_tool_names',
    'protected_message_ids',
    'protected_call_ids',
    'archive_ref',
    'drop_receipts',
  ] as const;
  for (const key of keys) if (merged[key] === undefined && policy[key] !== undefined) merged[key] = policy[key];
  const given = explicit.options;
  if (given === undefined) merged.options = { ...policy.options };
  // A malformed explicit value is left for the request's own check to name.
  else if (typeof given === 'object' && given !== null && !Array.isArray(given))
    merged.options = { ...policy.options, ...(given as Record<string, unknown>) };
  return merged;
}

/**
 * Why the model at hand may not give the probabilities the policy was tuned on, or null when it
 * is the same model: the backend, the provider's model name or the weights/prompt differ.
 */
export function modelMismatch(
  policy: PolicyFile,
  model: { backend: string; model?: string | null; promptVersion?: string },
): string | null {
  const wanted = policy.decision_model;
  if (wanted === undefined) return null;
  const differences: string[] = [];
  if (wanted.backend !== model.backend) differences.push(`backend ${wanted.backend}, not ${model.backend}`);
  if (wanted.model !== undefined && wanted.model !== (model.model ?? undefined))
    differences.push(`model ${wanted.model}, not ${model.model ?? 'none'}`);
  if (wanted.prompt_version !== undefined && wanted.prompt_version !== model.promptVersion)
    differences.push(`weights or prompt ${wanted.prompt_version}, not ${model.promptVersion ?? 'unknown'}`);
  return differences.length === 0
    ? null
    : `the policy was tuned with ${differences.join('; ')}: its threshold may not mean the same here`;
}
