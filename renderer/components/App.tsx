/** Layout, first-start example, drag-and-drop, the unload guard, global keys and the DOM ready signal. */
import { useEffect, useState } from 'react';
import { useApp, useAppStore } from '../store/index.js';
import { selectUnsaved } from '../store/selectors.js';
import { openAsked } from './askFirst.js';
import { AuditView } from './AuditView.js';
import { CacheTab } from './CacheTab.js';
import { CompareTab } from './CompareTab.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ConversationPicker } from './ConversationPicker.js';
import { DecisionsTab } from './DecisionsTab.js';
import { ExportDialog } from './ExportDialog.js';
import { OpenError } from './OpenError.js';
import { OutOfDate } from './OutOfDate.js';
import { ObservationTab, RequestsTab } from './RunTabs.js';
import { PolicyPanel } from './PolicyPanel.js';
import { StatsHeader } from './StatsHeader.js';
import { SummaryTab } from './SummaryTab.js';
import { TAB_PANEL_ID, tabId, Tabs } from './Tabs.js';
import { Toolbar } from './Toolbar.js';
import { WorkspaceView } from './WorkspaceView.js';
import { ApprovalsView } from './ApprovalsView.js';
import { QueueBar } from './QueueBar.js';
import { useQueueWatch } from '../hooks/useQueueWatch.js';

export function App() {
  const store = useAppStore();
  const [dragging, setDragging] = useState(false);
  const tab = useApp((s) => s.tab);
  const ready = useApp((s) => s.snapshot !== null && s.opening === null && s.run.state !== 'running');
  const running = useApp((s) => s.run.state === 'running');
  const unsaved = useApp(selectUnsaved);
  const view = useApp((s) => s.view);
  useQueueWatch(store);

  useEffect(() => {
    const { deps, openExample, setBackend, setHostInfo, setNotice } = store.getState();
    void deps.bridge['app.info']({}).then((info) => {
      setBackend(info.backend);
      setHostInfo(info);
    });
    // After the example, whose open clears the notice line: a limit setting refused is said there.
    void openExample().then(() => deps.openLimit?.error && setNotice(deps.openLimit.error));
  }, [store]);

  useEffect(() => {
    // Closing or reloading with work not exported asks first: the browser's own prompt on the
    // web host; Electron main turns the same refusal into its dialog (will-prevent-unload).
    // Registered only while there is such work, so an idle page unloads (and is cached) freely.
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  useEffect(() => {
    document.documentElement.dataset.appState = running ? 'running' : ready ? 'ready' : 'loading';
  }, [ready, running]);

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    // Several files at once are a workspace: one policy across them all.
    if (files.length > 1)
      void store.getState().openWorkspace(files.map((file) => ({ name: file.webkitRelativePath || file.name, file })));
    else if (files[0]) openAsked(store, { fileName: files[0].name, file: files[0] });
  };

  return (
    <div
      className={`app${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => (e.preventDefault(), setDragging(true))}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Toolbar />
      <OpenError />
      {view === 'workspace' ? (
        <WorkspaceView />
      ) : view === 'approvals' ? (
        <ApprovalsView />
      ) : (
        <div className="body">
          <PolicyPanel />
          <main className="main">
            <QueueBar />
            <OutOfDate />
            <StatsHeader />
            <Tabs />
            <div className="tab-panel" role="tabpanel" id={TAB_PANEL_ID} aria-labelledby={tabId(tab)}>
              {tab === 'summary' && <SummaryTab />}
              {tab === 'audit' && <AuditView />}
              {tab === 'decisions' && <DecisionsTab />}
              {tab === 'compare' && <CompareTab />}
              {tab === 'cache' && <CacheTab />}
              {tab === 'observation' && <ObservationTab />}
              {tab === 'requests' && <RequestsTab />}
            </div>
          </main>
        </div>
      )}
      <ConfirmDialog />
      <ConversationPicker />
      <ExportDialog />
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          Drop a history file to open it, or several for a workspace
        </div>
      )}
    </div>
  );
}
