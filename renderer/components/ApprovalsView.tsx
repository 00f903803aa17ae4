/**
 * The approval queue: every proposal a live agent's compaction waits on (or waited on), newest
 * first, with its project, session, time, size before and after and the calls to decide. Open
 * shows it in the audit view, where Approve and Reject are (QueueBar.tsx).
 */
import { useState } from 'react';
import { useApp, useAppStore } from '../store/index.js';
import type { ApprovalSummary } from '../../core/approvals/entry.js';

const STATE_LABELS: Record<ApprovalSummary['state'], string> = {
  pending: 'Waiting for you',
  approved: 'Approved',
  rejected: 'Rejected',
  applied_automatically: 'Applied by the policy',
};

const TRIGGER_LABELS: Record<ApprovalSummary['trigger'], string> = {
  manual: '/compact',
  auto: 'auto-compaction',
};

/** The agent stopped waiting for this proposal: its compaction went on as it would have. */
export function wentOn(waitsUntil: string | null, now = Date.now()): boolean {
  return waitsUntil !== null && Date.parse(waitsUntil) <= now;
}

export function clock(iso: string | null): string {
  return iso === null ? '' : new Date(iso).toLocaleTimeString();
}

function chars(n: number | null): string {
  return n === null ? '—' : n.toLocaleString('en-US');
}

/** The last folder of a path: what a person calls the project. */
function projectName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}

export function ApprovalsView() {
  const store = useAppStore();
  const { queueDir, entries, error } = useApp((s) => s.queue);
  const pending = entries.filter((e) => e.state === 'pending').length;
  // Where the platform has notifications, the person decides whether they want them.
  const [notifications, setNotifications] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  return (
    <main className="approvals-view" aria-labelledby="approvals-title">
      <div className="approvals-head">
        <h2 id="approvals-title">Approval queue</h2>
        <p>
          Compactions Claude Code is about to make wait here for your decision: open one to audit it call by call, then
          approve (the approved history is written where Claude Code resumes it) or reject (Claude Code compacts as it
          would have). {pending === 0 ? 'Nothing is waiting.' : `${pending} waiting.`}
        </p>
        <button onClick={() => void store.getState().refreshQueue()}>Refresh</button>{' '}
        {notifications === 'default' && (
          <button onClick={() => void Notification.requestPermission().then(setNotifications)}>
            Notify me when a proposal waits
          </button>
        )}{' '}
        <button onClick={() => store.getState().showInspector()}>Back to the inspector</button>
      </div>
      {error && (
        <p role="alert" className="error">
          The queue could not be read: {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="empty small">
          No proposal yet. Install the hook in a project with <code>compaction-inspector install claude-code</code>; the
          next <code>/compact</code> or auto-compaction there puts its proposal in{' '}
          <span className="mono">{queueDir ?? 'the queue folder'}</span>.
        </p>
      ) : (
        <table className="approvals-table">
          <caption className="visually-hidden">Proposals from live Claude Code sessions</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Session</th>
              <th scope="col">Asked</th>
              <th scope="col">By</th>
              <th scope="col">Characters before → after</th>
              <th scope="col">Calls to decide</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-state={e.state}>
                <th scope="row" title={e.project}>
                  {projectName(e.project)}
                </th>
                <td className="mono" title={e.session_id}>
                  {e.session_id.slice(0, 8)}
                </td>
                <td>
                  <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString()}</time>
                </td>
                <td>{TRIGGER_LABELS[e.trigger]}</td>
                <td className="num">
                  {chars(e.chars_before)} → {chars(e.chars_after)}
                </td>
                <td className="num">{e.calls_to_decide}</td>
                <td>
                  {STATE_LABELS[e.state]}
                  {e.state === 'pending' && wentOn(e.waits_until) && (
                    <span className="small muted">
                      {' '}
                      (Claude Code went on at <time dateTime={e.waits_until ?? ''}>{clock(e.waits_until)}</time>)
                    </span>
                  )}
                </td>
                <td>
                  <button
                    aria-label={`Open the proposal for ${projectName(e.project)}, session ${e.session_id.slice(0, 8)}`}
                    onClick={() => void store.getState().openQueued(e.id)}
                  >
                    {e.state === 'pending' ? 'Open to decide' : 'Open'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
