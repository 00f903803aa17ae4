/**
 * Export: who approves it, their note, the format, the optional HTML report, whether the
 * export is meant for the restore server (SPEC §9: its markers then say how to restore, and the
 * configuration that attaches the server is shown), the files that will be written side by side
 * (snapshot, archive of the original, audit record, and its signature when the host signs
 * exports), and the target checks of the snapshot (SPEC §9). For a Claude Code session exported
 * as one, the export can also be written as a new session, and the dialog then stays open to
 * show the command that resumes it (SPEC §9). Escape cancels; Export stays disabled, saying why,
 * until a reviewer is named.
 */
import { useMemo, useRef, useState } from 'react';
import type { ExportAs, WrittenSession } from '../../core/formats/index.js';
import { canResume } from '../../core/formats/index.js';
import { auditFileName, reportFileName, signatureFileName } from '../../core/records/audit.js';
import { exportName, exportTargets, signedByText } from '../store/exporting.js';
import { useApp, useAppStore } from '../store/index.js';
import { archiveNameOf } from '../store/policy.js';
import { Modal } from './Modal.js';
import { TargetMatrix } from './TargetMatrix.js';
import { RestoreServerSetup } from './RestoreServerSetup.js';
import { ResumeCommand } from './ResumeCommand.js';

export function ExportDialog() {
  const open = useApp((s) => s.exportOpen && s.snapshot !== null && s.proposal !== null);
  return open ? <ExportForm /> : null;
}

function ExportForm() {
  const store = useAppStore();
  const snapshot = useApp((s) => s.snapshot);
  const format = useApp((s) => s.snapshot?.source.format ?? null);
  const reviewer = useApp((s) => s.reviewer);
  const setReviewer = useApp((s) => s.setReviewer);
  const comment = useApp((s) => s.approvalComment);
  const setComment = useApp((s) => s.setApprovalComment);
  const notes = useApp((s) => Object.values(s.comments).filter((c) => c.trim() !== '').length);
  const overrides = useApp((s) => Object.keys(s.proposal?.overrides ?? {}).length);
  // The web host cannot pick a folder: the browser puts the files where it keeps downloads.
  const web = useApp((s) => s.deps.bridge.kind === 'web');
  const archiveRef = useApp((s) => s.proposal?.request.archive_ref ?? s.archiveRef);
  const exporting = useApp((s) => s.exporting);
  const signer = useApp((s) => s.host?.signer ?? null);
  const [as, setAs] = useState<ExportAs>('source');
  const [report, setReport] = useState(false);
  const [restoreServer, setRestoreServer] = useState(false);
  const [resumable, setResumable] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [session, setSession] = useState<WrittenSession | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const proposal = useApp((s) => s.proposal);
  // SPEC §9: what the tool and the provider the snapshot goes back to would say about it.
  const verdict = useMemo(
    () => (as === 'source' && snapshot && proposal ? exportTargets(snapshot, proposal) : null),
    [as, snapshot, proposal],
  );
  if (!snapshot) return null;

  const close = () => store.getState().openExport(false);
  const name = exportName(snapshot.fileName, as);
  const archive = archiveNameOf(snapshot);
  const blocked = reviewer.trim() === '' ? 'Name the reviewer who approves this export.' : null;
  const offerResume = format !== null && canResume(format, as);
  const submit = async () => {
    const before = store.getState().lastExport;
    const notice = await store
      .getState()
      .exportApproved({ as, report, restoreServer, resumable: offerResume && resumable });
    store.getState().setNotice(notice);
    const written = store.getState().lastExport;
    if (written !== before && written?.session) setSession(written.session);
    else setOutcome(notice);
  };

  return (
    <Modal
      title="Export the approved snapshot"
      className="export"
      // While an export is being written, Escape waits with Cancel.
      onEscape={() => (session || !exporting) && close()}
      initialFocus={first}
    >
      {session ? (
        <>
          <p role="status" className="small">
            Exported, and written as a new Claude Code session.
          </p>
          <ResumeCommand session={session} />
          <div className="row-buttons">
            <button className="primary" onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor="export-reviewer">Reviewer</label>
            <input
              id="export-reviewer"
              ref={first}
              value={reviewer}
              placeholder="Who approves this export (remembered from your last export)"
              autoComplete="name"
              onChange={(e) => setReviewer(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="export-comment">Approval comment</label>
            <textarea
              id="export-comment"
              rows={3}
              value={comment}
              placeholder="Optional: why this compaction is fine to use"
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="export-as">Export as</label>
            <select id="export-as" value={as} onChange={(e) => setAs(e.target.value as ExportAs)}>
              <option value="source">{format ? `${format} (as opened)` : 'as opened'}</option>
              <option value="messages">message array (JSON)</option>
            </select>
          </div>
          <label className="check">
            <input type="checkbox" checked={report} onChange={(e) => setReport(e.target.checked)} /> Also write an HTML
            report (readable without the app)
          </label>
          <label className="check">
            <input type="checkbox" checked={restoreServer} onChange={(e) => setRestoreServer(e.target.checked)} /> Meant
            for the restore server: the markers say how to read the rest back (restore_result with the archive and call
            id)
          </label>
          {restoreServer && <RestoreServerSetup path={snapshot.path} />}
          {offerResume && (
            <label className="check">
              <input type="checkbox" checked={resumable} onChange={(e) => setResumable(e.target.checked)} /> Also write
              it as a new Claude Code session that claude --resume opens (the original session stays as it is)
            </label>
          )}
          <p className="small">
            {notes} decision comment{notes === 1 ? '' : 's'}, {overrides} override{overrides === 1 ? '' : 's'}.{' '}
            {web ? "Downloaded to your browser's downloads folder:" : 'Written side by side:'}
          </p>
          <ul className="export-files mono small" aria-label="Files to write">
            <li>{name} — the snapshot</li>
            <li>{archive} — the original, byte for byte</li>
            <li>{auditFileName(name)} — the audit record</li>
            {report && <li>{reportFileName(name)} — the HTML report</li>}
            {signer && <li>{signatureFileName(auditFileName(name))} — its SSH signature</li>}
            {offerResume && resumable && <li>&lt;new session id&gt;.jsonl — the new Claude Code session</li>}
          </ul>
          {signer && <p className="small">The audit record will be {signedByText(signer)}.</p>}
          {verdict && (
            <section aria-label="Checked against">
              <p className="small">Checked against the tools and APIs this format goes back to:</p>
              <TargetMatrix reports={verdict.reports} warnings={verdict.warnings} label="Target checks of the export" />
              {verdict.refused.length > 0 && (
                <p className="small error" role="note">
                  This export breaks a rule its source keeps; it will be refused.
                </p>
              )}
            </section>
          )}
          {archiveRef !== archive && (
            <p className="small warning" role="note">
              The omission markers point at “{archiveRef}”, not at the archive written beside the snapshot.
            </p>
          )}
          {blocked && (
            <p id="export-blocked" className="small">
              {blocked}
            </p>
          )}
          {outcome && (
            <p role="alert" className="small error">
              {outcome}
            </p>
          )}
          <div className="row-buttons">
            <button onClick={close} disabled={exporting}>
              Cancel
            </button>
            <button
              className="primary"
              disabled={blocked !== null || exporting}
              aria-describedby={blocked ? 'export-blocked' : undefined}
              onClick={() => void submit()}
            >
              {exporting ? 'Exporting…' : 'Export'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
