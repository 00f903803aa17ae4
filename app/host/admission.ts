/**
 * Bounded admission: one heap budget per host process, shared by everything that can make it
 * allocate a run's worth — `POST /compact_context`, `run.start` (the renderer's runs, over
 * HTTP or Electron's IPC) and the finished runs' outcomes kept for a late poll. A per-request
 * body limit alone would let many large runs at once fill the heap together. Every holder
 * holds the heap it may need (app/host/heap-budget.ts) for as long as it needs it; at most
 * `concurrency` `/compact_context` compactions run and the rest wait in a queue, so small
 * requests are queued, never refused. A hold that would pass the budget first evicts kept
 * outcomes, oldest first, and only then is refused (`busy`, app/host/errors.ts).
 */
import pLimit from 'p-limit';
import { HostApiError } from './errors.js';

/** Seconds a refused client is told to wait: a compaction usually ends well within it. */
export const RETRY_AFTER_SECONDS = 2;

function busy(message: string): HostApiError {
  return new HostApiError('busy', message, RETRY_AFTER_SECONDS);
}

export interface AdmissionOptions {
  /** `/compact_context` compactions running at once; the others wait their turn. */
  concurrency: number;
  /** Heap bytes all holders (requests reading, runs queued or running, kept outcomes) may hold together. */
  budgetBytes: number;
}

/** One holder's share of the budget; `release` is idempotent and must run when it ends. */
export interface Ticket {
  /** Raises this hold to `total` bytes, or throws `busy` when even evicting kept outcomes leaves too little. */
  hold(total: number): void;
  /**
   * Sets this hold to `total` bytes (at most what it holds) and lets the budget reclaim it: a
   * later hold that would not fit calls `evict` (which must forget what is kept) and releases it.
   */
  keep(total: number, evict: () => void): void;
  /** This hold as a new ticket, this one left empty: the web host hands a body's hold to the run it starts. */
  take(): Ticket;
  release(): void;
}

export interface Admission {
  readonly budgetBytes: number;
  ticket(): Ticket;
  /** Runs `task` when one of the `concurrency` slots is free. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Bytes held now, compactions running and waiting (for tests and diagnostics). */
  readonly heldBytes: number;
  readonly running: number;
  readonly queued: number;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const limit = pLimit(options.concurrency);
  let held = 0;
  /** Kept holds in the order they were kept: the oldest is reclaimed first. */
  const kept = new Map<object, () => void>();
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);

  function ticketOf(initial: number): Ticket {
    let mine = initial;
    const self: Ticket = {
      hold(total) {
        if (total <= mine) return;
        for (const [owner, evict] of kept) {
          if (held - mine + total <= options.budgetBytes) break;
          if (owner !== self) evict();
        }
        if (held - mine + total > options.budgetBytes) {
          throw busy(
            `the host is busy: the runs in flight hold ${mb(held - mine)} MB of heap and this one needs ${mb(total)} MB, which would pass the ${mb(options.budgetBytes)} MB memory budget; retry after ${RETRY_AFTER_SECONDS} s`,
          );
        }
        held += total - mine;
        mine = total;
      },
      keep(total, evict) {
        const next = Math.min(mine, total);
        held -= mine - next;
        mine = next;
        kept.set(self, () => {
          evict();
          self.release();
        });
      },
      take() {
        const moved = ticketOf(mine);
        mine = 0;
        kept.delete(self);
        return moved;
      },
      release() {
        held -= mine;
        mine = 0;
        kept.delete(self);
      },
    };
    return self;
  }

  return {
    budgetBytes: options.budgetBytes,
    ticket: () => ticketOf(0),
    run: (task) => limit(task),
    get heldBytes() {
      return held;
    },
    get running() {
      return limit.activeCount;
    },
    get queued() {
      return limit.pendingCount;
    },
  };
}
