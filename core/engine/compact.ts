/**
 * One compaction pass (SPEC §2–§6): `parseRequest` is the gate (§1, §5; bad input throws
 * `RequestError`, the caller's mistake rather than a failed compaction), then three named
 * stages: `prepare` (guard, evidence, observe, batch; model-free), `ask` (the batches to the
 * model, R10–R11) and `assemble` (decide, rebuild, stats; R12–R15, §6). Returns the §6 envelope.
 */
import type { Answers } from './ask.js';
import { ask, notAsked } from './ask.js';
import { assemble } from './assemble.js';
import type { Analysis } from './guards.js';
import type { DecisionBatch, DecisionModel, RequestSettings } from './model.js';
import type { Observation } from './observation.js';
import { prepare } from './prepare.js';
import { parseRequest } from './request.js';
import type { AttemptRecord } from './runner.js';
import type { CompactRequest, CompactResponse } from './schema.js';

export { decisionsFor } from './assemble.js';
export { parseRequest, policyOf, RequestError } from './request.js';

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

export async function compactContext(input: unknown, options: CompactOptions): Promise<CompactResponse> {
  return (await compactDetailed(input, options)).response;
}

/** Throws `RequestError` for bad input (SPEC §1, §5), before anything else runs. */
export async function compactDetailed(input: unknown, options: CompactOptions): Promise<CompactDetails> {
  const startedAt = Date.now();
  return run(parseRequest(input), options, startedAt);
}

/**
 * The same pass on a request `parseRequest` returned, which is not validated again (on 20 MB
 * that is tens of milliseconds): for hosts that parse first, so that bad input fails before
 * a run starts. The request must not have changed since it was parsed.
 */
export async function compactParsed(request: CompactRequest, options: CompactOptions): Promise<CompactDetails> {
  return run(request, options, Date.now());
}

async function run(request: CompactRequest, options: CompactOptions, startedAt: number): Promise<CompactDetails> {
  const { model, onProgress } = options;
  const prepared = prepare(request, model, () => onProgress?.({ phase: 'observing', batchesDone: 0, batchesTotal: 0 }));
  const { batches } = prepared;
  let answers: Answers = notAsked();
  if (prepared.failure === null && batches.length > 0) {
    onProgress?.({ phase: 'asking', batchesDone: 0, batchesTotal: batches.length });
    answers = await ask(batches, model, {
      options: prepared.request.options,
      settings: options.settings,
      signal: options.signal,
      onBatchDone: (done, total) => onProgress?.({ phase: 'asking', batchesDone: done, batchesTotal: total }),
    });
  }
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
