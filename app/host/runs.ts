/**
 * Long runs for the inspector: started, polled for progress, cancelled. One module shared by
 * the web host and the Electron main process, so both report the same RunOutcome and both
 * weigh a run by the one heap rule (app/host/heap-budget.ts) against the host's one budget
 * (app/host/admission.ts): a run that can never fit is refused `too_large` with the heap it
 * needs, one that does not fit beside those in flight `busy`; a running run holds its
 * estimate, a finished one the size of the outcome kept for a late poll.
 */
import { randomUUID } from 'node:crypto';
import type { BackendChoice, HostError, RunOutcome, RunStatus } from '../../core/ipc/contract.js';
import type { CompactDetails } from '../../core/engine/compact.js';
import type { DecisionModel, RequestSettings } from '../../core/engine/model.js';
import { compactParsed, parseRequest } from '../../core/engine/compact.js';
import type { Admission, Ticket } from './admission.js';
import { classify, HostApiError } from './errors.js';
import { outcomeHeapBytes, overHostBudget, runHeapBytes, runShapeOf } from './heap-budget.js';

export interface ModelFactory {
  /** `apiKey`: a key the person entered for this run's base URL (run.start). */
  (choice: BackendChoice, apiKey?: string): { model: DecisionModel; settings: RequestSettings };
}

interface Run {
  id: string;
  started: number;
  finishedAt: number | null;
  controller: AbortController;
  status: RunStatus;
  /** Its share of the host's heap budget: the run's estimate, then its kept outcome's. */
  ticket: Ticket;
}

/** What the transport already holds for a run.start body (the web host reads it under admission). */
export interface AdmittedBody {
  bodyBytes: number;
  ticket: Ticket;
}

/**
 * Finished runs are kept briefly so a late poll still sees the outcome: at most this many,
 * and only while the heap budget has room for them (the oldest is dropped first).
 */
const KEEP_FINISHED = 20;

export class RunManager {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly createModel: ModelFactory,
    private readonly admission: Admission,
  ) {}

  /**
   * Throws RequestError (bad request), the factory's ConfigError, `too_large` or `busy` before
   * anything runs. `admitted`: the body's hold, which the run takes over once it starts.
   */
  start(request: unknown, choice: BackendChoice, apiKey?: string, admitted?: AdmittedBody): string {
    // Bad input fails here, synchronously, so the caller gets invalid_input and no run id.
    const parsed = parseRequest(request);
    // Before the engine allocates: past the heap limit V8 aborts the host with every run in it.
    // Electron's IPC hands over the request parsed, so its bytes are counted here.
    const shape = runShapeOf(request, admitted?.bodyBytes ?? Buffer.byteLength(JSON.stringify(request)));
    const tooLarge = overHostBudget(shape, this.admission.budgetBytes);
    if (tooLarge !== null) throw new HostApiError('too_large', tooLarge);
    const { model, settings } = this.createModel(choice, apiKey);
    const claim = admitted?.ticket ?? this.admission.ticket();
    claim.hold(runHeapBytes(shape));
    const ticket = claim.take();
    const id = randomUUID();
    const controller = new AbortController();
    const run: Run = {
      id,
      started: Date.now(),
      finishedAt: null,
      controller,
      ticket,
      status: {
        runId: id,
        state: 'running',
        progress: { phase: 'queued', batchesDone: 0, batchesTotal: 0 },
        elapsedMs: 0,
        outcome: null,
      },
    };
    this.runs.set(id, run);
    this.prune();
    // The pass starts on a later turn: its first stage is synchronous (seconds on 50 MB), and the
    // caller needs the run id first to poll its stage and to cancel it. Cancelled before it
    // starts, it asks nothing (the runner fails the pass `cancelled` at once).
    const details = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      compactParsed(parsed, {
        model,
        settings,
        signal: controller.signal,
        copy: 'shared',
        onProgress: (progress) => (run.status.progress = progress),
      }),
    );
    // Every way this can end finishes the run: an outcome that cannot be built is a failure too,
    // never an unhandled rejection that would take the host down with every other run.
    details
      .then((d) => outcomeOf(d, model))
      .then(
        (outcome) => this.finish(run, outcome),
        (error: unknown) => this.finish(run, failure(model, classify(error).code, classify(error).message)),
      );
    return id;
  }

  status(id: string): RunStatus | null {
    const run = this.runs.get(id);
    if (!run) return null;
    return { ...run.status, elapsedMs: (run.finishedAt ?? Date.now()) - run.started };
  }

  cancel(id: string): boolean {
    const run = this.runs.get(id);
    if (!run || run.status.state === 'finished') return false;
    run.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const run of this.runs.values()) run.controller.abort();
  }

  private finish(run: Run, outcome: RunOutcome): void {
    run.finishedAt = Date.now();
    run.status = { ...run.status, state: 'finished', outcome };
    // Measured while the run still holds its estimate, then the hold shrinks to the outcome's
    // and the budget may reclaim it (the run is then forgotten: a later poll gets not_found).
    run.ticket.keep(outcomeHeapBytes(JSON.stringify(outcome).length), () => this.runs.delete(run.id));
  }

  private prune(): void {
    const finished = [...this.runs.values()].filter((r) => r.status.state === 'finished');
    for (const run of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) {
      this.runs.delete(run.id);
      run.ticket.release();
    }
  }
}

function failure(model: DecisionModel, code: HostError['code'], message: string): RunOutcome {
  return {
    success: false,
    error: { code, message },
    stats: null,
    attempts: [],
    backend: model.backend,
    model: model.model ?? null,
  };
}

/**
 * The response without its messages (the renderer rebuilds them). Passed on as the engine
 * built it: provider text in it was scrubbed of the key where it arrived (core/engine/openai/scrub.ts).
 */
export function outcomeOf(details: CompactDetails, model: DecisionModel): RunOutcome {
  const attempts = details.attempts.map((a) => ({
    batch: a.batch,
    attempt: a.attempt,
    durationMs: a.durationMs,
    ok: a.ok,
    error: a.error,
    exchange: a.exchange ?? null,
  }));
  const { response } = details;
  return response.success
    ? {
        success: true,
        changed: response.answer.changed,
        reason: response.answer.reason,
        decisions: response.answer.decisions,
        stats: response.answer.stats,
        observation: details.observation?.text ?? null,
        batches: details.batches,
        attempts,
        backend: model.backend,
        model: model.model ?? null,
      }
    : {
        success: false,
        error: response.answer.error,
        stats: response.metadata.compaction,
        attempts,
        backend: model.backend,
        model: model.model ?? null,
      };
}
