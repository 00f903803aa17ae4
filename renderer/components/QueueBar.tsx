/**
 * The queued proposal open in the audit view: whose compaction it is, and the decision — Approve
 * (at the threshold and with the overrides set here, by the named reviewer), Reject, and "apply
 * automatically next time for this project" (the project's policy then gets its auto-apply rule).
 * Once decided, what was written and how Claude Code resumes it.
 */
import { useState } from 'react';
import { DEFAULT_AUTO_APPLY_MARGIN } from '../../core/approvals/entry.js';
import { isProjectSessionPath } from '../../core/formats/adapters/claudeResume.js';
import { useApp, useAppStore } from '../store/index.js';
import { ResumeCommand } from './ResumeCommand.js';
import { clock, wentOn } from './ApprovalsView.js';

export function QueueBar() {
  const store = useAppStore();
  const queued = useApp((s) => s.queued);
  const deciding = useApp((s) => s.deciding);
  const reviewer = useApp((s) => s.reviewer);
  const threshold = useApp((s) => s.options.keep_threshold);
  const overrides = useApp((s) => Object.keys(s.proposal?.overrides ?? {}).length);
  const stale = useApp((s) => s.outOfDate.length > 0);
  const [autoNext, setAutoNext] = useState(false);
  if (!queued) return null;
  const { entry, decision } = queued;
  const named = reviewer.trim() !== '';
  return (
    <section className="queue-bar" aria-labelledby="queue-bar-title">
      <h2 id="queue-bar-title">Claude Code compaction {decision === null ? 'waiting for approval' : 'decided'}</h2>
      <p className="small">
        Project <span className="mono">{entry.project}</span>, session <span className="mono">{entry.session_id}</span>,{' '}
        {entry.trigger === 'manual' ? '/compact' : 'auto-compaction'} at{' '}
        <time dateTime={entry.created_at}>{new Date(entry.created_at).toLocaleString()}</time>. Goal:{' '}
        <q>{entry.request.goal}</q>
      </p>
      {decision === null && wentOn(entry.waits_until) && (
        <p className="small" role="note">
          Claude Code stopped waiting at <time dateTime={entry.waits_until ?? ''}>{clock(entry.waits_until)}</time> and
          compacted as it would have. Approving still writes the approved history as a new session to resume; rejecting
          only records the decision.
        </p>
      )}
      {decision === null ? (
        <div className="queue-actions">
          <label>
            Reviewer{' '}
            <input
              value={reviewer}
              onChange={(e) => store.getState().setReviewer(e.target.value)}
              aria-describedby="queue-approve-note"
            />
          </label>
          <button
            className="primary"
            disabled={deciding || !named || stale}
            onClick={() => void store.getState().decideQueued('approve', { autoApplyNext: autoNext })}
          >
            Approve
          </button>
          <button disabled={deciding} onClick={() => void store.getState().decideQueued('reject')}>
            Reject
          </button>
          <label>
            <input type="checkbox" checked={autoNext} onChange={(e) => setAutoNext(e.target.checked)} /> Apply
            automatically next time for this project
          </label>
          <p id="queue-approve-note" className="small">
            Approve applies the actions shown: threshold {threshold.toFixed(2)}
            {overrides > 0 ? `, ${overrides} override${overrides === 1 ? '' : 's'}` : ''}.{' '}
            {!named && 'Name the reviewer to approve. '}
            {stale && 'The policy changed since the proposal: undo the change to approve. '}
            With the box ticked, later proposals in this project apply without asking when every call&rsquo;s
            probabilities lie at least {DEFAULT_AUTO_APPLY_MARGIN} from the threshold (the project policy&rsquo;s{' '}
            <code>auto_apply_margin</code>).
          </p>
        </div>
      ) : decision.applied ? (
        <>
          <p role="status">
            {decision.verdict === 'applied_automatically'
              ? 'Applied by the project policy’s auto-apply rule.'
              : `Approved by ${decision.reviewer ?? 'a reviewer'}.`}{' '}
            Archive <span className="mono">{decision.applied.archive}</span>, audit record{' '}
            <span className="mono">{decision.applied.audit}</span>
            {decision.applied.restore_server ? `; restore server registered in ${decision.applied.restore_server}` : ''}
            .
          </p>
          <ResumeCommand
            session={{
              path: decision.applied.session.path,
              sessionId: decision.applied.session.session_id,
              inProject: isProjectSessionPath(decision.applied.session.path),
              cwd: entry.project,
            }}
          />
        </>
      ) : (
        <p role="status">
          Rejected{decision.reviewer ? ` by ${decision.reviewer}` : ''}: Claude Code compacts as it would have.
        </p>
      )}
    </section>
  );
}
