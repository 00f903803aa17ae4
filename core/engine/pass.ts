/**
 * One compaction pass (SPEC §2–§6) on a parsed request, in three named stages: `prepare`
 * (guard, evidence, observe, batch; model-free), `ask` (the batches to the model, R10–R11)
 * and `assemble` (decide, rebuild, stats; R12–R15, §6). Returns the §6 envelope with what led
 * to it. Parsing is compact.ts's; this module loads no schema, so a host that checked its
 * request without zod (accept.ts) runs a pass without loading it.
 */
import type { Answers } from './ask.js';
import { ask, notAsked } from './ask.js';
import { assemble } from './assemble.js';
import type { Analysis } from './guards.js';
import type { DecisionBatch, DecisionModel, RequestSettings } from './model.js';
import type { Observation } from './observation.js';
import { prepare } from './prepare.js';
import type { AttemptRecord } from './runner.js';
import type { CompactRequest, CompactResponse } from './schema.js';

export interface Progress {
  phase: 'observing' | 'asking' | 'rebuilding' | 'done';
  batchesDone: number;
  batchesTotal: number;
}

export interface CompactOptions {
  model: DecisionModel;
  signal?: AbortSignal;
  settings?: Partial<RequestSettings>;
  onProgress?: (progress: Progress) => void;
  /** `shared`: unchanged messages of the result are the input's own objects (see rebuild). */
  copy?: 'deep' | 'shared';
}

/** Everything a run learned, for the inspector: the response plus what led to it. */
export interface CompactDetails {
  response: CompactResponse;
  request: CompactRequest;
  analysis: Analysis;
  /** Null when there was no candidate to observe. */
  observation: Observation | null;
  batches: Array<Pick<DecisionBatch, 'index' | 'questionText'> & { keys: string[] }>;
  attempts: AttemptRecord[];
}

/**
 * The same pass on a request `parseRequest` returned, which is not validated again (on 20 MB
 * that is tens of milliseconds): for hosts that parse first, so that bad input fails before
 * a run starts. The request must not have changed since it was parsed.
 */
export async function compactParsed(request: CompactRequest, options: CompactOptions): Promise<CompactDetails> {
  return runPass(request, options, Date.now());
}

/** One turn of the event loop, for a cancel sent while a synchronous stage ran. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const CANCELLED = { code: 'cancelled', message: 'the run was cancelled' } as const;

export async function runPass(
  request: CompactRequest,
  options: CompactOptions,
  startedAt: number,
): Promise<CompactDetails> {
  const { model, onProgress, signal } = options;
  const prepared = prepare(request, model, () => onProgress?.({ phase: 'observing', batchesDone: 0, batchesTotal: 0 }));
  const { batches } = prepared;
  let answers: Answers = notAsked();
  // prepare and assemble are synchronous (seconds on 50 MB): a cancel that arrived meanwhile
  // reaches `signal` only when the host's event loop gets a turn: one after prepare, one before assemble.
  if (signal) await nextTurn();
  if (prepared.failure === null && batches.length > 0) {
    onProgress?.({ phase: 'asking', batchesDone: 0, batchesTotal: batches.length });
    answers = await ask(batches, model, {
      options: prepared.request.options,
      settings: options.settings,
      signal: options.signal,
      onBatchDone: (done, total) => onProgress?.({ phase: 'asking', batchesDone: done, batchesTotal: total }),
    });
  }
  if (signal) await nextTurn();
  if (signal?.aborted && !prepared.failure && !answers.failure) answers.failure = CANCELLED;
  const failed = prepared.failure ?? answers.failure;
  if (!failed) onProgress?.({ phase: 'rebuilding', batchesDone: batches.length, batchesTotal: batches.length });
  const response = assemble(prepared, answers, { startedAt, promptVersion: model.promptVersion, copy: options.copy });
  if (!failed) onProgress?.({ phase: 'done', batchesDone: batches.length, batchesTotal: batches.length });
  return {
    response,
    request: prepared.request,
    analysis: prepared.analysis,
    observation: prepared.observation,
    batches: batches.map((b) => ({
      index: b.index,
      questionText: b.questionText,
      keys: b.questions.map((q) => q.key),
    })),
    attempts: answers.attempts,
  };
}
