/**
 * Why the calls that are not candidates are kept, counted by the reason the engine records
 * (R2, R3, R4): each pair under its first failing guard, as `decisions[].reason` names it, with
 * R4's `protected_message` split by what protects the message — the recent window
 * (`preserve_recent_messages`) or the first message / a listed id. §6 `stats` folds these into
 * two numbers, and its `protected` includes `tool_not_eligible`; this names each one.
 */
import type { Analysis } from '../engine/guards.js';
import { inRecentWindow } from '../engine/guards.js';
import type { GuardCode } from '../engine/schema.js';
import { GUARD_CODES, PROTECTING_GUARDS } from '../engine/schema.js';

/** A guard code, the recent window's share of `protected_message`, or R2's unpaired ids. */
export type KeptReason = GuardCode | 'recent_window' | 'unpaired';

/** What a reason is called where counts are shown; the glossary explains each (glossary.ts). */
export const KEPT_LABELS: Readonly<Record<KeptReason, string>> = {
  outside_live_context: 'before compaction',
  call_unfinished: 'call unfinished',
  result_not_success: 'result not success',
  name_mismatch: 'name mismatch',
  invalid_input_json: 'input not JSON',
  non_text_output: 'output not text',
  tool_not_eligible: 'tool not eligible',
  shell_command_not_read_only: 'shell command writes',
  protected_call_id: 'protected call',
  protected_message: 'protected message',
  recent_window: 'recent window',
  unpaired: 'unpaired',
};

export interface KeptCount {
  reason: KeptReason;
  count: number;
  /** Counted in §6 `stats.protected` (R3), else in `stats.ineligible`. */
  protecting: boolean;
}

/**
 * The non-zero counts in R3's order (the recent window right after `protected_message`,
 * R2's unpaired ids last). `recentWindow` is the `preserve_recent_messages` the analysis
 * was made with. Their sum is `protected + ineligible` of the same analysis.
 */
export function keptByReason(analysis: Analysis, recentWindow: number): KeptCount[] {
  const messages = analysis.protectedMessages.length;
  const counts = new Map<KeptReason, number>();
  for (const pair of analysis.pairs) {
    if (pair.guard === null) continue;
    const reason =
      pair.guard === 'protected_message' && inRecentWindow(pair, messages, recentWindow) ? 'recent_window' : pair.guard;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  counts.set('unpaired', analysis.unpaired.length);
  const order: KeptReason[] = [...GUARD_CODES, 'unpaired'];
  order.splice(order.indexOf('protected_message') + 1, 0, 'recent_window');
  return order
    .filter((reason) => (counts.get(reason) ?? 0) > 0)
    .map((reason) => ({
      reason,
      count: counts.get(reason)!,
      protecting: reason === 'recent_window' || (reason !== 'unpaired' && PROTECTING_GUARDS.has(reason)),
    }));
}
