/**
 * The decisions table: one row per tool-call pair of the audit model (candidates and guarded
 * pairs alike, as the audit record lists them), with what a reviewer sorts and filters by —
 * tool, input, result size, the two answers, the action, its reason (R12, R15), any override
 * and comment — and where the pair sits, so a row can scroll the audit to its call.
 */
import type { Analysis } from '../engine/guards.js';
import { estimateTokens } from '../engine/tokens.js';
import type { Action, Block } from '../engine/schema.js';
import { displayInput, displayOutput } from './display.js';
import type { AuditModel } from './review.js';

export interface DecisionRow {
  pairId: string;
  callId: string;
  toolName: string;
  /** The input as the audit view displays it (display.ts), on one line and cut at INPUT_SUMMARY_CHARS. */
  input: string;
  /** Characters of the result as displayed; `resultTokens` the R7 estimate of the same text. */
  resultChars: number;
  resultTokens: number;
  keepCall: number | null;
  keepResult: number | null;
  /** The action that applies (overrides included); null before a run. */
  action: Action | null;
  reason: string;
  override: Action | null;
  comment: string;
  /** Message indices of the call and the result. */
  callMessage: number;
  resultMessage: number;
}

export const INPUT_SUMMARY_CHARS = 120;

// Sizes are facts of the history, measured once per result block across runs and policies.
const sizes = new WeakMap<Block, { chars: number; tokens: number }>();
function sizeOf(block: Block) {
  let size = sizes.get(block);
  if (!size) {
    const text = displayOutput(block.output);
    sizes.set(block, (size = { chars: text.length, tokens: estimateTokens(text) }));
  }
  return size;
}

function summary(input: unknown): string {
  const line = displayInput(input).replace(/\s+/g, ' ');
  return line.length > INPUT_SUMMARY_CHARS ? `${line.slice(0, INPUT_SUMMARY_CHARS)}…` : line;
}

export function decisionRows(
  analysis: Analysis,
  audit: AuditModel,
  comments: Readonly<Record<string, string>>,
): DecisionRow[] {
  return analysis.pairs.map((pair): DecisionRow => {
    const review = audit.pairs.get(pair.pairId);
    const size = sizeOf(pair.resultBlock);
    return {
      pairId: pair.pairId,
      callId: pair.callId,
      toolName: pair.toolName,
      input: summary(pair.callBlock.input),
      resultChars: size.chars,
      resultTokens: size.tokens,
      keepCall: review?.keepCall ?? null,
      keepResult: review?.keepResult ?? null,
      action: review?.action ?? null,
      reason: review?.reason ?? pair.guard ?? 'candidate',
      override: review?.override ?? null,
      comment: comments[pair.pairId] ?? '',
      callMessage: pair.call.message,
      resultMessage: pair.result.message,
    };
  });
}

export const DECISION_COLUMNS = [
  'toolName',
  'input',
  'resultChars',
  'resultTokens',
  'keepCall',
  'keepResult',
  'action',
  'reason',
  'override',
  'comment',
] as const satisfies ReadonlyArray<keyof DecisionRow>;
export type DecisionColumn = (typeof DECISION_COLUMNS)[number];

export interface DecisionSort {
  column: DecisionColumn | null;
  dir: 'ascending' | 'descending';
}

/** Which rows the action filter keeps: every pair, the candidates, one action, or the guarded pairs. */
export type ActionFilter = 'all' | 'candidates' | 'guarded' | Action;

export interface DecisionFilter {
  text: string;
  action: ActionFilter;
}

const GUARDED = (row: DecisionRow) =>
  ![
    'candidate',
    'result_needed',
    'call_needed',
    'not_needed',
    'peer_kept',
    'peer_cleared',
    'peer_not_triggered',
  ].includes(row.reason);

/**
 * The rows the filter keeps, sorted by one column (nulls last either way, ties in pair order);
 * `text` matches the tool, call id, input, reason and comment case-insensitively.
 */
export function viewDecisions(rows: readonly DecisionRow[], filter: DecisionFilter, sort: DecisionSort): DecisionRow[] {
  const q = filter.text.trim().toLowerCase();
  const kept = rows.filter((row) => {
    if (filter.action === 'candidates' && GUARDED(row)) return false;
    if (filter.action === 'guarded' && !GUARDED(row)) return false;
    if (filter.action !== 'all' && filter.action !== 'candidates' && filter.action !== 'guarded')
      if (row.action !== filter.action) return false;
    if (q === '') return true;
    return [row.toolName, row.callId, row.input, row.reason, row.comment, row.override ?? ''].some((s) =>
      s.toLowerCase().includes(q),
    );
  });
  const { column } = sort;
  if (column === null) return kept;
  const sign = sort.dir === 'ascending' ? 1 : -1;
  return kept
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[column];
      const y = b.row[column];
      if (x === y) return a.i - b.i;
      if (x === null || x === '') return 1;
      if (y === null || y === '') return -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order === 0 ? a.i - b.i : sign * order;
    })
    .map(({ row }) => row);
}
