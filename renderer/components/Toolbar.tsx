/** Open, Run/Cancel with progress, Export, Discard, and the one-line status. */
import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { HISTORY_FILE_NAME } from '../../core/eval/transcripts.js';
import { useApp, useAppStore } from '../store/index.js';
import { openRequestOf } from '../store/snapshot.js';
import { openAsked } from './askFirst.js';
import { outOfDateReason } from './OutOfDate.js';
import { OpenProgressLine } from './OpenProgressLine.js';
import { RunProgress } from './RunProgress.js';

export function Toolbar() {
  const store = useAppStore();
  const info = useApp((s) => s.host);
  const input = useRef<HTMLInputElement>(null);
  const workspaceInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const openWorkspaceOf = (list: FileList | null) => {
    // What `eval` reads from a folder: history files only, not its notes or images.
    const files = [...(list ?? [])].filter((file) => HISTORY_FILE_NAME.test(file.name));
    if (files.length > 0)
      void store.getState().openWorkspace(files.map((file) => ({ name: file.webkitRelativePath || file.name, file })));
  };
  const view = useApp((s) => s.view);
  const pending = useApp((s) => s.queue.entries.filter((e) => e.state === 'pending').length);
  const hasWorkspace = useApp((s) => s.workspaceFiles.length > 0);
  const fileName = useApp((s) => s.snapshot?.fileName ?? null);
  const opening = useApp((s) => s.opening);
  const openError = useApp((s) => s.openError);
  const run = useApp((s) => s.run);
  const hasProposal = useApp((s) => s.proposal !== null);
  const canRun = useApp((s) => s.snapshot !== null && s.goal.trim() !== '' && s.run.state !== 'running');
  const notice = useApp((s) => s.notice);
  const pinned = useApp((s) => s.pinned !== null);
  const outOfDate = useApp((s) => s.outOfDate);
  const stale = outOfDate.length > 0;
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useFocusFollowsRun(run.state === 'running', runButton, cancelButton);

  const openButton = useRef<HTMLButtonElement>(null);
  useFocusReturnsToOpen(opening !== null, openButton);

  const open = async () => {
    const { bridge } = store.getState().deps;
    // A web page may not open a native dialog: the browser's own picker is the input below.
    if (bridge.kind === 'web') return input.current?.click();
    const picked = await bridge['file.open']({});
    if (picked) {
      store.getState().showInspector();
      openAsked(store, openRequestOf(picked));
    }
  };
  const discard = () =>
    store.getState().ask({
      title: 'Discard the proposal?',
      body: 'The decisions, overrides and threshold tuning of this run are dropped. The opened file is not changed.',
      action: 'Discard proposal',
      onConfirm: () => (store.getState().clearProposal(), store.getState().setNotice('Proposal discarded')),
    });

  return (
    <header className="toolbar">
      <span className="brand">Compaction Inspector</span>
      <button ref={openButton} onClick={() => void open()}>
        Open snapshot
      </button>
      <input
        ref={input}
        type="file"
        aria-label="Snapshot file"
        accept=".json,.jsonl,.ndjson,.traj,.eval,application/json,application/zip"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) {
            store.getState().showInspector();
            openAsked(store, { fileName: file.name, file });
          }
          e.target.value = '';
        }}
      />
      <button onClick={() => workspaceInput.current?.click()}>Open workspace</button>
      <button onClick={() => folderInput.current?.click()}>Open folder</button>
      <input
        ref={workspaceInput}
        type="file"
        multiple
        aria-label="Workspace files"
        accept=".json,.jsonl,.ndjson,.traj,.eval,application/json,application/zip"
        hidden
        onChange={(e) => {
          openWorkspaceOf(e.target.files);
          e.target.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        // A folder (a Claude Code project folder among them): every history file below it.
        {...{ webkitdirectory: '' }}
        aria-label="Workspace folder"
        hidden
        onChange={(e) => {
          openWorkspaceOf(e.target.files);
          e.target.value = '';
        }}
      />
      <button
        aria-pressed={view === 'approvals'}
        aria-label={`Approval queue, ${pending} waiting`}
        onClick={() => store.getState().showApprovals()}
      >
        Approvals{pending > 0 ? ` (${pending})` : ''}
      </button>
      {view === 'inspector' && hasWorkspace && (
        <button onClick={() => store.getState().showWorkspace()}>Back to the workspace</button>
      )}
      <span className="file" title={fileName ?? ''}>
        {fileName ?? 'no file'}
      </span>
      <span className="spacer" />
      {run.state === 'running' ? (
        <>
          <RunProgress progress={run.progress} elapsedMs={run.elapsedMs} />
          <button ref={cancelButton} onClick={() => void store.getState().cancelRun()}>
            Cancel
          </button>
        </>
      ) : (
        <button ref={runButton} className="primary" disabled={!canRun} onClick={() => void store.getState().startRun()}>
          Run
        </button>
      )}
      {pinned ? (
        <button onClick={() => store.getState().unpinProposal()}>Unpin A</button>
      ) : (
        <button
          disabled={!hasProposal}
          title="Keep this proposal as A; the next run is B, compared in the Compare tab"
          onClick={() => store.getState().pinProposal()}
        >
          Pin as A
        </button>
      )}
      <button
        disabled={!hasProposal || stale}
        aria-haspopup="dialog"
        aria-describedby={stale ? 'export-blocked' : undefined}
        title={stale ? outOfDateReason(outOfDate) : undefined}
        onClick={() => store.getState().openExport(true)}
      >
        Export…
      </button>
      {stale && (
        <span id="export-blocked" hidden>
          {outOfDateReason(outOfDate)}
        </span>
      )}
      <button disabled={!hasProposal} onClick={discard}>
        Discard
      </button>
      <span className="host">{info ? `${info.host} · v${info.version}` : ''}</span>
      <div className="status-line">
        {opening && <OpenProgressLine opening={opening} onCancel={() => store.getState().cancelOpen()} />}
        {run.state === 'failed' && run.error && (
          <span role="alert" className="error">
            Run failed: {run.error.code}: {run.error.message}
          </span>
        )}
        {notice && !openError && run.state !== 'failed' && (
          <span role="status" aria-label="Notice">
            {notice}
          </span>
        )}
      </div>
    </header>
  );
}

/**
 * Run gives way to Cancel and back: the button that had focus is gone, so focus moves to the one
 * that replaced it (a keyboard user who pressed Run can press Cancel next), never away from
 * another control.
 */
function useFocusFollowsRun(
  running: boolean,
  run: RefObject<HTMLButtonElement | null>,
  cancel: RefObject<HTMLButtonElement | null>,
): void {
  const was = useRef(running);
  useLayoutEffect(() => {
    if (was.current === running) return;
    was.current = running;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) (running ? cancel : run).current?.focus();
  }, [running, run, cancel]);
}

/** Cancel of an open goes away with the open: focus it held returns to Open snapshot. */
function useFocusReturnsToOpen(opening: boolean, open: RefObject<HTMLButtonElement | null>): void {
  const was = useRef(opening);
  useLayoutEffect(() => {
    if (was.current === opening) return;
    was.current = opening;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!opening && lost) open.current?.focus();
  }, [opening, open]);
}
