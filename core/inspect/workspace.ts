/**
 * What the workspace shows of an evaluation (core/eval/workspace.ts) at a threshold: a row per
 * session, the pooled recall-against-reduction curve with the threshold marked, and the peer
 * policies as points. A threshold step reads the sweep the evaluation already measured at every
 * threshold (R15: actions follow from the stored probabilities), so it asks no model.
 */
import { SWEEP_THRESHOLDS } from '../eval/evaluate.js';
import type { LabelName } from '../eval/labels.js';
import type { Figures } from '../eval/measure.js';
import { poolPolicies } from '../eval/peerReport.js';
import type { WorkspaceEvaluation } from '../eval/workspace.js';

/** The label the workspace reports recall under: a result counts as used when the agent used it later. */
export const WORKSPACE_LABEL: LabelName = 'later-use';

export interface WorkspaceRow {
  source: string;
  file: string;
  format: string;
  messages: number;
  calls: number;
  bytes: number;
  /** The session's cuts measured; 0 when it has no cut point (its figures are then null). */
  cuts: number;
  candidates: number | null;
  /** At the workspace threshold. */
  reduction: number | null;
  recall: number | null;
  /** At the threshold the evaluation ran with: the share of tokens before the first change (the cache kept). */
  cacheKept: number | null;
  /** At the threshold the evaluation ran with: the next request's cost with the compaction / without it. */
  nextRequest: number | null;
}

export type WorkspaceColumn = keyof WorkspaceRow;

/** The sweep's threshold nearest `threshold`: the steps the workspace moves in. */
export function sweepIndex(threshold: number): number {
  let best = 0;
  for (let i = 1; i < SWEEP_THRESHOLDS.length; i++)
    if (Math.abs(SWEEP_THRESHOLDS[i] - threshold) < Math.abs(SWEEP_THRESHOLDS[best] - threshold)) best = i;
  return best;
}

export const WORKSPACE_THRESHOLDS: readonly number[] = SWEEP_THRESHOLDS;

function atThreshold(figures: Figures | undefined): Pick<WorkspaceRow, 'reduction' | 'recall' | 'candidates'> {
  if (figures === undefined) return { reduction: null, recall: null, candidates: null };
  return { reduction: figures.reduction, recall: figures.recall, candidates: figures.candidates };
}

/** What a session's row holds whatever the threshold: its facts and the cache figures at the threshold measured. */
export type SessionFacts = Omit<WorkspaceRow, 'reduction' | 'recall' | 'candidates'>;

/** Each session's threshold-free facts: computed once per evaluation, read at every threshold step. */
export function workspaceSessionFacts(evaluation: WorkspaceEvaluation): SessionFacts[] {
  const cutsOf = new Map<string, WorkspaceEvaluation['report']['cuts']>();
  for (const cut of evaluation.report.cuts) cutsOf.set(cut.source, [...(cutsOf.get(cut.source) ?? []), cut]);
  const pooled = new Map(evaluation.report.transcripts.map((t) => [t.source, t.pooled[WORKSPACE_LABEL]]));
  return evaluation.sessions.map((session) => {
    const cuts = cutsOf.get(session.source) ?? [];
    const model = cuts.length === 0 ? undefined : poolPolicies(cuts, 'model')?.policies.find((p) => p.id === 'model');
    return {
      ...session,
      cuts: pooled.get(session.source)?.cuts ?? 0,
      cacheKept: model?.prefixShare ?? null,
      nextRequest: model?.nextRequest ?? null,
    };
  });
}

/** A row per session, at `threshold`, in the order the files were given. */
export function workspaceRows(
  evaluation: WorkspaceEvaluation,
  threshold: number,
  facts: readonly SessionFacts[] = workspaceSessionFacts(evaluation),
): WorkspaceRow[] {
  const i = sweepIndex(threshold);
  const pooled = new Map(evaluation.report.transcripts.map((t) => [t.source, t.pooled[WORKSPACE_LABEL]]));
  return facts.map((session) => ({ ...session, ...atThreshold(pooled.get(session.source)?.sweep[i]) }));
}

export interface CurvePoint {
  threshold: number;
  reduction: number;
  recall: number | null;
}

export interface WorkspaceCurve {
  points: CurvePoint[];
  marker: CurvePoint;
  /** Each peer policy at its parameters, pooled over the same cuts. */
  peers: Array<{ name: string; reduction: number; recall: number | null }>;
}

/** The pooled curve over every threshold, the threshold marked, the peers as points. */
export function workspaceCurve(evaluation: WorkspaceEvaluation, threshold: number): WorkspaceCurve {
  const points = evaluation.report.pooled[WORKSPACE_LABEL].sweep.map((p) => ({
    threshold: p.threshold,
    reduction: p.reduction,
    recall: p.recall,
  }));
  const peers = (evaluation.report.peerPolicies?.policies ?? [])
    .filter((p) => p.id !== 'model')
    .map((p) => ({
      name: p.name,
      reduction: p.figures[WORKSPACE_LABEL].reduction,
      recall: p.figures[WORKSPACE_LABEL].recall,
    }));
  return { points, marker: points[sweepIndex(threshold)], peers };
}

/** Rows sorted by `column` (nulls last), then by source so equal values keep a stable order. */
export function sortWorkspaceRows(
  rows: readonly WorkspaceRow[],
  column: WorkspaceColumn | null,
  dir: 'ascending' | 'descending',
): WorkspaceRow[] {
  if (column === null) return [...rows];
  const sign = dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? a.source.localeCompare(b.source) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.source.localeCompare(b.source) : sign * order;
  });
}

/** Rows whose file, format or session name holds `text` (case-insensitive). */
export function filterWorkspaceRows(rows: readonly WorkspaceRow[], text: string): WorkspaceRow[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((r) => `${r.source} ${r.format}`.toLowerCase().includes(needle));
}

/** The goal a session's audit opens with: the next action at its last cut, as `eval` asked it. */
export function sessionGoal(evaluation: WorkspaceEvaluation, source: string): string | null {
  const cuts = evaluation.report.cuts.filter((c) => c.source === source);
  return cuts.length === 0 ? null : cuts[cuts.length - 1].goal;
}
