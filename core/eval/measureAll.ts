/**
 * A policy measured over many transcripts: every cut of every transcript through one model,
 * then the report. The one computation behind `eval` and the inspector's workspace, so a
 * figure the workspace shows is the figure `eval --policy FILE --json` prints for the same files.
 */
import type { DecisionModel } from '../engine/model.js';
import type { Message } from '../engine/schema.js';
import { FITTED_WEIGHTS } from '../engine/offline/weights.js';
import { pickCuts } from './cuts.js';
import type { CutResult, EvalSettings } from './evaluate.js';
import { evaluateCut } from './evaluate.js';
import { labelContext } from './labels.js';

/** What a measured transcript must have: its name, the hash of its file's bytes, its messages. */
export interface MeasuredTranscript {
  source: string;
  sha256: string;
  messages: Message[];
}

export interface MeasureProgress {
  /** A transcript with no cut point: nothing of it is measured. */
  skipped?: (source: string, reason: string) => void;
  /** After each cut: how many are done of how many, and that cut's result and time. */
  cut?: (done: number, total: number, result: CutResult, ms: number) => void;
}

/** Why a transcript has no cut point (cuts.ts). */
export const NO_CUT_REASON = 'no cut point (needs an assistant message after at least 8 messages)';

/**
 * Results measured before, by a key that names everything a transcript's results depend on (the
 * workspace's: its bytes, the eligible tools it calls, the options, the model): a transcript
 * whose key is stored is not measured again. Only whole transcripts are stored.
 */
export interface MeasuredCache {
  keyOf(transcript: MeasuredTranscript): string;
  results: Map<string, CutResult[]>;
}

/** The cut results of every transcript, in order; `stopped` when `settings.signal` ended it early. */
export async function measureTranscripts(
  transcripts: readonly MeasuredTranscript[],
  model: DecisionModel,
  cuts: number,
  settings: EvalSettings,
  progress: MeasureProgress = {},
  cache?: MeasuredCache,
): Promise<{ results: CutResult[]; total: number; stopped: boolean }> {
  const plan = transcripts.map((t) => ({ ...t, cuts: pickCuts(t.messages, cuts) }));
  for (const t of plan) if (t.cuts.length === 0) progress.skipped?.(t.source, NO_CUT_REASON);
  const total = plan.reduce((n, t) => n + t.cuts.length, 0);
  const results: CutResult[] = [];
  for (const t of plan) {
    const key = cache?.keyOf(t);
    const stored = key === undefined ? undefined : cache?.results.get(key);
    if (stored !== undefined && stored.length === t.cuts.length) {
      for (const result of stored) {
        results.push(result);
        progress.cut?.(results.length, total, result, 0);
      }
      continue;
    }
    const first = results.length;
    // Labels only for a transcript measured now (a stored one needs none), and once for all its cuts.
    let context: ReturnType<typeof labelContext> | null = null;
    for (const cut of t.cuts) {
      context ??= labelContext(t.messages);
      // A local model answers in microtasks only: yield a macrotask so a cancel (Ctrl-C, a
      // request to the host) is seen between cuts.
      await new Promise<void>((done) => setTimeout(done, 0));
      if (settings.signal?.aborted) return { results, total, stopped: true };
      const started = Date.now();
      const result = await evaluateCut(t.source, context, cut, model, settings);
      if (settings.signal?.aborted) return { results, total, stopped: true };
      results.push(result);
      progress.cut?.(results.length, total, result, Date.now() - started);
    }
    if (key !== undefined) cache?.results.set(key, results.slice(first));
  }
  return { results, total, stopped: false };
}

/** The offline weights were fitted on some of these transcripts: their figures are in-sample. */
export function inSampleNotes(
  transcripts: ReadonlyArray<Pick<MeasuredTranscript, 'sha256' | 'source'>>,
  backend: string,
): string[] {
  if (backend !== 'offline') return [];
  const fitted = new Set(FITTED_WEIGHTS.fitted.on.map((f) => f.sha256));
  const seen = transcripts.filter((t) => fitted.has(t.sha256));
  if (seen.length === 0) return [];
  const names = seen.map((t) => t.source.slice(t.source.lastIndexOf('/') + 1));
  return [
    `the offline weights (${FITTED_WEIGHTS.id}) were fitted on ${seen.length} of these ${transcripts.length} transcripts (${names.join(', ')}): their figures are in-sample; eval --cv gives held-out figures`,
  ];
}
