/**
 * The workspace over the shared transcripts: the first full evaluation (every cut of every
 * session, the model, the baselines and every peer policy; core/eval/workspace.ts, as the host
 * runs it) and a threshold step (core/inspect/workspace.ts: rows and curve re-read from the
 * measured sweep, no model call), and a tool unticked after it (the host's cache: only the sessions
 * calling it measured again). Median of BENCH_RUNS runs, in this process.
 * Run: `npm run bench workspace`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import { evaluateWorkspace } from '../../core/eval/workspace.js';
import { workspaceCurve, workspaceRows, workspaceSessionFacts } from '../../core/inspect/workspace.js';
import { ROOT } from '../app/cli/support.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { median } from './processRuns.js';
import { workspaceFiles } from '../support/workspaceFiles.js';
import type { CutResult } from '../../core/eval/evaluate.js';
import { countingModel } from '../support/countingModel.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = 200;
const paths = [sharedPath('corpus'), sharedPath('formats')];
if (paths.includes(null)) {
  process.stdout.write(`workspace ${sharedSkipReason('corpus')}\n`);
  process.exit(0);
}
const files = workspaceFiles(paths as string[]);
const totalMB = files.reduce((n, f) => n + f.bytes, 0) / 1048576;

const evaluations: number[] = [];
const steps: number[] = [];
/** Bash unticked after a first evaluation, with the host's cache of each session's results. */
const untick: number[] = [];
let untickAsks = 0;
let firstAsks = 0;
let sessions = 0;
let cuts = 0;
let peakHeapMB = 0;
for (let run = 0; run < RUNS; run++) {
  const cache = new Map<string, CutResult[]>();
  const first = countingModel(createOfflineModel());
  const started = performance.now();
  const evaluation = await evaluateWorkspace(files, { eligible_tool_names: null, options: {} }, first, { cache });
  evaluations.push(performance.now() - started);
  if (evaluation.stopped) throw new Error('stopped');
  firstAsks = first.count;
  const withoutBash = evaluation.tools.map((t) => t.name).filter((name) => name !== 'Bash');
  const again = countingModel(createOfflineModel());
  const untickStarted = performance.now();
  await evaluateWorkspace(files, { eligible_tool_names: withoutBash, options: {} }, again, { cache });
  untick.push(performance.now() - untickStarted);
  untickAsks = again.count;
  peakHeapMB = Math.max(peakHeapMB, process.memoryUsage().heapUsed / 1048576);
  sessions = evaluation.sessions.length;
  cuts = evaluation.report.cuts.length;
  const facts = workspaceSessionFacts(evaluation);
  const stepStarted = performance.now();
  for (let i = 0; i < STEPS; i++) {
    const threshold = 0.05 + (i % 19) * 0.05;
    workspaceRows(evaluation, threshold, facts);
    workspaceCurve(evaluation, threshold);
  }
  steps.push((performance.now() - stepStarted) / STEPS);
}

const table = [
  `The workspace over ../shared/corpus and ../shared/formats (${files.length} files, ${totalMB.toFixed(1)} MB, ${sessions} sessions, ${cuts} cuts), offline model, every tool eligible, every peer policy; median of ${RUNS} runs in one process, node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| measure | value |',
  '|---|---|',
  `| first full evaluation | ${(median(evaluations) / 1000).toFixed(2)} s (${evaluations.map((ms) => (ms / 1000).toFixed(2)).join(', ')}) |`,
  `| Bash unticked after it (only the sessions calling Bash measured again) | ${(median(untick) / 1000).toFixed(2)} s, ${untickAsks} model asks of ${firstAsks} |`,
  `| threshold step (rows and curve from the measured sweep, no model call) | ${median(steps).toFixed(1)} ms |`,
  `| heap after an evaluation | ${peakHeapMB.toFixed(0)} MB |`,
  '',
].join('\n');
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(ROOT, 'bench-results/workspace.md'), table);
process.stdout.write(table);
