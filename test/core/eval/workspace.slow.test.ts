/**
 * One computation: the inspector's workspace and `eval --policy FILE --policies --json` give the
 * same report for the same files and policy, because both come from core/eval/measureAll.ts.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { evaluateWorkspace } from '../../../core/eval/workspace.js';
import { workspaceFiles } from '../../support/workspaceFiles.js';
import type { CutResult } from '../../../core/eval/evaluate.js';
import { countingModel } from '../../support/countingModel.js';
import { runCli, tempDir } from '../../app/cli/support.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const corpus = sharedPath('corpus');
const formats = sharedPath('formats');
const absent = corpus === null || formats === null;

describe.skipIf(absent)(`the workspace's figures ${absent ? sharedSkipReason('corpus') : ''}`, () => {
  it('equal eval --policy --policies --json on ../shared/corpus and ../shared/formats', async () => {
    tmp = tempDir();
    const paths = [corpus as string, formats as string];
    const policy = { eligible_tool_names: ['Read', 'Grep', 'bash', 'read_file'], options: { keep_threshold: 0.55 } };
    const policyFile = tmp.write('policy.json', JSON.stringify({ compaction_policy: 1, ...policy }));
    const cli = await runCli(['eval', ...paths, '--policies', '--json', '--policy', policyFile], { cwd: tmp.dir });
    expect(cli.code).toBe(0);
    const files = workspaceFiles(paths);
    const workspace = await evaluateWorkspace(files, policy, createOfflineModel());
    if (workspace.stopped) throw new Error('not stopped');
    expect(JSON.parse(JSON.stringify(workspace.report))).toEqual(JSON.parse(cli.stdout));
    expect(workspace.sessions.length).toBe(
      workspace.report.transcripts.length + countSkippedSessions(workspace.skipped),
    );
    expect(workspace.tools.find((t) => t.name === 'Read')?.calls).toBeGreaterThan(0);
  });
});

describe.skipIf(absent)(
  `the workspace measures again only what a change reaches ${absent ? sharedSkipReason('corpus') : ''}`,
  () => {
    it('R5 R15 unticking a tool re-measures only the sessions calling it, with the figures of a fresh evaluation', async () => {
      const files = workspaceFiles([formats as string]);
      const cache = new Map<string, CutResult[]>();
      const all = { eligible_tool_names: ['Read', 'Grep', 'Bash', 'read_file', 'bash'], options: {} };
      const first = countingModel(createOfflineModel());
      await evaluateWorkspace(files, all, first, { cache });
      const withoutRead = { ...all, eligible_tool_names: ['Grep', 'Bash', 'read_file', 'bash'] };
      const again = countingModel(createOfflineModel());
      const cached = await evaluateWorkspace(files, withoutRead, again, { cache });
      const freshModel = countingModel(createOfflineModel());
      const fresh = await evaluateWorkspace(files, withoutRead, freshModel);
      if (cached.stopped || fresh.stopped) throw new Error('not stopped');
      expect(JSON.parse(JSON.stringify(cached))).toEqual(JSON.parse(JSON.stringify(fresh)));
      // Only the sessions that call Read were asked again.
      expect(again.count).toBeGreaterThan(0);
      expect(again.count).toBeLessThan(freshModel.count);
      // The same policy again: nothing is measured.
      const same = countingModel(createOfflineModel());
      await evaluateWorkspace(files, withoutRead, same, { cache });
      expect(same.count).toBe(0);
    });
  },
);

/** Sessions read but without a cut point are listed as sessions and skipped by the measurement. */
function countSkippedSessions(skipped: readonly string[]): number {
  return skipped.filter((line) => line.endsWith('(needs an assistant message after at least 8 messages)')).length;
}
