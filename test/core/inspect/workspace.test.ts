/**
 * The workspace's derivations (core/inspect/workspace.ts): a threshold step re-reads the sweep
 * the evaluation measured (R15), rows sort and filter, the curve marks the threshold.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import type { WorkspaceEvaluation } from '../../../core/eval/workspace.js';
import { evaluateWorkspace } from '../../../core/eval/workspace.js';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import {
  filterWorkspaceRows,
  sessionGoal,
  sortWorkspaceRows,
  sweepIndex,
  workspaceCurve,
  workspaceRows,
} from '../../../core/inspect/workspace.js';
import { countingModel } from '../../support/countingModel.js';
import { debuggingSession } from '../eval/fixtures.js';

const file = (name: string, messages: unknown) => {
  const text = JSON.stringify(messages);
  return { name, input: text, sha256: '0'.repeat(64), bytes: text.length };
};

async function evaluation(): Promise<WorkspaceEvaluation> {
  const files = [
    file('debugging.json', debuggingSession().messages),
    file('payment.json', paymentRetryScenario().messages),
    file('short.json', debuggingSession().messages.slice(0, 3)),
  ];
  const result = await evaluateWorkspace(files, { eligible_tool_names: null, options: {} }, createOfflineModel());
  if (result.stopped) throw new Error('not stopped');
  return result;
}

describe('workspace view', () => {
  it('R15 a threshold step re-reads the measured sweep and asks the model nothing', async () => {
    const counted = countingModel(createOfflineModel());
    const files = [file('debugging.json', debuggingSession().messages)];
    const result = await evaluateWorkspace(files, { eligible_tool_names: null, options: {} }, counted);
    if (result.stopped) throw new Error('not stopped');
    const asked = counted.count;
    expect(asked).toBeGreaterThan(0);
    const low = workspaceRows(result, 0.05)[0];
    const high = workspaceRows(result, 0.95)[0];
    expect(counted.count).toBe(asked);
    expect(low.reduction).not.toBeNull();
    // A higher threshold keeps less: reduction never falls as the threshold rises.
    expect(high.reduction as number).toBeGreaterThanOrEqual(low.reduction as number);
    expect(workspaceCurve(result, 0.95).marker.threshold).toBe(0.95);
    expect(workspaceCurve(result, 0.5).marker.reduction).toBe(
      result.report.pooled['later-use'].sweep[sweepIndex(0.5)].reduction,
    );
  });

  it('lists a session without a cut point with no figures, sorts with nulls last and filters by name', async () => {
    const result = await evaluation();
    const rows = workspaceRows(result, 0.5);
    expect(rows.map((r) => r.file)).toEqual(['debugging.json', 'payment.json', 'short.json']);
    const short = rows.find((r) => r.file === 'short.json');
    expect(short).toMatchObject({ cuts: 0, reduction: null, recall: null });
    const byReduction = sortWorkspaceRows(rows, 'reduction', 'descending');
    expect(byReduction.at(-1)?.file).toBe('short.json');
    expect(filterWorkspaceRows(rows, 'PAYMENT').map((r) => r.file)).toEqual(['payment.json']);
    expect(sessionGoal(result, 'debugging.json')).toBe(
      result.report.cuts.filter((c) => c.source === 'debugging.json').at(-1)?.goal,
    );
    expect(sessionGoal(result, 'short.json')).toBeNull();
    expect(workspaceCurve(result, 0.5).peers.length).toBeGreaterThan(0);
  });
});
