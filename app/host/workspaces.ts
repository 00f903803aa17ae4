/**
 * Workspace evaluations for the inspector: many sessions measured under one policy
 * (core/eval/workspace.ts), started, polled for progress and cancelled like runs. The files
 * arrive as text, or base64 for a binary history (an Inspect `.eval` ZIP); each is hashed here
 * (core has no crypto) so the in-sample note names the files the offline weights were fitted on.
 * An evaluation holds its share of the host's one heap budget while it runs, and its result's
 * while kept for a late poll.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { BackendChoice, WorkspaceStartArgs, WorkspaceStatus } from '../../core/ipc/contract.js';
import type { WorkspaceFile } from '../../core/eval/workspace.js';
import { evaluateWorkspace } from '../../core/eval/workspace.js';
import type { CutResult } from '../../core/eval/evaluate.js';
import type { Admission, Ticket } from './admission.js';
import { classify, HostApiError } from './errors.js';
import { outcomeHeapBytes, readHeapBytes } from './heap-budget.js';
import type { AdmittedBody, ModelFactory } from './runs.js';

interface Job {
  status: WorkspaceStatus;
  controller: AbortController;
  ticket: Ticket;
}

/** Finished evaluations kept for a late poll; their results are large, so only a few. */
const KEEP_FINISHED = 3;

/**
 * The heap an evaluation may need per byte of its files: each session is held parsed (about ten
 * times its bytes, as for a run's body) while its cuts are measured, and the report, with every
 * candidate of every cut, comes on top.
 */
const HEAP_PER_FILE_BYTE = 16;

function fileOf(file: WorkspaceStartArgs['files'][number]): WorkspaceFile {
  const bytes = file.base64 !== undefined ? Buffer.from(file.base64, 'base64') : Buffer.from(file.text ?? '', 'utf8');
  return {
    name: file.name,
    input: file.base64 !== undefined ? new Uint8Array(bytes) : (file.text ?? ''),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}

/** Sessions' results kept between evaluations; past this many, the oldest go first. */
const MEASURED_SESSIONS_KEPT = 2000;

export class WorkspaceManager {
  private readonly jobs = new Map<string, Job>();
  /**
   * Each session's cut results by what they depend on (core/eval/workspace.ts): a new evaluation
   * of the same files measures only the sessions a change reaches. Results are small (tallies);
   * the sessions' texts are not kept.
   */
  private readonly measured = new Map<string, CutResult[]>();

  constructor(
    private readonly createModel: ModelFactory,
    private readonly admission: Admission,
  ) {}

  /** Throws the factory's ConfigError, `too_large` or `busy` before anything is measured. */
  start(args: WorkspaceStartArgs, choice: BackendChoice, admitted?: AdmittedBody): string {
    const files = args.files.map(fileOf);
    const total = files.reduce((n, f) => n + f.bytes, 0);
    const need = Math.max(readHeapBytes(admitted?.bodyBytes ?? total), total * HEAP_PER_FILE_BYTE);
    if (need > this.admission.budgetBytes)
      throw new HostApiError(
        'too_large',
        `these ${files.length} files (${(total / 1048576).toFixed(1)} MB) need about ${Math.ceil(need / 1048576)} MB of heap, past this host's ${Math.floor(this.admission.budgetBytes / 1048576)} MB budget: evaluate them with the command line (eval PATH… --policy FILE, or --shard K/N over several processes)`,
      );
    const { model, settings } = this.createModel(choice);
    const claim = admitted?.ticket ?? this.admission.ticket();
    claim.hold(need);
    const ticket = claim.take();
    const id = randomUUID();
    const controller = new AbortController();
    const job: Job = {
      controller,
      ticket,
      status: {
        workspaceId: id,
        state: 'running',
        progress: { phase: 'reading', done: 0, total: files.length },
        evaluation: null,
        error: null,
      },
    };
    this.jobs.set(id, job);
    this.prune();
    evaluateWorkspace(files, args.policy, model, {
      signal: controller.signal,
      settings,
      onProgress: (progress) => (job.status.progress = progress),
      cache: this.measured,
    }).then(
      (evaluation) =>
        this.finish(
          job,
          evaluation.stopped ? { code: 'cancelled', message: 'the evaluation was cancelled' } : null,
          evaluation.stopped ? null : evaluation,
        ),
      (error: unknown) => this.finish(job, { code: classify(error).code, message: classify(error).message }, null),
    );
    return id;
  }

  status(id: string): WorkspaceStatus | null {
    return this.jobs.get(id)?.status ?? null;
  }

  cancel(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job || job.status.state === 'finished') return false;
    job.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const job of this.jobs.values()) job.controller.abort();
  }

  private finish(job: Job, error: WorkspaceStatus['error'], evaluation: WorkspaceStatus['evaluation']): void {
    job.status = { ...job.status, state: 'finished', error, evaluation };
    const id = job.status.workspaceId;
    job.ticket.keep(outcomeHeapBytes(evaluation === null ? 0 : JSON.stringify(evaluation).length), () =>
      this.jobs.delete(id),
    );
  }

  private prune(): void {
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const key of this.measured.keys()) {
      if (this.measured.size <= MEASURED_SESSIONS_KEPT) break;
      this.measured.delete(key);
    }
    const finished = [...this.jobs.values()].filter((j) => j.status.state === 'finished');
    for (const job of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) {
      this.jobs.delete(job.status.workspaceId);
      job.ticket.release();
    }
  }
}
