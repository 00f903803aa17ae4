/**
 * Anthropic preserved thinking: a signed `thinking` or `redacted_thinking` block sent back is
 * checked against its prefix — the top-level `system`, `tools` and every message before it —
 * and when that prefix differs from the request that produced the block, the block and every
 * later thinking block are invalid. The API then answers 400 ("Invalid `signature` in `thinking`
 * block. The block is bound to a different conversation.") — by default for accounts created on
 * or after 2026-08-31 — unless the request sets `thinking.block_binding.prefix_mismatch_behavior:
 * "drop_block"` (beta `thinking-binding-controls-2026-08-01`), when the API drops those blocks
 * from what the model sees. Thinking before the change stays valid. Models: Claude Fable 5.1 and
 * later, Mythos 5.1 and later, Opus / Sonnet / Haiku 5.5. Sources (read 2026-12):
 * platform.claude.com/docs/en/build-with-claude/preserved-thinking, its prefix-checks page ("A
 * change only invalidates the thinking that's already after it") and
 * fix-bound-to-a-different-conversation; the error as reported in anomalyco/opencode#48637.
 *
 * An export edits messages and leaves the thinking after them as it was (R14), so every signed
 * block after its first edit is bound to a conversation that no longer exists. The documented
 * remedies are the client's (`drop_block`) or removing that thinking, which R14 forbids: the
 * rule is advisory, and an export that breaks it is written with a warning naming it.
 */
import type { Block, Message } from '../../engine/schema.js';
import { placeOfMessage } from './places.js';
import type { CheckInput, Violation } from './types.js';

export const THINKING_BINDING_RULE = 'anthropic.thinking_prefix_bound';

export const THINKING_BINDING = {
  [THINKING_BINDING_RULE]:
    'signed thinking after an edited message is bound to the old prefix: models with preserved thinking refuse it (400) unless the request sets thinking.block_binding.prefix_mismatch_behavior "drop_block" (checked against the source of an export; advisory)',
} as const;

const isSigned = (b: Block) =>
  (b.type === 'thinking' && typeof b.signature === 'string' && b.signature !== '') || b.type === 'redacted_thinking';

interface Sent {
  key: string;
  block: Block;
  message: number;
}

/** The blocks the API receives, in order, each keyed by its role and exact content. */
function sentBlocks(messages: readonly Message[]): Sent[] {
  return messages.flatMap((m, message) =>
    (m.role === 'user' || m.role === 'assistant') && Array.isArray(m.content)
      ? m.content.map((block) => ({ key: `${m.role}:${JSON.stringify(block)}`, block, message }))
      : [],
  );
}

/** Signed thinking of the export whose prefix is no longer the source's, one violation per message. */
export function thinkingBinding(input: CheckInput): Violation[] {
  if (!input.source) return [];
  const before = sentBlocks(input.source.read.messages);
  const after = sentBlocks(input.read.messages);
  let first = 0;
  while (first < before.length && first < after.length && before[first].key === after[first].key) first++;
  const bound = new Map<number, number>();
  for (const { block, message } of after.slice(first))
    if (isSigned(block)) bound.set(message, (bound.get(message) ?? 0) + 1);
  const edited = after[first]?.message ?? after.length;
  return [...bound].map(([message, n]) => ({
    rule: THINKING_BINDING_RULE,
    place: placeOfMessage(input, message),
    message: `${n} signed thinking block${n === 1 ? '' : 's'} after the first edited message (${edited}): bound to the source's prefix`,
  }));
}
