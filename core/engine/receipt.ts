/**
 * SPEC §9 request key `drop_receipts`: when R14 drops a call whole, the assistant message it
 * stood in keeps one line saying what was run, what came back and where the original is —
 * `[compacted: ran Read file_path=src/x.ts → 212 lines, 8012 chars, ok; original: archive REF
 * call ID]` — so an agent reading its own history cannot take its narration of the work for
 * evidence that the work was done. The wording is decided here, once; rebuild.ts and the native
 * writers (core/formats/proposal.ts) place it. R14's "nothing else edited" holds: the receipt is
 * a block of its own and every other block stays byte-identical.
 *
 * A receipt never makes the history longer: its block's compact JSON is shorter than the call
 * and result blocks it stands for, shortening the target until it is, and leaving the target
 * out before giving up; a receipt that cannot fit even then is not written (plain R14 drop).
 */
import type { Pair } from './guards.js';
import { isTextOutput, outputText } from './guards.js';
import type { TARGET_KEYS } from './marker.js';
import { callTargetField, clipTarget } from './marker.js';
import type { Block } from './schema.js';
import { countCodePoints } from './text.js';

/** The longest target a receipt names, in code points; shorter ones are tried when it does not fit. */
export const RECEIPT_TARGET_MAX_CHARS = 60;
/** Target lengths tried in turn, then none. */
const TARGET_STEPS = [RECEIPT_TARGET_MAX_CHARS, 32, 16, 8] as const;

/** What a receipt says of one dropped call. */
export interface ReceiptFacts {
  callId: string;
  tool: string;
  /** The call's most identifying argument (§9 "Marker" keys), or null when its input names none. */
  target: { key: (typeof TARGET_KEYS)[number]; value: string } | null;
  /** The result: its text's lines and code points, or null when it is not text (data blocks). */
  size: { lines: number; chars: number } | null;
  /** `ok` or `error` when the format records the result's state, else null. */
  status: 'ok' | 'error' | null;
  archiveRef: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Lines of `text`: 0 when empty, a final newline ending the last line rather than starting one. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** What a receipt says of `pair`: the call's tool and target, the result's size and state. */
export function receiptFacts(
  pair: Pick<Pair, 'callId' | 'toolName' | 'callBlock' | 'resultBlock'>,
  archiveRef: string,
): ReceiptFacts {
  const output = pair.resultBlock.output;
  const text = isTextOutput(output) ? outputText(output) : null;
  const state = pair.resultBlock.state;
  return {
    callId: pair.callId,
    tool: pair.toolName === '' ? 'a tool' : pair.toolName,
    target: callTargetField(pair.callBlock.input),
    size: text === null ? null : { lines: lineCount(text), chars: countCodePoints(text) },
    status: state === 'success' ? 'ok' : state === 'error' ? 'error' : null,
    archiveRef,
  };
}

/** The receipt's one line, its target cut to `targetMax` code points (0: no target). */
export function receiptText(facts: ReceiptFacts, targetMax: number = RECEIPT_TARGET_MAX_CHARS): string {
  const target =
    facts.target !== null && targetMax > 0 ? ` ${facts.target.key}=${clipTarget(facts.target.value, targetMax)}` : '';
  const size =
    facts.size === null
      ? 'non-text output'
      : `${plural(facts.size.lines, 'line')}, ${plural(facts.size.chars, 'char')}`;
  const status = facts.status === null ? '' : `, ${facts.status}`;
  return `[compacted: ran ${facts.tool}${target} → ${size}${status}; original: archive ${facts.archiveRef} call ${facts.callId}]`;
}

/** The receipt as a block of our model (SPEC §1 `text`). */
export function receiptBlock(text: string): Block {
  return { type: 'text', text };
}

/**
 * The receipt of a dropped pair, as long as it may be: its block's compact JSON shorter than
 * the call and result blocks together, the target shortened until it is; null when even no
 * target is too long (an `archive_ref` longer than the pair itself).
 */
export function receiptFor(
  pair: Pick<Pair, 'callId' | 'toolName' | 'callBlock' | 'resultBlock'>,
  archiveRef: string,
): string | null {
  const facts = receiptFacts(pair, archiveRef);
  const callChars = JSON.stringify(pair.callBlock).length;
  // A text output is at least its own length in JSON: most receipts fit without serializing it.
  const output = pair.resultBlock.output;
  const outputFloor = isTextOutput(output) ? outputText(output).length : 0;
  let resultChars: number | null = null;
  const fits = (text: string) => {
    const chars = JSON.stringify(receiptBlock(text)).length;
    if (chars < callChars + outputFloor) return true;
    resultChars ??= JSON.stringify(pair.resultBlock).length;
    return chars < callChars + resultChars;
  };
  const steps = facts.target === null ? [0] : [...TARGET_STEPS, 0];
  for (const max of steps) {
    const text = receiptText(facts, max);
    if (fits(text)) return text;
  }
  return null;
}
