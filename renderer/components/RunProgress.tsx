/**
 * A run's stage as the host reports it (RunProgressSchema), then this page's own: building the
 * proposal from the answer. The stage is a polite live region; the elapsed time, which changes
 * on every poll, stays outside it so a screen reader announces stages, not seconds.
 */
import type { RunStatus } from '../../core/ipc/contract.js';
import { ms } from '../format.js';

type Phase = RunStatus['progress']['phase'];

const STAGES: Record<Phase, string> = {
  queued: 'Queued',
  observing: 'Observing the history',
  asking: 'Asking the model',
  rebuilding: 'Rebuilding',
  // The host has answered; the page builds the proposal from it (store/runResult.ts).
  done: 'Building the proposal',
};

export function RunProgress({ progress, elapsedMs }: { progress: RunStatus['progress'] | null; elapsedMs: number }) {
  const phase = progress?.phase ?? 'queued';
  const asking = phase === 'asking' && progress !== null;
  return (
    <span className="progress">
      <span role="status" aria-label="Run progress" aria-atomic="true">
        {STAGES[phase]}
        {asking && ` · Batches ${progress.batchesDone} of ${progress.batchesTotal}`}
      </span>
      {asking && progress.batchesTotal > 0 && (
        <progress aria-label="Batches answered" max={progress.batchesTotal} value={progress.batchesDone} />
      )}{' '}
      · {ms(elapsedMs)}
    </span>
  );
}
