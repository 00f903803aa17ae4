/**
 * The label ceiling: what a policy that knew every label would reach on the same cuts, so a
 * reader can tell a weak model from a target the transcripts cannot give.
 *
 * Knowing the labels, a policy keeps every result used later (under either label) intact,
 * truncates the result of every call still needed (callLabel.ts: its input or target named
 * again) and drops every other call whole (R12): recall 1 under both labels, measured on the
 * rebuilt history like any policy. Recall counts results only, so a second variant drops
 * every call whose result is not used, needed or not: what the recall figures allow when a
 * lost call input is free. Spending the recall a floor allows (`MIN_RECALL`, the default
 * operating point's), each variant then gives up used results too, largest saving first, while
 * pooled recall stays at the floor under every label. A saving is counted on the blocks alone:
 * exact for a truncation (only its `output` changes), a lower bound for a dropped call (a
 * message it leaves empty goes too). The greedy order makes the floor figures reductions some
 * policy reaches, not proven maxima.
 */
import type { Analysis } from '../engine/guards.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { truncateOutput } from '../engine/rebuild.js';
import type { Action } from '../engine/schema.js';
import type { CallUse } from './callLabel.js';
import type { CutLabels, LabelName } from './labels.js';
import { LABELS } from './labels.js';
import type { Actions } from '../policies/baselines.js';

/** The two variants: whether a call still needed keeps its input (its result truncated) or goes whole. */
export const CEILING_VARIANTS = ['keepingNeededCalls', 'droppingCalls'] as const;
export type CeilingVariant = (typeof CEILING_VARIANTS)[number];

/** The labelled actions of one cut: used results kept, needed calls truncated (first variant), the rest dropped. */
export function labelledActions(
  analysis: Analysis,
  labels: CutLabels,
  calls: ReadonlyMap<string, CallUse>,
  variant: CeilingVariant,
): Actions {
  return new Map(
    analysis.candidates.map((pair): [string, Action] => {
      const used = LABELS.some((label) => labels[label].get(pair.callId)?.used === true);
      const needed = variant === 'keepingNeededCalls' && calls.get(pair.callId)?.needed === true;
      return [pair.pairId, used ? 'keep' : needed ? 'drop_result' : 'drop_call'];
    }),
  );
}

/** A used result the ceiling may give up: what it saves in each variant and which labels it counts under. */
export interface UsedSaving {
  saves: Record<CeilingVariant, number>;
  used: Record<LabelName, boolean>;
}

/**
 * Per used candidate of a cut, the compact-JSON characters that giving it up saves: its result
 * truncated (R13) when its call is kept, the call and result blocks when dropped whole.
 */
export function usedSavings(
  analysis: Analysis,
  labels: CutLabels,
  calls: ReadonlyMap<string, CallUse>,
  options: RebuildOptions,
): UsedSaving[] {
  const out: UsedSaving[] = [];
  for (const pair of analysis.candidates) {
    const used = Object.fromEntries(
      LABELS.map((label) => [label, labels[label].get(pair.callId)?.used === true]),
    ) as Record<LabelName, boolean>;
    if (!LABELS.some((label) => used[label])) continue;
    const output = pair.resultBlock.output;
    const shortened = truncateOutput(output, pair, options);
    const truncation = shortened === null ? 0 : JSON.stringify(output).length - JSON.stringify(shortened).length;
    // A block and the comma that separates it from its neighbours.
    const dropped = JSON.stringify(pair.callBlock).length + JSON.stringify(pair.resultBlock).length + 2;
    const needed = calls.get(pair.callId)?.needed === true;
    out.push({ saves: { keepingNeededCalls: needed ? truncation : dropped, droppingCalls: dropped }, used });
  }
  return out;
}

export interface CeilingPoint {
  reduction: number;
  recall: Record<LabelName, number | null>;
}

export interface CeilingFigures {
  /** Every used result kept: recall 1 under every label. */
  full: CeilingPoint;
  /** The floor's recall spent on the used results whose loss saves the most. */
  atFloor: CeilingPoint;
}

export type Ceiling = { floor: number } & Record<CeilingVariant, CeilingFigures>;

/** One cut's part: its history's length, each variant's labelled rebuild's, and its used results. */
export interface CutCeiling {
  charsBefore: number;
  charsAfter: Record<CeilingVariant, number>;
  used: UsedSaving[];
}

/** Pooled over cuts, both variants. */
export function poolCeiling(cuts: readonly CutCeiling[], floor: number): Ceiling {
  const figures = (variant: CeilingVariant) =>
    poolVariant(
      cuts.map((c) => ({
        before: c.charsBefore,
        after: c.charsAfter[variant],
        savings: c.used.map((u) => ({ saves: u.saves[variant], used: u.used })),
      })),
      floor,
    );
  return { floor, keepingNeededCalls: figures('keepingNeededCalls'), droppingCalls: figures('droppingCalls') };
}

function poolVariant(
  cuts: ReadonlyArray<{
    before: number;
    after: number;
    savings: ReadonlyArray<{ saves: number; used: Record<LabelName, boolean> }>;
  }>,
  floor: number,
): CeilingFigures {
  const before = cuts.reduce((sum, c) => sum + c.before, 0);
  const saved = cuts.reduce((sum, c) => sum + (c.before - c.after), 0);
  const all = cuts.flatMap((c) => c.savings);
  const used = Object.fromEntries(LABELS.map((l) => [l, all.filter((t) => t.used[l]).length])) as Record<
    LabelName,
    number
  >;
  const kept = { ...used };
  let extra = 0;
  for (const t of [...all].sort((a, b) => b.saves - a.saves)) {
    if (t.saves <= 0) break;
    if (LABELS.some((l) => t.used[l] && used[l] > 0 && (kept[l] - 1) / used[l] < floor - 1e-12)) continue;
    for (const l of LABELS) if (t.used[l]) kept[l]--;
    extra += t.saves;
  }
  const recall = (k: Record<LabelName, number>) =>
    Object.fromEntries(LABELS.map((l) => [l, used[l] === 0 ? null : k[l] / used[l]])) as Record<
      LabelName,
      number | null
    >;
  const reduction = (chars: number) => (before === 0 ? 0 : chars / before);
  return {
    full: { reduction: reduction(saved), recall: recall(used) },
    atFloor: { reduction: reduction(saved + extra), recall: recall(kept) },
  };
}

/** The four points every report shows, named for a reader, in the order of their reduction. */
export function ceilingRows(ceiling: Ceiling): Array<{ name: string; point: CeilingPoint }> {
  const floor = `at ${Math.round(ceiling.floor * 100)} % recall`;
  return [
    { name: 'calls still needed kept, every used result kept', point: ceiling.keepingNeededCalls.full },
    { name: `calls still needed kept, ${floor}`, point: ceiling.keepingNeededCalls.atFloor },
    { name: 'every unused call dropped, every used result kept', point: ceiling.droppingCalls.full },
    { name: `every unused call dropped, ${floor}`, point: ceiling.droppingCalls.atFloor },
  ];
}

/** What the ceiling is, in one sentence: the heading of every report's ceiling table. */
export const CEILING_TITLE =
  'a policy that knew every label: used results kept intact, the rest dropped whole or truncated';
