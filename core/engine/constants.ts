/**
 * The contract's fixed values (SPEC §1, §5, §6) without zod: the schema version, the defaults,
 * the option ranges, and the action, reason and error codes. schema.ts builds its zod schemas
 * from them; the engine's own modules import them from here, so a compaction that never meets
 * a bad request does not load zod (about a third of the command line's start-up,
 * test/bench/cli.bench.ts).
 */

export const SCHEMA_VERSION = '1';
export const DEFAULT_ARCHIVE_REF = 'archived history';

/** One option's range: an integer or any finite number, bounds inclusive except `above`. */
export interface OptionRule {
  default: number;
  int?: true;
  min?: number;
  max?: number;
  /** Exclusive lower bound. */
  above?: number;
}

/** SPEC §5: every option range-checked; unknown keys are an error, never ignored or clamped. */
export const OPTION_RULES = {
  keep_threshold: { default: 0.5, min: 0, max: 1 },
  preserve_recent_messages: { default: 6, int: true, min: 0 },
  max_state_tokens: { default: 25000, int: true, min: 1 },
  max_request_tokens: { default: 30000, int: true, min: 257 },
  truncate_head_chars: { default: 300, int: true, min: 0 },
  /** §9: also keep the end of a drop_result output (logs, test runs); 0 is R13 exactly. */
  truncate_tail_chars: { default: 0, int: true, min: 0 },
  max_concurrency: { default: 4, int: true, min: 1, max: 32 },
  total_timeout_seconds: { default: 30, above: 0 },
} as const satisfies Record<string, OptionRule>;
export type OptionName = keyof typeof OPTION_RULES;
export const OPTION_NAMES = Object.keys(OPTION_RULES) as OptionName[];

/** A fresh copy of every option's default, in the order of OPTION_RULES. */
export function defaultOptions(): Record<OptionName, number> {
  return Object.fromEntries(OPTION_NAMES.map((name) => [name, OPTION_RULES[name].default])) as Record<
    OptionName,
    number
  >;
}
export const DEFAULT_OPTIONS: Record<OptionName, number> = defaultOptions();

export const ACTIONS = ['keep', 'drop_result', 'drop_call'] as const;

/**
 * R3 guard codes, in the order they are checked. `outside_live_context` (§9 extension) comes
 * first: a call before the last compaction the agent's own tool made (`live_from_message_id`)
 * is no longer sent when the agent resumes, so no decision about it changes what the model sees.
 * `shell_command_not_read_only` (extension of R5) follows `tool_not_eligible`: an eligible shell
 * tool's call is a candidate only when its command only reads (shellReadOnly.ts).
 */
export const GUARD_CODES = [
  'outside_live_context',
  'call_unfinished',
  'result_not_success',
  'name_mismatch',
  'invalid_input_json',
  'non_text_output',
  'tool_not_eligible',
  'shell_command_not_read_only',
  'protected_call_id',
  'protected_message',
] as const;
export type GuardCode = (typeof GUARD_CODES)[number];
/**
 * Guard codes that count as `protected` in stats; the others count as `ineligible`.
 * `shell_command_not_read_only` narrows the allowlist call by call (a shell tool's command
 * writes), so it counts with `tool_not_eligible`: a well-formed pair the policy keeps, not a
 * malformed or failed one.
 */
export const PROTECTING_GUARDS: ReadonlySet<GuardCode> = new Set([
  'tool_not_eligible',
  'shell_command_not_read_only',
  'protected_call_id',
  'protected_message',
]);

export const MODEL_REASONS = ['result_needed', 'call_needed', 'not_needed'] as const;

/**
 * Reasons of a peer policy's decision (core/policies/peers/): the peer's rule keeps the result, clears
 * it, or never fired on this history. The decision's `rule` field names the rule in the peer's terms.
 */
export const PEER_REASONS = ['peer_kept', 'peer_cleared', 'peer_not_triggered'] as const;

export const ERROR_CODES = [
  'observation_too_large',
  'question_does_not_fit',
  'deadline_exceeded',
  'model_error',
  'invalid_answer',
  'cancelled',
] as const;
