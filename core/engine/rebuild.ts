/**
 * R13–R14: apply actions to a copy of the messages. Only the blocks an action names change;
 * everything else stays byte-identical, and the input is never touched. R13 keeps a head and,
 * with `truncate_tail_chars` (SPEC §9), a tail around the omission marker; with §9
 * `drop_receipts`, a drop_call leaves its receipt (receipt.ts) where the call was.
 */
import { editPlan } from './editPlan.js';
import type { Pair } from './guards.js';
import { isTextOutput, outputText } from './guards.js';
import { mapOwn } from './own.js';
import type { Action, Block, CompactRequest, Message } from './schema.js';
import type { MarkedCall } from './marker.js';
import { aboutCall, omissionMarker } from './marker.js';
import { receiptBlock, receiptFor } from './receipt.js';
import { countCodePoints, headCodePoints, tailCodePoints } from './text.js';

export { omissionMarker } from './marker.js';

export interface RebuildOptions {
  truncateHeadChars: number;
  /** §9: code points kept from the end of a drop_result output; 0 is R13 exactly. */
  truncateTailChars: number;
  archiveRef: string;
  /** §9 "Restore server": the archive's file name when the export is meant for it, so markers say how to restore. */
  restoreArchive?: string | null;
  /** §9 `drop_receipts`: a drop_call leaves a one-line receipt in place of its call (receipt.ts). */
  dropReceipts?: boolean;
}

/**
 * What decides the markers: the request's R13 settings, its §9 `drop_receipts` and, for an
 * export meant for the restore server, its archive.
 */
export type MarkerSettings = Pick<CompactRequest, 'options' | 'archive_ref'> & {
  restore_archive?: string | null;
  drop_receipts?: boolean;
};

/** The R13 settings of a parsed request: the one mapping from §5 options to `rebuild`. */
export function rebuildOptionsOf(request: MarkerSettings): RebuildOptions {
  return {
    truncateHeadChars: request.options.truncate_head_chars,
    truncateTailChars: request.options.truncate_tail_chars,
    archiveRef: request.archive_ref,
    restoreArchive: request.restore_archive ?? null,
    ...(request.drop_receipts === true ? { dropReceipts: true } : {}),
  };
}

/** §9 `drop_receipts`: the receipt a drop_call of `pair` leaves, or null (off, or too long to fit). */
export function receiptOf(pair: Pair, options: Pick<RebuildOptions, 'archiveRef' | 'dropReceipts'>): string | null {
  return options.dropReceipts === true ? receiptFor(pair, options.archiveRef) : null;
}

export interface Rebuilt {
  messages: Message[];
  changed: boolean;
  /** Per returned message: the input index it copies unchanged, or null when an action rebuilt it. */
  origins: Array<number | null>;
  /** The first input index an action changes or removes; null when nothing changed (§9). */
  firstChanged: number | null;
  /** Input indices of the messages R14 removed (emptied by drop_call), ascending: with `origins` they place every input message. */
  removed: number[];
}

/** R13 and §9's tail: the head and tail a drop_result keeps of `text`, and the code points between them it omits. */
export function cutOf(
  text: string,
  options: Pick<RebuildOptions, 'truncateHeadChars' | 'truncateTailChars'>,
): { head: string; tail: string; omitted: number } {
  const head = headCodePoints(text, options.truncateHeadChars);
  // The tail comes from what the head left, so the two never overlap or repeat a character.
  const rest = text.slice(head.length);
  const tail = tailCodePoints(rest, options.truncateTailChars);
  return { head, tail, omitted: countCodePoints(rest) - countCodePoints(tail) };
}

/**
 * R13 (and §9's tail and marker): the shortened output, or null when shortening would not make
 * it shorter. `call` is the pair (its tool and target go in the marker) or a bare call id.
 */
export function truncateOutput(
  output: unknown,
  call: string | MarkedCall,
  options: RebuildOptions,
): string | Block[] | null {
  if (!isTextOutput(output)) return null;
  const text = outputText(output);
  const { head, tail, omitted } = cutOf(text, options);
  const callId = typeof call === 'string' ? call : call.callId;
  const about = { ...aboutCall(call), restoreArchive: options.restoreArchive ?? null };
  const shortened = head + omissionMarker(callId, omitted, options.archiveRef, tail.length > 0, about) + tail;
  // Shorter as text (R13) and never longer as JSON (§6 measures chars in JSON): a marker whose
  // archive_ref holds characters JSON escapes (\u0000 → 6 chars) could otherwise grow the history.
  if (shortened.length >= text.length || !shorterAsJson(shortened, text)) return null;
  return typeof output === 'string' ? shortened : [{ type: 'text', text: shortened }];
}

/**
 * `JSON.stringify(a).length < JSON.stringify(b).length`. JSON writes a UTF-16 unit as at most 6
 * characters (`\u0000`), so a string under a sixth of the other's length is shorter without
 * serializing the long one (which cost ~90 ms per 20 MB of dropped results).
 */
function shorterAsJson(a: string, b: string): boolean {
  if (6 * a.length < b.length) return true;
  return JSON.stringify(a).length < JSON.stringify(b).length;
}

/** A copy of `block` with `key` replaced, in the original key order; the old value is never copied. */
function withField(block: Block, key: string, value: unknown): Block {
  return mapOwn(block, (k) => (k === key ? value : structuredClone(block[k])), { key, value });
}

/**
 * Applies `actions` (pair id → action) to `messages`. Changed messages are rebuilt as new
 * objects; with `copyUnchanged` every other message is deep-copied too, so the result
 * shares nothing with the input (R11). Without it, unchanged messages are shared: callers
 * that only serialize the result (the command line) save a full copy.
 */
export function rebuild(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  options: RebuildOptions,
  copyUnchanged = true,
): Rebuilt {
  const edits = editPlan(
    pairs,
    actions,
    (pair) => {
      const output = truncateOutput(pair.resultBlock.output, pair, options);
      return output === null ? null : withField(pair.resultBlock, 'output', output);
    },
    (pair) => {
      const receipt = receiptOf(pair, options);
      return receipt === null ? null : receiptBlock(receipt);
    },
  );

  const out: Message[] = [];
  const origins: Array<number | null> = [];
  const removed: number[] = [];
  messages.forEach((message, m) => {
    const perMessage = edits.get(m);
    if (!perMessage) {
      out.push(copyUnchanged ? structuredClone(message) : message);
      origins.push(m);
      return;
    }
    const blocks = message.content as Block[];
    const content: Block[] = [];
    blocks.forEach((block, b) => {
      const replacement = perMessage.has(b) ? perMessage.get(b) : structuredClone(block);
      if (replacement) content.push(replacement);
    });
    if (content.length === 0 && blocks.length > 0) {
      removed.push(m); // R14: emptied by drop_call
      return;
    }
    // Rebuild key by key so the key order of the original message survives.
    out.push(mapOwn(message, (key) => (key === 'content' ? content : structuredClone(message[key]))));
    origins.push(null);
  });
  let firstChanged: number | null = null;
  for (const m of edits.keys()) if (firstChanged === null || m < firstChanged) firstChanged = m;
  return { messages: out, changed: edits.size > 0, origins, firstChanged, removed };
}
