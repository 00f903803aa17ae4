/**
 * The workspace: many sessions under one policy. The tools are chosen from those the sessions
 * call (measuring again), the threshold moves without asking the model, the pictures and the
 * sessions table follow, a session opens in the audit view under the same policy, and the
 * policy is exported as `compaction-policy.json` for the command line and the agent's harness.
 */
import { useMemo, useState } from 'react';
import type { WorkspaceColumn, WorkspaceRow } from '../../core/inspect/workspace.js';
import {
  filterWorkspaceRows,
  sortWorkspaceRows,
  WORKSPACE_THRESHOLDS,
  workspaceCurve,
  workspaceRows,
  workspaceSessionFacts,
} from '../../core/inspect/workspace.js';
import { POLICY_FILE_NAME, policyFileText } from '../../core/policies/policyFile.js';
import { downloadText } from '../download.js';
import { bytes } from '../format.js';
import { useApp, useAppStore } from '../store/index.js';
import { PolicyCurve, SessionScatter } from './WorkspaceCurve.js';
import { OPTION_FIELDS } from './OptionsForm.js';
import type { WorkspaceOptionName } from '../store/workspace.js';
import { WORKSPACE_OPTION_NAMES } from '../store/workspace.js';
import { DEFAULT_OPTIONS } from '../../core/engine/schema.js';

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const ratio = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}×`);

const COLUMNS: Array<{ key: WorkspaceColumn; label: string; show: (r: WorkspaceRow) => string }> = [
  { key: 'source', label: 'Session', show: (r) => r.source.slice(r.source.lastIndexOf('/') + 1) },
  { key: 'format', label: 'Format', show: (r) => r.format },
  { key: 'messages', label: 'Messages', show: (r) => String(r.messages) },
  { key: 'calls', label: 'Calls', show: (r) => String(r.calls) },
  { key: 'bytes', label: 'Size', show: (r) => bytes(r.bytes) },
  {
    key: 'candidates',
    label: 'Candidates',
    show: (r) => (r.candidates === null ? 'no cut point' : String(r.candidates)),
  },
  { key: 'reduction', label: 'Characters removed', show: (r) => percent(r.reduction) },
  { key: 'recall', label: 'Used results kept', show: (r) => percent(r.recall) },
  { key: 'cacheKept', label: 'Prompt cache kept', show: (r) => percent(r.cacheKept) },
  { key: 'nextRequest', label: 'Next request cost', show: (r) => ratio(r.nextRequest) },
];

function ToolChoice() {
  const store = useAppStore();
  const evaluation = useApp((s) => s.workspaceEvaluation);
  const eligible = useApp((s) => s.workspaceEligible);
  const running = useApp((s) => s.workspaceState === 'running');
  const tools = evaluation?.tools ?? [];
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const current = new Set(eligible ?? tools.map((t) => t.name));
  const chosen = draft ?? current;
  const changed = draft !== null && (draft.size !== current.size || [...draft].some((t) => !current.has(t)));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    setDraft(next);
  };
  return (
    <fieldset className="workspace-tools">
      <legend>Eligible tools ({tools.length} called across the sessions)</legend>
      {tools.map((t) => (
        <label key={t.name}>
          <input type="checkbox" checked={chosen.has(t.name)} onChange={(e) => toggle(t.name, e.target.checked)} />
          {t.name} <span className="muted">({t.calls} calls)</span>
        </label>
      ))}
      <button
        disabled={!changed || running}
        onClick={() => {
          const list = [...chosen].sort();
          setDraft(null);
          void store.getState().setWorkspaceTools(list);
        }}
      >
        Measure with these tools
      </button>
    </fieldset>
  );
}

function SessionsTable({ rows }: { rows: WorkspaceRow[] }) {
  const store = useAppStore();
  const sort = useApp((s) => s.workspaceSort);
  const filter = useApp((s) => s.workspaceFilter);
  const shown = useMemo(
    () => sortWorkspaceRows(filterWorkspaceRows(rows, filter), sort.column, sort.dir),
    [rows, filter, sort],
  );
  return (
    <section aria-labelledby="workspace-sessions">
      <h3 id="workspace-sessions">Sessions</h3>
      <label className="workspace-filter">
        Filter sessions{' '}
        <input type="search" value={filter} onChange={(e) => store.getState().setWorkspaceFilter(e.target.value)} />
      </label>
      <table className="workspace-table">
        <caption className="visually-hidden">
          {shown.length} of {rows.length} sessions at the current policy
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} aria-sort={sort.column === c.key ? sort.dir : 'none'}>
                <button className="link" onClick={() => store.getState().sortWorkspaceBy(c.key)}>
                  {c.label}
                </button>
              </th>
            ))}
            <th>
              <span className="visually-hidden">Audit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.source}>
              {COLUMNS.map((c) => (
                <td key={c.key} title={c.key === 'source' ? r.source : undefined}>
                  {c.show(r)}
                </td>
              ))}
              <td>
                <button
                  aria-label={`Open the audit of ${r.source}`}
                  disabled={r.cuts === 0}
                  onClick={() => void store.getState().openWorkspaceSession(r.source)}
                >
                  Audit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The options the workspace measures with, besides the threshold: applied together (each change
 * measures every session again), out-of-range values refused with their reason, blank for the
 * default. Protections name one session's messages and calls, so they are set per session in its audit.
 */
function WorkspaceOptionsForm() {
  const store = useAppStore();
  const options = useApp((s) => s.workspaceOptions);
  const running = useApp((s) => s.workspaceState === 'running');
  const fields = OPTION_FIELDS.filter((f): f is (typeof OPTION_FIELDS)[number] & { key: WorkspaceOptionName } =>
    (WORKSPACE_OPTION_NAMES as readonly string[]).includes(f.key),
  );
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const valueOf = (key: WorkspaceOptionName) => draft[key] ?? (options[key] === undefined ? '' : String(options[key]));
  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    for (const field of fields) {
      const text = valueOf(field.key).trim();
      const reason = await store.getState().setWorkspaceOption(field.key, text === '' ? null : Number(text));
      if (reason !== null) return setProblem(`${field.label}: ${reason}`);
    }
    setProblem(null);
    setDraft({});
  };
  return (
    <form className="workspace-options" onSubmit={(e) => void apply(e)}>
      <fieldset>
        <legend>Options</legend>
        {fields.map((field) => (
          <label key={field.key}>
            {field.label}{' '}
            <input
              type="number"
              min={field.min}
              step={field.step}
              placeholder={String(DEFAULT_OPTIONS[field.key])}
              value={valueOf(field.key)}
              onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
              aria-describedby={`workspace-option-${field.key}`}
            />
            <span id={`workspace-option-${field.key}`} className="muted small">
              {' '}
              {field.help}
            </span>
          </label>
        ))}
        <button type="submit" disabled={running}>
          Measure with these options
        </button>
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
        <p className="muted small">
          Blank keeps the default. Protections name one session&rsquo;s messages and calls: set them in that
          session&rsquo;s audit.
        </p>
      </fieldset>
    </form>
  );
}

export function WorkspaceView() {
  const store = useAppStore();
  const evaluation = useApp((s) => s.workspaceEvaluation);
  const state = useApp((s) => s.workspaceState);
  const progress = useApp((s) => s.workspaceProgress);
  const error = useApp((s) => s.workspaceError);
  const unread = useApp((s) => s.workspaceUnread);
  const threshold = useApp((s) => s.workspaceThreshold);
  const files = useApp((s) => s.workspaceFiles.length);
  const hasSnapshot = useApp((s) => s.snapshot !== null);
  const facts = useMemo(() => (evaluation ? workspaceSessionFacts(evaluation) : []), [evaluation]);
  const rows = useMemo(
    () => (evaluation ? workspaceRows(evaluation, threshold, facts) : []),
    [evaluation, threshold, facts],
  );
  const curve = useMemo(() => (evaluation ? workspaceCurve(evaluation, threshold) : null), [evaluation, threshold]);
  const notes = [...unread, ...(evaluation?.skipped ?? [])];
  return (
    <main className="workspace" aria-labelledby="workspace-title">
      <div className="workspace-head">
        <h2 id="workspace-title">Workspace</h2>
        <span>
          {evaluation
            ? `${evaluation.sessions.length} sessions from ${files} files · ${evaluation.report.backend}${evaluation.report.model ? ` (${evaluation.report.model})` : ''}`
            : `${files} files`}
        </span>
        <span className="spacer" />
        <button
          disabled={evaluation === null}
          onClick={() => downloadText(POLICY_FILE_NAME, policyFileText(store.getState().workspacePolicy()))}
        >
          Export policy
        </button>
        {hasSnapshot && <button onClick={() => store.getState().showInspector()}>Back to the inspector</button>}
      </div>
      {state === 'running' && (
        <div className="workspace-progress">
          <span role="status" aria-label="Workspace progress">
            {progress === null
              ? 'Sending the files'
              : progress.phase === 'reading'
                ? `Reading file ${progress.done + 1} of ${progress.total}`
                : `Measuring cut ${progress.done} of ${progress.total}`}
          </span>{' '}
          <progress max={progress?.total || 1} value={progress?.done ?? 0} aria-label="Measured" />{' '}
          <button onClick={() => void store.getState().cancelWorkspace()}>Cancel</button>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notes.length > 0 && (
        <details className="workspace-notes">
          <summary>{notes.length} files or sessions not measured, or measured in part</summary>
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </details>
      )}
      {evaluation && curve && (
        <div className="workspace-body">
          <div className="workspace-policy">
            <ToolChoice />
            <WorkspaceOptionsForm />
            <label className="workspace-threshold">
              Keep threshold{' '}
              <input
                type="range"
                min={WORKSPACE_THRESHOLDS[0]}
                max={WORKSPACE_THRESHOLDS[WORKSPACE_THRESHOLDS.length - 1]}
                step={0.05}
                value={threshold}
                onChange={(e) => store.getState().setWorkspaceThreshold(Number(e.target.value))}
              />{' '}
              <output>{threshold.toFixed(2)}</output>
            </label>
            <p className="muted">
              Moving the threshold asks the model nothing: every session was measured at every threshold.
            </p>
          </div>
          <PolicyCurve curve={curve} />
          <SessionScatter rows={rows} onOpen={(source) => void store.getState().openWorkspaceSession(source)} />
          <SessionsTable rows={rows} />
        </div>
      )}
    </main>
  );
}
