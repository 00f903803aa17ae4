/**
 * The conversation as a timeline of turns (turns.ts), beside the context strip: for each turn
 * where it starts, how many steps the agent took in it, its characters and what the proposal does
 * to them (contextStrip.ts's kinds). The strip is per message; this is per turn, so a long
 * session reads as the handful of requests a person made.
 */
import type { ContextStrip, StripKind } from './contextStrip.js';

export interface TurnSpan {
  turn: number;
  /** The index of the turn's first message: where the audit view goes. */
  first: number;
  messages: number;
  /** The agent's messages in it. */
  steps: number;
  chars: number;
  byKind: Record<StripKind, number>;
}

/** Every turn of `strip`'s messages, in order; `turns` and `roles` by message index. */
export function turnTimeline(
  strip: ContextStrip,
  turns: readonly number[],
  roles: readonly (string | undefined)[],
): TurnSpan[] {
  const spans: TurnSpan[] = [];
  for (const bar of strip.bars) {
    const turn = turns[bar.index] ?? 0;
    let span = spans.at(-1);
    if (span === undefined || span.turn !== turn) {
      span = {
        turn,
        first: bar.index,
        messages: 0,
        steps: 0,
        chars: 0,
        byKind: { kept: 0, shortened: 0, dropped: 0, protected: 0 },
      };
      spans.push(span);
    }
    span.messages++;
    if (roles[bar.index] === 'assistant') span.steps++;
    span.chars += bar.chars;
    span.byKind[bar.kind] += bar.chars;
  }
  return spans;
}
