/**
 * R3–R5: the deterministic guards that decide which pairs the model is asked about.
 * Protection always wins over probabilities. R5 extension: an eligible shell tool's call whose
 * command writes is kept as `shell_command_not_read_only` (shellTools.ts). §9 extension: a call before the message the
 * agent's live context starts from (`live_from_message_id`, set when the source records a
 * compaction its own tool made) is kept as `outside_live_context`.
 */
import { parseJsonText } from './depth.js';
import type { Pairing, RawPair } from './pairing.js';
import { pairBlocks } from './pairing.js';
import type { GuardCode } from './constants.js';
import { PROTECTING_GUARDS } from './constants.js';
import type { Block, CompactRequest, Message } from './schema.js';
import type { ShellPatterns } from './shellReadOnly.js';
import { isShellTool, shellCallVerdict } from './shellTools.js';

export interface Policy {
  eligibleToolNames: readonly string[];
  protectedMessageIds: readonly string[];
  protectedCallIds: readonly string[];
  preserveRecentMessages: number;
  /** The first message of the live context; calls before it are `outside_live_context`. */
  liveFromMessageId?: string;
  /**
   * The shell rule's patterns; absent, a shell tool is eligible by name as any other (how an
   * audit record written before the rule existed was derived, and is verified).
   */
  shellReadOnly?: ShellPatterns;
}

/** The guards' view of a request (R3–R4); the inspector passes its run request, which has no messages yet. */
export function policyOf(
  request: Pick<CompactRequest, 'eligible_tool_names' | 'protected_message_ids' | 'protected_call_ids' | 'options'> &
    Partial<Pick<CompactRequest, 'live_from_message_id' | 'shell_read_only'>>,
): Policy {
  return {
    eligibleToolNames: request.eligible_tool_names,
    protectedMessageIds: request.protected_message_ids,
    protectedCallIds: request.protected_call_ids,
    preserveRecentMessages: request.options.preserve_recent_messages,
    ...(request.live_from_message_id !== undefined ? { liveFromMessageId: request.live_from_message_id } : {}),
    ...(request.shell_read_only !== undefined ? { shellReadOnly: request.shell_read_only } : {}),
  };
}

/**
 * The index of the live context's first message: 0 when the policy names none, or names an id
 * no message has (like a protection of an absent id, it then changes nothing).
 */
export function liveFromIndex(messages: readonly Message[], policy: Pick<Policy, 'liveFromMessageId'>): number {
  if (policy.liveFromMessageId === undefined) return 0;
  const index = messages.findIndex((m) => m.id === policy.liveFromMessageId);
  return index < 0 ? 0 : index;
}

export interface Pair extends RawPair {
  toolName: string;
  /** The first failing R3 guard, or null when the pair is a candidate. */
  guard: GuardCode | null;
}

export interface Analysis extends Pairing {
  pairs: Pair[];
  candidates: Pair[];
  /** R4, per message index. */
  protectedMessages: boolean[];
  counts: { candidates: number; protected: number; ineligible: number };
}

/** R4: the first message, the last `preserveRecentMessages`, and every listed id. */
export function protectedMessageFlags(messages: readonly Message[], policy: Policy): boolean[] {
  const ids = new Set(policy.protectedMessageIds);
  const recentFrom = messages.length - policy.preserveRecentMessages;
  return messages.map(
    (message, i) => i === 0 || i >= recentFrom || (typeof message.id === 'string' && ids.has(message.id)),
  );
}

/**
 * R4 by position: an endpoint of the pair sits in the last `recentWindow` of `messageCount`
 * messages, so `preserve_recent_messages` guards it whatever else does.
 */
export const inRecentWindow = (pair: Pick<Pair, 'call' | 'result'>, messageCount: number, recentWindow: number) =>
  Math.max(pair.call.message, pair.result.message) >= messageCount - recentWindow;

/** A string output, or a list made only of text blocks (R3 `non_text_output`). */
export function isTextOutput(output: unknown): output is string | Array<{ type: 'text'; text: string }> {
  if (typeof output === 'string') return true;
  return Array.isArray(output) && output.every((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string');
}

/** The text of a text output; list blocks joined with newlines (R13). */
export function outputText(output: string | Array<{ text: string }>): string {
  return typeof output === 'string' ? output : output.map((b) => b.text).join('\n');
}

/** Characters of a result's output: its text (R13), else its JSON; 0 when it has none. */
export function resultChars(output: unknown): number {
  if (isTextOutput(output)) return outputText(output).length;
  return output === undefined ? 0 : (JSON.stringify(output)?.length ?? 0);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** R3 extension: an eligible shell tool's call is a candidate only when its command only reads. */
function writesThroughShell(call: Block, policy: Policy): boolean {
  return policy.shellReadOnly !== undefined && shellWriteReason(call, policy.shellReadOnly) !== null;
}

/** Why a shell tool's call may write under `patterns` (the R3 shell rule), or null when it only reads or is no shell call. */
export function shellWriteReason(call: Block, patterns: ShellPatterns): string | null {
  if (!isShellTool(call.name)) return null;
  const input = parseJsonText(call.input as string);
  if (!input.ok) return 'its input is not JSON';
  const verdict = shellCallVerdict(input.value, patterns);
  return verdict.readOnly ? null : verdict.why;
}

function parsesAsJson(text: unknown): boolean {
  return typeof text === 'string' && parseJsonText(text).ok;
}

/** R3, in the documented order: the first failing guard, or null for a candidate. */
export function firstFailingGuard(
  pair: RawPair,
  protectedMessages: readonly boolean[],
  policy: Policy,
  eligible: ReadonlySet<string>,
  protectedCalls: ReadonlySet<string>,
  liveFrom = 0,
): GuardCode | null {
  const call: Block = pair.callBlock;
  const result: Block = pair.resultBlock;
  if (pair.call.message < liveFrom) return 'outside_live_context';
  if (call.state !== 'finished') return 'call_unfinished';
  if (result.state !== 'success') return 'result_not_success';
  if (call.name !== result.name) return 'name_mismatch';
  if (!parsesAsJson(call.input)) return 'invalid_input_json';
  if (!isTextOutput(result.output)) return 'non_text_output';
  if (typeof call.name !== 'string' || !eligible.has(call.name)) return 'tool_not_eligible';
  if (writesThroughShell(call, policy)) return 'shell_command_not_read_only';
  if (protectedCalls.has(pair.callId)) return 'protected_call_id';
  if (protectedMessages[pair.call.message] || protectedMessages[pair.result.message]) return 'protected_message';
  return null;
}

/** Pairing plus guards: everything deterministic the engine knows before asking a model. */
export function analyze(messages: readonly Message[], policy: Policy): Analysis {
  const pairing = pairBlocks(messages);
  const protectedMessages = protectedMessageFlags(messages, policy);
  const eligible = new Set(policy.eligibleToolNames);
  const protectedCalls = new Set(policy.protectedCallIds);
  const liveFrom = liveFromIndex(messages, policy);
  const pairs: Pair[] = pairing.pairs.map((raw) => ({
    ...raw,
    toolName: typeof raw.callBlock.name === 'string' ? raw.callBlock.name : String(raw.callBlock.name ?? ''),
    guard: firstFailingGuard(raw, protectedMessages, policy, eligible, protectedCalls, liveFrom),
  }));
  const candidates = pairs.filter((p) => p.guard === null);
  let protectedCount = 0;
  let ineligible = pairing.unpaired.length;
  for (const pair of pairs) {
    if (pair.guard === null) continue;
    if (PROTECTING_GUARDS.has(pair.guard)) protectedCount++;
    else ineligible++;
  }
  return {
    pairs,
    unpaired: pairing.unpaired,
    candidates,
    protectedMessages,
    counts: { candidates: candidates.length, protected: protectedCount, ineligible },
  };
}
