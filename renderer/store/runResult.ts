/**
 * What a finished run fixed (`RunResult`), built from its answer without holding the page: the
 * passes over every message (sizes, R13 truncations, the curve) run in the snapshot worker
 * while this thread runs the guards (R3–R5), and the build stops between stages when the run
 * is cancelled.
 */
import { policyOf } from '../../core/engine/compact.js';
import { analyze } from '../../core/engine/guards.js';
import { rebuildOptionsOf } from '../../core/engine/rebuild.js';
import type { Message } from '../../core/engine/schema.js';
import { probabilitiesOf } from '../../core/inspect/actions.js';
import type { CurvePoint } from '../../core/inspect/curve.js';
import { probabilityHistogram } from '../../core/inspect/histogram.js';
import type { RunSettings } from '../../core/ipc/contract.js';
import { nextTask } from '../nextTask.js';
import type { SnapshotParser } from '../worker/client.js';
import type { RunResult } from './derive.js';

export interface Answered {
  messages: readonly Message[];
  /** The settings the run was asked with, not whatever the form holds now. */
  request: RunSettings;
  asked: RunResult['asked'];
  startedAt: string;
  finishedAt: string;
}

/** The run's result and its curve at no overrides; null when `signal` aborted first. */
export async function buildRunResult(
  run: Answered,
  parser: Pick<SnapshotParser, 'measure'>,
  signal: AbortSignal,
): Promise<{ result: RunResult; curve: CurvePoint[] } | null> {
  const { messages, request, asked } = run;
  const { outcome } = asked;
  // The answer was parsed and its stage shown in this task; the guards get one of their own.
  await nextTask();
  if (signal.aborted) return null;
  const policy = policyOf(request);
  const probs = probabilitiesOf(outcome.decisions);
  const measured = parser.measure({ policy, rebuildOptions: rebuildOptionsOf(request), probs: [...probs] });
  const analysis = analyze(messages, policy);
  const histogram = probabilityHistogram([...probs.values()].map((p) => p.keepResult));
  const decisions = new Map(outcome.decisions.map((d) => [d.pair_id, d]));
  await nextTask();
  if (signal.aborted) return null;
  const { sizes, curve } = await measured;
  if (signal.aborted) return null;
  return {
    result: {
      asked,
      outcome,
      request,
      policy,
      analysis,
      decisions,
      probs,
      histogram,
      sizes: { ...sizes, pairs: analysis.pairs },
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
    },
    curve,
  };
}
