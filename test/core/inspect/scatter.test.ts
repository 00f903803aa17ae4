import { describe, expect, it } from 'vitest';
import type { DecisionRow } from '../../../core/inspect/decisionTable.js';
import { nearThreshold, scatterPoints } from '../../../core/inspect/scatter.js';

const row = (
  callId: string,
  keepCall: number | null,
  keepResult: number | null,
  action: DecisionRow['action'],
): DecisionRow => ({
  pairId: `p-${callId}`,
  callId,
  toolName: 'read',
  input: '',
  resultChars: 10,
  resultTokens: 3,
  keepCall,
  keepResult,
  action,
  reason: 'not_needed',
  override: null,
  comment: '',
  callMessage: 1,
  resultMessage: 2,
});

describe('R12 the keep call × keep output scatter', () => {
  it('has a point per answered call and none for a guarded one', () => {
    const points = scatterPoints([row('c1', 0.9, 0.8, 'keep'), row('c2', null, null, 'keep')], 0.5);
    expect(points.map((p) => p.callId)).toEqual(['c1']);
    expect(points[0]).toMatchObject({
      keepCall: 0.9,
      keepResult: 0.8,
      action: 'keep',
      near: false,
      overridden: false,
      stacked: 1,
    });
  });

  it('counts the calls that stand on the same spot on the first of them, so a stack does not read as one call', () => {
    const points = scatterPoints(
      [row('a', 0.1, 0.1, 'drop_call'), row('b', 0.9, 0.9, 'keep'), row('c', 0.1, 0.1, 'drop_call')],
      0.5,
    );
    expect(points.map((p) => p.stacked)).toEqual([2, 1, 0]);
  });

  it('calls a point near when the keep_result line is close, whatever keep_call', () => {
    expect(nearThreshold(0.99, 0.52, 0.5)).toBe(true);
    expect(nearThreshold(0.01, 0.47, 0.5)).toBe(true);
  });

  it('calls a point near the keep_call line only below the keep_result line, where that line decides', () => {
    expect(nearThreshold(0.51, 0.1, 0.5)).toBe(true);
    expect(nearThreshold(0.51, 0.9, 0.5)).toBe(false);
  });

  it('follows the threshold (R15): the same answers are near one line and far from another', () => {
    expect(nearThreshold(0.2, 0.3, 0.5)).toBe(false);
    expect(nearThreshold(0.2, 0.3, 0.32)).toBe(true);
  });
});
