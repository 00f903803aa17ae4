/**
 * Where a history's characters are: how much of its compact JSON (SPEC §6 `chars_before`)
 * sits in results a run may shorten (candidates, R3), in results the recent window protects
 * (R4 `preserve_recent_messages`), in results other guards keep (by reason), and in
 * everything else (texts, thinking, calls, structure), which no action touches (R13, R14).
 * When most of it sits in a protected region, it names the option that would reach it.
 */
import type { Analysis, Pair } from '../engine/guards.js';
import { inRecentWindow, shellWriteReason } from '../engine/guards.js';
import type { ShellPatterns } from '../engine/shellReadOnly.js';
import { blocksOf } from '../engine/pairing.js';
import type { Block, GuardCode, Message } from '../engine/schema.js';

/** Guards other than the recent window, plus R2's unpaired blocks. */
export type OtherGuard = GuardCode | 'unpaired';

export interface LargestResult {
  callId: string;
  toolName: string;
  /** Message index of the result. */
  message: number;
  chars: number;
}

export interface CharBreakdown {
  /** Compact JSON characters of the history (SPEC §6). */
  total: number;
  /** Outputs of candidate results: all a run can shorten. */
  candidates: number;
  /** Outputs of results kept because a call or result sits in the last `recentWindow` messages (R4). */
  protectedRecent: number;
  /** Outputs kept by any other guard, by reason (`protected_message` here: the first message or a listed id). */
  otherGuards: Partial<Record<OtherGuard, number>>;
  /** Everything else: texts, thinking, calls, ids, the JSON around them. */
  textAndOther: number;
  recentWindow: number;
  /** All characters of the last `recentWindow` messages (R4), whatever they hold. */
  inRecentMessages: number;
  /** The largest result the recent window protects; null when it protects none. */
  largestRecent: LargestResult | null;
  /** What would reach most of the characters, when a protected region holds most of them; else null. */
  advice: string | null;
}

// A history is never mutated in place: each message's and each output's size is measured once,
// so a policy edit on a 20 MB history re-sums per pair instead of serialising it again.
const messageChars = new WeakMap<Message, number>();
const outputChars = new WeakMap<Block, number>();

function charsOfMessage(message: Message): number {
  let n = messageChars.get(message);
  if (n === undefined) messageChars.set(message, (n = JSON.stringify(message).length));
  return n;
}

/** The characters an output takes in the compact JSON (its escaped string, or its JSON). */
function charsOfOutput(block: Block): number {
  let n = outputChars.get(block);
  if (n === undefined)
    outputChars.set(block, (n = block.output === undefined ? 0 : JSON.stringify(block.output).length));
  return n;
}

/**
 * The window that would leave a pair's messages outside it (R4): both endpoints before the
 * last `n` messages.
 */
export const windowReaching = (pair: Pick<Pair, 'call' | 'result'>, messages: number) =>
  messages - 1 - Math.max(pair.call.message, pair.result.message);

const share = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;
const num = (n: number) => n.toLocaleString('en-US');

export function charBreakdown(
  messages: readonly Message[],
  analysis: Analysis,
  recentWindow: number,
  eligibleToolNames: readonly string[],
  /** The shell rule's patterns when the policy applies it (guards.ts `Policy.shellReadOnly`). */
  shellPatterns?: ShellPatterns,
): CharBreakdown {
  // The array's brackets and commas, then every message.
  let total = messages.length > 0 ? messages.length + 1 : 2;
  for (const message of messages) total += charsOfMessage(message);
  const recentFrom = messages.length - recentWindow;
  let inRecentMessages = 0;
  for (let i = Math.max(0, recentFrom); i < messages.length; i++) inRecentMessages += charsOfMessage(messages[i]);

  let candidates = 0;
  let protectedRecent = 0;
  const otherGuards: Partial<Record<OtherGuard, number>> = {};
  const recentTools = new Set<string>();
  const untickedChars = new Map<string, number>();
  let largest: { pair: Pair; chars: number } | null = null;
  for (const pair of analysis.pairs) {
    const chars = charsOfOutput(pair.resultBlock);
    if (pair.guard === null) candidates += chars;
    else if (pair.guard === 'protected_message' && inRecentWindow(pair, messages.length, recentWindow)) {
      protectedRecent += chars;
      if (largest === null || chars > largest.chars) largest = { pair, chars };
    } else if (pair.guard === 'tool_not_eligible' && inRecentWindow(pair, messages.length, recentWindow)) {
      // Ticking the tool would not reach it either: the window guards it too (R3 checks the tool first).
      protectedRecent += chars;
      recentTools.add(pair.toolName);
      if (largest === null || chars > largest.chars) largest = { pair, chars };
    } else {
      otherGuards[pair.guard] = (otherGuards[pair.guard] ?? 0) + chars;
      if (pair.guard === 'tool_not_eligible')
        untickedChars.set(pair.toolName, (untickedChars.get(pair.toolName) ?? 0) + chars);
    }
  }
  for (const id of analysis.unpaired)
    for (const ref of id.blocks) {
      const block = blocksOf(messages[ref.message])[ref.block];
      if (block.type === 'tool_result') otherGuards.unpaired = (otherGuards.unpaired ?? 0) + charsOfOutput(block);
    }
  const guarded = Object.values(otherGuards).reduce((a, b) => a + b, 0);
  const largestRecent: LargestResult | null = largest && {
    callId: largest.pair.callId,
    toolName: largest.pair.toolName,
    message: largest.pair.result.message,
    chars: largest.chars,
  };

  let advice: string | null = null;
  const unticked = [...recentTools].filter((t) => !eligibleToolNames.includes(t));
  if (largest && protectedRecent * 2 > total) {
    const reach = windowReaching(largest.pair, messages.length);
    advice =
      `${share(protectedRecent, total)} of the characters are results in the last ${recentWindow} messages, which ` +
      `preserve_recent_messages protects; the largest, ${num(largest.chars)} characters of ${largest.pair.toolName} ` +
      `(call ${largest.pair.callId}), is reached with "Preserve recent messages" at ${reach}` +
      (unticked.length > 0 ? ` and ${unticked.join(', ')} ticked under "Eligible tools"` : '');
    // The shell rule (R3) keeps a shell call whose command may write whatever the window: say so
    // rather than point at a setting that cannot reach it.
    const writes = shellPatterns === undefined ? null : shellWriteReason(largest.pair.callBlock, shellPatterns);
    if (writes !== null)
      advice += `; but its command may write (${writes}), so the shell rule keeps it even then: list the command under "Shell commands" if it only reads`;
  } else if ((otherGuards.tool_not_eligible ?? 0) * 2 > total)
    advice = `${share(otherGuards.tool_not_eligible!, total)} of the characters are results of tools not ticked under "Eligible tools": most in ${[
      ...untickedChars,
    ]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([t]) => t)
      .join(', ')}`;
  else if ((otherGuards.protected_call_id ?? 0) * 2 > total)
    advice = `${share(otherGuards.protected_call_id!, total)} of the characters are results of protected calls: unprotect some`;
  else if ((otherGuards.protected_message ?? 0) * 2 > total)
    advice = `${share(otherGuards.protected_message!, total)} of the characters are results in the first message or protected messages: remove message protections`;

  return {
    total,
    candidates,
    protectedRecent,
    otherGuards,
    textAndOther: total - candidates - protectedRecent - guarded,
    recentWindow,
    inRecentMessages,
    largestRecent,
    advice,
  };
}
