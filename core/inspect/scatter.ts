/**
 * The keep_call × keep_result picture of the Decisions tab: one point per call the model answered
 * (R8), coloured by the action that applies, against the threshold lines that divide the square
 * into R12's three regions — keep_result ≥ t keeps; below it, keep_call ≥ t drops the result only,
 * else the call. A point is *near* when a small move of the threshold would change its verdict:
 * within `margin` of the keep_result line, or (below it) of the keep_call line, which only
 * decides there.
 */
import type { Action } from '../engine/schema.js';
import type { DecisionRow } from './decisionTable.js';

export interface ScatterPoint {
  pairId: string;
  callId: string;
  toolName: string;
  keepCall: number;
  keepResult: number;
  action: Action;
  /** An override decides this call, not the threshold. */
  overridden: boolean;
  near: boolean;
  /** On the first of several calls at the same spot, how many stand there (else 1 or 0 on the others), so none hides. */
  stacked: number;
  /** The message the call stands in, to open it in the audit. */
  callMessage: number;
}

export const NEAR_MARGIN = 0.05;

/** Whether moving the threshold by less than `margin` could change the verdict of (keepCall, keepResult) (R12). */
export function nearThreshold(keepCall: number, keepResult: number, threshold: number, margin = NEAR_MARGIN): boolean {
  if (Math.abs(keepResult - threshold) < margin) return true;
  return keepResult < threshold && Math.abs(keepCall - threshold) < margin;
}

/** The points of every answered call, in the rows' order; guarded calls have no answers and no point. */
export function scatterPoints(rows: readonly DecisionRow[], threshold: number, margin = NEAR_MARGIN): ScatterPoint[] {
  const points: ScatterPoint[] = [];
  for (const row of rows) {
    if (row.keepCall === null || row.keepResult === null || row.action === null) continue;
    points.push({
      pairId: row.pairId,
      callId: row.callId,
      toolName: row.toolName,
      keepCall: row.keepCall,
      keepResult: row.keepResult,
      action: row.action,
      overridden: row.override !== null,
      near: nearThreshold(row.keepCall, row.keepResult, threshold, margin),
      stacked: 1,
      callMessage: row.callMessage,
    });
  }
  const first = new Map<string, ScatterPoint>();
  for (const point of points) {
    const key = `${point.keepCall}|${point.keepResult}`;
    const at = first.get(key);
    if (at) {
      at.stacked++;
      point.stacked = 0;
    } else first.set(key, point);
  }
  return points;
}
