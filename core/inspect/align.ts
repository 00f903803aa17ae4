/**
 * The side-by-side view's alignment: one row per original message, saying what the proposal
 * does to it and to each of its blocks. Rebuild only removes or shortens, never adds, so the
 * original index is the alignment key and the proposed side is derived per visible row.
 */
import type { Analysis } from '../engine/guards.js';
import { blocksOf, messageId } from '../engine/pairing.js';
import type { Action, Block, Message } from '../engine/schema.js';
import type { Truncation } from './curve.js';

export type BlockFate = 'kept' | 'truncated' | 'removed';

export interface RowBlock {
  pairId: string | null;
  action: Action | null;
  fate: BlockFate;
  /** The output the proposed pane shows when `fate` is `truncated` (R13), as the export writes it. */
  truncatedOutput?: string | Block[];
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
}

/**
 * `truncated` (from the size model): pairs whose R13 truncation would not shorten the result
 * stay `kept`. Without it (no run yet) nothing is truncated.
 */
export function alignRows(
  messages: readonly Message[],
  analysis: Analysis,
  actions: ReadonlyMap<string, Action>,
  truncated?: ReadonlyMap<string, Truncation | null>,
): AlignedRow[] {
  const rows: AlignedRow[] = messages.map((message, index) => ({
    index,
    id: messageId(message, index),
    role: typeof message.role === 'string' ? message.role : 'unknown',
    status: 'same',
    blocks: new Map(),
    pairIds: [],
    protected: analysis.protectedMessages[index] ?? false,
    ineligible: false,
    tools: [],
  }));
  for (const pair of analysis.pairs) {
    const action = actions.get(pair.pairId) ?? 'keep';
    const callFate: BlockFate = action === 'drop_call' ? 'removed' : 'kept';
    const truncation = action === 'drop_result' ? truncated?.get(pair.pairId) : undefined;
    const callRow = rows[pair.call.message];
    callRow.blocks.set(pair.call.block, { pairId: pair.pairId, action, fate: callFate });
    rows[pair.result.message].blocks.set(
      pair.result.block,
      truncation
        ? { pairId: pair.pairId, action, fate: 'truncated', truncatedOutput: truncation.output }
        : { pairId: pair.pairId, action, fate: action === 'drop_call' ? 'removed' : 'kept' },
    );
    for (const row of new Set([callRow, rows[pair.result.message]])) {
      row.pairIds.push(pair.pairId);
      if (!row.tools.includes(pair.toolName)) row.tools.push(pair.toolName);
      if (pair.guard !== null && !['tool_not_eligible', 'protected_call_id', 'protected_message'].includes(pair.guard))
        row.ineligible = true;
      if (pair.guard === 'protected_call_id' || pair.guard === 'protected_message') row.protected = true;
    }
  }
  for (const id of analysis.unpaired)
    for (const ref of id.blocks) {
      rows[ref.message].ineligible = true;
      rows[ref.message].blocks.set(ref.block, { pairId: null, action: null, fate: 'kept' });
    }
  for (const row of rows) {
    const fates = [...row.blocks.values()].map((b) => b.fate);
    if (fates.every((f) => f === 'kept')) continue;
    const total = blocksOf(messages[row.index]).length;
    row.status = fates.filter((f) => f === 'removed').length === total && total > 0 ? 'removed' : 'changed';
  }
  return rows;
}
