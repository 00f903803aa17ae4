/**
 * The side-by-side view's alignment: one row per original message, saying what the proposal
 * does to it and to each of its blocks. Rebuild only removes or shortens, never adds, so the
 * original index is the alignment key and the proposed side is derived per visible row.
 */
import type { Analysis } from '../engine/guards.js';
import { blocksOf, messageId } from '../engine/pairing.js';
import type { Action, Block, Message } from '../engine/schema.js';
import { PROTECTING_GUARDS } from '../engine/schema.js';
import type { Truncation } from './sizeModel.js';

export type BlockFate = 'kept' | 'truncated' | 'removed';

export interface RowBlock {
  pairId: string | null;
  action: Action | null;
  fate: BlockFate;
  /** The output the proposed pane shows when `fate` is `truncated` (R13), as the export writes it. */
  truncatedOutput?: string | Block[];
}

/**
 * One line of a row's side-by-side table: an original block beside what the proposal puts in
 * its place, as a diff viewer aligns a hunk with its replacement. A `drop_call` (R14) removes
 * the call and its result; when they stand next to each other in the message, one removal
 * marker spans both lines (`span` 2 on the call's line, 0 on the result's). Every other line
 * has `span` 1: the block itself, its R13 replacement (`truncated`) or its own marker.
 */
export interface BlockLine {
  block: number;
  shows: 'same' | 'truncated' | 'removed';
  /** Lines the proposed cell covers from here; 0 on a line an earlier cell covers. */
  span: number;
  pairId: string | null;
}

export interface AlignedRow {
  index: number;
  id: string;
  role: string;
  status: 'same' | 'changed' | 'removed';
  /** Only tool blocks that belong to a pair or failed pairing; other blocks are always kept. */
  blocks: Map<number, RowBlock>;
  pairIds: string[];
  protected: boolean;
  ineligible: boolean;
  tools: string[];
  /** The proposed side placed beside the original, one line per original block (`blockLines`). */
  lines: BlockLine[];
}

/**
 * Rebuild never adds or reorders blocks (R13–R14), so each replacement belongs on the line of
 * the block it replaces: line `b` is original block `b`, whatever the proposal did before it.
 */
export function blockLines(blocks: ReadonlyMap<number, RowBlock>, count: number): BlockLine[] {
  const lines: BlockLine[] = [];
  for (let b = 0; b < count; b++) {
    const fate = blocks.get(b);
    const pairId = fate?.pairId ?? null;
    const shows = fate?.fate === 'removed' ? 'removed' : fate?.fate === 'truncated' ? 'truncated' : 'same';
    const previous = lines[b - 1];
    if (shows === 'removed' && pairId !== null && previous?.shows === 'removed' && previous.pairId === pairId) {
      previous.span++;
      lines.push({ block: b, shows, span: 0, pairId });
    } else lines.push({ block: b, shows, span: 1, pairId });
  }
  return lines;
}

/** Per message: the pairs touching it (in pair order) and the unpaired tool blocks in it. */
interface MessageIndex {
  pairsAt: Array<Analysis['pairs']>;
  unpairedAt: number[][];
}

/** The rows last aligned for an analysis: a threshold step re-aligns only the rows whose pairs changed action. */
interface LastAlignment {
  index: MessageIndex;
  messages: readonly Message[] | null;
  actions: ReadonlyMap<string, Action>;
  truncated: ReadonlyMap<string, Truncation | null> | undefined;
  rows: AlignedRow[];
}

const aligned = new WeakMap<Analysis, LastAlignment>();

function indexOf(messages: readonly Message[], analysis: Analysis): MessageIndex {
  const pairsAt: MessageIndex['pairsAt'] = messages.map(() => []);
  const unpairedAt: number[][] = messages.map(() => []);
  for (const pair of analysis.pairs) {
    pairsAt[pair.call.message].push(pair);
    if (pair.result.message !== pair.call.message) pairsAt[pair.result.message].push(pair);
  }
  for (const id of analysis.unpaired) for (const ref of id.blocks) unpairedAt[ref.message].push(ref.block);
  return { pairsAt, unpairedAt };
}

function rowOf(
  messages: readonly Message[],
  analysis: Analysis,
  index: number,
  at: MessageIndex,
  actions: ReadonlyMap<string, Action>,
  truncated: ReadonlyMap<string, Truncation | null> | undefined,
): AlignedRow {
  const message = messages[index];
  const row: AlignedRow = {
    index,
    id: messageId(message, index),
    role: typeof message.role === 'string' ? message.role : 'unknown',
    status: 'same',
    blocks: new Map(),
    pairIds: [],
    protected: analysis.protectedMessages[index] ?? false,
    ineligible: false,
    tools: [],
    lines: [],
  };
  for (const pair of at.pairsAt[index]) {
    const action = actions.get(pair.pairId) ?? 'keep';
    if (pair.call.message === index)
      row.blocks.set(pair.call.block, {
        pairId: pair.pairId,
        action,
        fate: action === 'drop_call' ? 'removed' : 'kept',
      });
    if (pair.result.message === index) {
      const truncation = action === 'drop_result' ? truncated?.get(pair.pairId) : undefined;
      row.blocks.set(
        pair.result.block,
        truncation
          ? { pairId: pair.pairId, action, fate: 'truncated', truncatedOutput: truncation.output }
          : { pairId: pair.pairId, action, fate: action === 'drop_call' ? 'removed' : 'kept' },
      );
    }
    row.pairIds.push(pair.pairId);
    if (!row.tools.includes(pair.toolName)) row.tools.push(pair.toolName);
    if (pair.guard !== null && !PROTECTING_GUARDS.has(pair.guard)) row.ineligible = true;
    if (pair.guard === 'protected_call_id' || pair.guard === 'protected_message') row.protected = true;
  }
  for (const block of at.unpairedAt[index]) {
    row.ineligible = true;
    row.blocks.set(block, { pairId: null, action: null, fate: 'kept' });
  }
  // A bare-string content is one text block as the view shows it (display.ts `displayedBlocks`).
  const total = typeof message.content === 'string' ? 1 : blocksOf(message).length;
  row.lines = blockLines(row.blocks, total);
  const fates = [...row.blocks.values()].map((b) => b.fate);
  if (!fates.every((f) => f === 'kept')) {
    row.status = fates.filter((f) => f === 'removed').length === total && total > 0 ? 'removed' : 'changed';
  }
  return row;
}

/**
 * `truncated` (from the size model): pairs whose R13 truncation would not shorten the result
 * stay `kept`. Without it (no run yet) nothing is truncated. Rows are never modified once
 * returned, so the rows of pairs whose action did not change since the last call for the same
 * analysis are the same objects (a threshold step on 10,000 messages re-aligns a few).
 */
export function alignRows(
  messages: readonly Message[],
  analysis: Analysis,
  actions: ReadonlyMap<string, Action>,
  truncated?: ReadonlyMap<string, Truncation | null>,
): AlignedRow[] {
  const last = aligned.get(analysis);
  const index = last?.messages === messages ? last.index : indexOf(messages, analysis);
  let rows: AlignedRow[];
  if (last && last.messages === messages && last.truncated === truncated) {
    rows = last.rows.slice();
    const redo = new Set<number>();
    for (const pair of analysis.pairs)
      if ((actions.get(pair.pairId) ?? 'keep') !== (last.actions.get(pair.pairId) ?? 'keep'))
        redo.add(pair.call.message).add(pair.result.message);
    for (const i of redo) rows[i] = rowOf(messages, analysis, i, index, actions, truncated);
  } else rows = messages.map((_, i) => rowOf(messages, analysis, i, index, actions, truncated));
  // Action maps are never changed once derived (actions.ts): the next step diffs against this one, uncopied.
  aligned.set(analysis, { index, messages, actions, truncated, rows });
  return rows;
}
