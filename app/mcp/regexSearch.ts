/**
 * `search_archive` with `regex: true` (SPEC §9 "Restore server") off the server's thread. A
 * JavaScript regular expression can backtrack for minutes (`^(a+)+$` over 35 characters), and on
 * the server's one thread that stalled every later request; so the match runs in a worker
 * thread that is terminated when the search outlives its budget, while the server goes on
 * answering. A literal search (indexOf) is linear and stays on the main thread.
 */
import { Worker } from 'node:worker_threads';
import type { SearchedText, SearchOutcome } from '../../core/restore/search.js';
import { REGEX_BUDGET_MS } from '../../core/restore/tools.js';

export interface RegexJob {
  texts: SearchedText[];
  pattern: string;
  maxMatches: number;
}

/** The search's outcome, or 'timeout' when it ran out of `budgetMs` and its worker was stopped. */
export function searchInWorker(job: RegexJob, budgetMs = REGEX_BUDGET_MS): Promise<SearchOutcome | 'timeout'> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./regexWorker.js', import.meta.url), { workerData: job });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      finish();
    };
    const deadline = setTimeout(() => {
      settle(() => resolve('timeout'));
      void worker.terminate();
    }, budgetMs);
    worker.once('message', (outcome: SearchOutcome) => settle(() => resolve(outcome)));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the search worker stopped (exit code ${code})`))));
  });
}
