/**
 * Cut points: where a transcript is split into the history a compaction would see, the next
 * action (the goal) and the future that shows what the agent really used afterwards.
 *
 * With `count` cuts, cut k aims at message round(N·k/(count+1)) — spread evenly so early,
 * middle and late histories all count — and moves forward to the next assistant message
 * that does something (text or a tool call); a cut needs at least `MIN_HISTORY` messages
 * before it and at least one message after it. Cuts that land on the same message merge.
 * A conversation its agent compacted comes here as its live context only (`liveMessages`,
 * core/formats/compactions.ts): the messages before its last boundary are neither history nor
 * future of any cut, since the agent no longer had them.
 */
import { blocksOf } from '../engine/pairing.js';
import type { Message } from '../engine/schema.js';
import { headCodePoints } from '../engine/text.js';

export interface Cut {
  /** History = messages[0, index); the goal is messages[index]; the future follows it. */
  index: number;
  goal: string;
}

export const MIN_HISTORY = 8;
/** Cuts per transcript `eval` measures unless told otherwise (`--cuts`). */
export const EVAL_CUTS = 3;
/** Tool inputs in a goal are cut like the observation's (R6 shortening), so a pasted file does not swamp it. */
export const GOAL_INPUT_CHARS = 1000;

/** The next action as a goal: the assistant's text and its tool calls (name and input). */
export function goalOf(message: Message): string {
  const parts: string[] = [];
  if (typeof message.content === 'string') parts.push(message.content);
  for (const block of blocksOf(message)) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    if (block.type === 'tool_call') {
      const input = typeof block.input === 'string' ? block.input : JSON.stringify(block.input ?? '');
      parts.push(`Call ${String(block.name ?? 'tool')} with ${headCodePoints(input, GOAL_INPUT_CHARS)}`);
    }
  }
  return parts.join('\n').trim();
}

export function pickCuts(messages: readonly Message[], count: number): Cut[] {
  const cuts: Cut[] = [];
  const n = messages.length;
  for (let k = 1; k <= count; k++) {
    const target = Math.max(MIN_HISTORY, Math.round((n * k) / (count + 1)));
    for (let i = target; i < n - 1; i++) {
      if (messages[i].role !== 'assistant') continue;
      const goal = goalOf(messages[i]);
      if (goal === '') continue;
      if (!cuts.some((c) => c.index === i)) cuts.push({ index: i, goal });
      break;
    }
  }
  return cuts;
}
