/**
 * The workspace's host channels (app/host/workspaces.ts) through the one gate: files in, eval's
 * report and the sessions' facts out, progress while it runs, Cancel, and a refusal that names
 * the command line when the files cannot fit the host's memory.
 */
import { describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../../app/host/api.js';
import { setupHost } from '../../../app/host/setup.js';
import { HostApiError } from '../../../app/host/errors.js';
import type { WorkspaceStatus } from '../../../core/ipc/contract.js';
import { debuggingSession } from '../../core/eval/fixtures.js';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';

const offline = { name: 'offline' };
const files = [
  { name: 'debugging.json', text: JSON.stringify(debuggingSession().messages) },
  { name: 'payment.json', text: JSON.stringify(paymentRetryScenario().messages) },
  { name: 'notes.txt', text: 'not a history' },
];

async function finished(handlers: ReturnType<typeof setupHost>['handlers'], id: string): Promise<WorkspaceStatus> {
  return vi.waitFor(
    async () => {
      const status = (await dispatch(handlers, 'workspace.status', { workspaceId: id })) as WorkspaceStatus;
      if (status.state !== 'finished') throw new Error('still running');
      return status;
    },
    { timeout: 20_000, interval: 20 },
  );
}

describe('workspace channels', () => {
  it('measures every session under the policy and lists the files it skipped', async () => {
    const { handlers } = setupHost('web', { env: {} });
    const policy = { eligible_tool_names: null, options: { keep_threshold: 0.6 } };
    const { workspaceId } = (await dispatch(handlers, 'workspace.start', { files, policy, backend: offline })) as {
      workspaceId: string;
    };
    const status = await finished(handlers, workspaceId);
    expect(status.error).toBeNull();
    const evaluation = status.evaluation;
    if (evaluation === null) throw new Error('expected an evaluation');
    expect(evaluation.sessions.map((s) => s.file)).toEqual(['debugging.json', 'payment.json']);
    expect(evaluation.report.settings.threshold).toBe(0.6);
    expect(evaluation.report.peerPolicies).toBeDefined();
    expect(evaluation.skipped.some((line) => line.startsWith('skipping notes.txt:'))).toBe(true);
    expect(evaluation.tools.length).toBeGreaterThan(0);
  });

  it('refuses a file with neither text nor bytes, and files past the memory budget, naming the command line', async () => {
    const { handlers } = setupHost('web', { env: {}, heapBudgetBytes: 1_000_000 });
    const policy = { eligible_tool_names: null, options: {} };
    await expect(
      dispatch(handlers, 'workspace.start', { files: [{ name: 'a.json' }], policy, backend: offline }),
    ).rejects.toThrow(/either text or base64/);
    const big = [{ name: 'big.json', text: JSON.stringify(debuggingSession().messages).padEnd(200_000, ' ') }];
    const refusal = dispatch(handlers, 'workspace.start', { files: big, policy, backend: offline });
    await expect(refusal).rejects.toThrow(HostApiError);
    await expect(refusal).rejects.toThrow(/eval PATH… --policy FILE/);
  });

  it('cancels an evaluation in flight', async () => {
    const { handlers } = setupHost('web', { env: {} });
    const many = Array.from({ length: 30 }, (_, i) => ({ ...files[0], name: `s${i}.json` }));
    const policy = { eligible_tool_names: null, options: {} };
    const { workspaceId } = (await dispatch(handlers, 'workspace.start', {
      files: many,
      policy,
      backend: offline,
    })) as {
      workspaceId: string;
    };
    expect(await dispatch(handlers, 'workspace.cancel', { workspaceId })).toEqual({ cancelled: true });
    const status = await finished(handlers, workspaceId);
    expect(status.error?.code).toBe('cancelled');
    expect(status.evaluation).toBeNull();
  });
});
