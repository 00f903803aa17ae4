/**
 * Later-use labels: a successful tool result in the history is *used later* when a
 * distinctive term first seen in it (core/distinctive.ts: paths, identifiers, long numbers,
 * quoted strings, error lines — not known before the call, not in the call's own input) and
 * not mentioned by the goal reappears in what the agent writes, thinks or calls after the goal.
 *
 * Known blind spots (see docs/evaluation.md, Labels): plain-word facts ("yes, run the tests"),
 * results whose use shows only as a decision (a test passed, so the agent moved on), content
 * the agent re-derives elsewhere, and a term first seen in an older copy of a re-read file
 * (the older copy gets the credit).
 */
import { TermIndex } from '../engine/distinctive.js';
import { blockText, novelTermsByResult } from '../engine/evidence.js';
import { blocksOf } from '../engine/pairing.js';
import type { Block, Message } from '../engine/schema.js';
import type { Cut } from './cuts.js';
import type { LaterUse, StrictContext } from './strict.js';
import { labelStrictUse, strictContext } from './strict.js';

export type { LaterUse } from './strict.js';

/** What the agent wrote, thought or called in each message (the future side of a label). */
export function agentWritten(messages: readonly Message[]): string[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return '';
    if (typeof message.content === 'string') return message.content.toLowerCase();
    return blocksOf(message)
      .filter((b) => b.type === 'text' || b.type === 'thinking' || b.type === 'tool_call')
      .map(blockText)
      .join('\n')
      .toLowerCase();
  });
}

/**
 * Both labels every table is reported under: `later-use` (this file) and `strict`
 * (strict.ts, an independent extractor and only what the agent writes, not what it thinks).
 */
export const LABELS = ['later-use', 'strict'] as const;
export type LabelName = (typeof LABELS)[number];
export type CutLabels = Record<LabelName, Map<string, LaterUse>>;

/** Per transcript: computed once, shared by its cuts. */
export interface LabelContext {
  messages: readonly Message[];
  novel: Map<Block, string[]>;
  future: TermIndex;
  strict: StrictContext;
}

export function labelContext(messages: readonly Message[]): LabelContext {
  return {
    messages,
    novel: novelTermsByResult(messages),
    future: new TermIndex(agentWritten(messages)),
    strict: strictContext(messages),
  };
}

/** Both labels of one cut. */
export function labelCut(context: LabelContext, cut: Cut): CutLabels {
  return { 'later-use': labelLaterUse(context, cut), strict: labelStrictUse(context.strict, cut) };
}

/** Labels every successful tool result before the cut, keyed by its call id. */
export function labelLaterUse(context: LabelContext, cut: Cut): Map<string, LaterUse> {
  const goal = new TermIndex([cut.goal.toLowerCase()]);
  const labels = new Map<string, LaterUse>();
  context.messages.slice(0, cut.index).forEach((message) => {
    for (const block of blocksOf(message)) {
      if (block.type !== 'tool_result' || block.state !== 'success' || typeof block.id !== 'string') continue;
      const reused: string[] = [];
      for (const term of context.novel.get(block) ?? []) {
        if (goal.find(term).length > 0) continue;
        if (context.future.find(term, cut.index + 1).length > 0) reused.push(term);
      }
      labels.set(block.id, { used: reused.length > 0, terms: reused.slice(0, 5) });
    }
  });
  return labels;
}
