/**
 * The sizes §6 and §9 report, measured from per-message compact JSON lengths so that a
 * history is serialized once: `chars_before/after`, and the unchanged prefix a provider's
 * prompt cache keeps after a compaction (§9 `first_changed_message_id`,
 * `unchanged_prefix_chars`, `unchanged_prefix_tokens`).
 */
import { messageId } from './pairing.js';
import type { Message } from './schema.js';
import type { CharClasses } from './tokens.js';
import { charClasses, tokensOf } from './tokens.js';

/** Length of `JSON.stringify` of an array whose elements serialize to these lengths: `[a,b,c]`. */
export function jsonArrayLength(lengths: readonly number[], count = lengths.length): number {
  let total = 2 + Math.max(0, count - 1);
  for (let i = 0; i < count; i++) total += lengths[i];
  return total;
}

export interface UnchangedPrefix {
  /** The first input message a compaction changes or removes (`#<index>` without a string id). */
  first_changed_message_id: string | null;
  /** Compact JSON characters of the messages before it (all of them when nothing changed). */
  unchanged_prefix_chars: number;
  /** The same text estimated as R7 estimates tokens. */
  unchanged_prefix_tokens: number;
}

/**
 * §9: everything before `firstChanged` (an input index, or null when nothing changed) reaches
 * the provider exactly as before, so its cache still holds it. The prefix is measured as its
 * own array, `JSON.stringify(messages.slice(0, firstChanged))`, the measure of `chars_before`;
 * its tokens are the R7 estimate of that text, summed per message (the estimator is additive).
 */
export function unchangedPrefix(
  messages: readonly Message[],
  firstChanged: number | null,
  messageLengths: readonly number[],
): UnchangedPrefix {
  const end = firstChanged ?? messages.length;
  const classes: CharClasses = { ascii: 2 + Math.max(0, end - 1), other: 0 };
  for (let i = 0; i < end; i++) {
    const own = charClasses(JSON.stringify(messages[i]));
    classes.ascii += own.ascii;
    classes.other += own.other;
  }
  return {
    first_changed_message_id: firstChanged === null ? null : messageId(messages[firstChanged], firstChanged),
    unchanged_prefix_chars: jsonArrayLength(messageLengths, end),
    unchanged_prefix_tokens: tokensOf(classes),
  };
}
