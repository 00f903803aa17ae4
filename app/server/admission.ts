/**
 * Bounded admission for `POST /compact_context`. The body limit alone is per request, so
 * many large bodies at once could still fill the heap together. Here every request holds
 * the heap its run may need (app/server/heap-budget.ts) from the first byte read until its
 * answer is sent; at most `concurrency`
 * compactions run and the rest wait in a queue, so small requests are queued, never refused.
 * A request is refused (`busy`, app/host/errors.ts) only when its bytes would push the total held past
 * the budget.
 */
import pLimit from 'p-limit';
import { HostApiError } from '../host/errors.js';

/** Seconds a refused client is told to wait: a compaction usually ends well within it. */
export const RETRY_AFTER_SECONDS = 2;

function busy(message: string): HostApiError {
  return new HostApiError('busy', message, RETRY_AFTER_SECONDS);
}

export interface AdmissionOptions {
  /** Compactions running at once; the others wait their turn. */
  concurrency: number;
  /** Heap bytes all admitted requests (reading, queued or running) may hold together. */
  budgetBytes: number;
}

/** One request's hold on the budget; `release` is idempotent and must run when it ends. */
export interface Ticket {
  /** Raises this request's hold to `total` bytes, or throws `busy` when that would exceed the budget. */
  hold(total: number): void;
  release(): void;
}

export interface Admission {
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
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  return {
    ticket() {
      let mine = 0;
      return {
        hold(total) {
          if (total <= mine) return;
          if (held - mine + total > options.budgetBytes) {
            throw busy(
              `the host is busy: the compactions in flight hold ${mb(held - mine)} MB of heap and this one needs ${mb(total)} MB, which would pass the ${mb(options.budgetBytes)} MB memory budget; retry after ${RETRY_AFTER_SECONDS} s`,
            );
          }
          held += total - mine;
          mine = total;
        },
        release() {
          held -= mine;
          mine = 0;
        },
      };
    },
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
