/** What was opened: sizes, where the characters are, calls per tool, and non-fatal oddities as warnings. */
import type { OpenedSource } from '../../core/formats/index.js';
import { compactionReports } from '../../core/formats/compactions.js';
import { adapterFor } from '../../core/formats/index.js';
import type { TargetReport } from '../../core/formats/targets/index.js';
import { bytes, fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { Breakdown } from './Breakdown.js';
import { TargetMatrix } from './TargetMatrix.js';

/** A message array that AgentScope 2.x would not load is a foreign layout (§1): not written for that target. */
const FOREIGN: ReadonlySet<string> = new Set(['agentscope-2']);

/**
 * SPEC §9 and §1: the opened file against the targets its format feeds; for our own format,
 * whether AgentScope 2.x itself would load it, and why not.
 */
function Targets({ reports }: { reports: readonly TargetReport[] }) {
  const agentscope = reports.find((r) => r.target === 'agentscope-2');
  return (
    <>
      {agentscope?.status === 'fail' && (
        <p className="small warning" role="note">
          A foreign layout: AgentScope 2.x would not load this file: {agentscope.violations[0].message} (
          <span className="mono">{agentscope.violations[0].rule}</span>
          {agentscope.violations.length > 1 ? `, and ${agentscope.violations.length - 1} more` : ''}). It is read here
          all the same.
        </p>
      )}
      <TargetMatrix
        reports={reports}
        label="Target checks of the opened file"
        notFor={agentscope?.status === 'fail' ? FOREIGN : undefined}
      />
    </>
  );
}

/**
 * §9: each compaction the agent's own tool made, as the file records it: where the live context
 * starts (calls before it are kept as outside_live_context), what was kept, and the summary.
 */
function CompactionRows({ source }: { source: OpenedSource }) {
  const reports = compactionReports(source.read);
  return (
    <tr>
      <th scope="row">Compactions</th>
      <td>
        <ol className="compactions" aria-label="Compactions the agent made">
          {reports.map((c, i) => (
            <li key={i}>
              live context from message {c.live_from_message + 1}
              {c.live_from_message_id !== null ? <span className="mono"> {c.live_from_message_id}</span> : null}
              {c.trigger !== null ? ` (${c.trigger}` : ''}
              {c.trigger !== null && c.tokens_before !== null ? `, ${fmt(c.tokens_before)} tokens before` : ''}
              {c.trigger !== null ? ')' : ''}: {c.kept}
              {c.summary !== null ? <div className="muted small">summary: {c.summary}</div> : null}
            </li>
          ))}
        </ol>
        <div className="muted small">
          Calls before message {reports[reports.length - 1].live_from_message + 1} are no longer sent when the agent
          resumes: they are kept (outside_live_context).
        </div>
      </td>
    </tr>
  );
}

export function SummaryTab() {
  const snapshot = useApp((s) => s.snapshot);
  if (!snapshot) return <p className="muted pad">Open a history to begin (or drop a file here).</p>;
  const { summary, source } = snapshot;
  return (
    <div className="summary pad">
      <table className="kv" aria-label="File">
        <tbody>
          <tr>
            <th scope="row">File</th>
            <td className="mono">{snapshot.fileName}</td>
          </tr>
          <tr>
            <th scope="row">Format</th>
            <td>
              <span className="mono">{source.format}</span> — {adapterFor(source.format).name}
              {source.read.container ? ` (${source.read.container})` : ''}
              <div className="muted small">detected: {source.detection.reason}</div>
            </td>
          </tr>
          <tr>
            <th scope="row">Conversation</th>
            <td>
              <span className="mono">{source.read.conversation}</span>
              {source.conversations.length > 1
                ? ` — ${source.conversations.find((c) => c.key === source.read.conversation)?.label ?? ''} (one of ${source.conversations.length})`
                : ''}
            </td>
          </tr>
          <tr>
            <th scope="row">Ids</th>
            <td>{source.read.notes.ids}</td>
          </tr>
          <tr>
            <th scope="row">Errors</th>
            <td>{source.read.notes.errors}</td>
          </tr>
          <tr>
            <th scope="row">Kept untouched</th>
            <td>{source.read.notes.kept}</td>
          </tr>
          {source.read.compactions?.length ? <CompactionRows source={source} /> : null}
          {source.read.notes.thinking ? (
            <tr>
              <th scope="row">Thinking</th>
              <td>{source.read.notes.thinking}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Checked against</th>
            <td>
              <Targets reports={snapshot.checks} />
            </td>
          </tr>
          <tr>
            <th scope="row">File size</th>
            <td>{bytes(snapshot.bytes)}</td>
          </tr>
          <tr>
            <th scope="row">Messages</th>
            <td>
              {fmt(summary.messages)} (
              {Object.entries(summary.roles)
                .map(([r, n]) => `${n} ${r}`)
                .join(', ')}
              )
            </td>
          </tr>
          <tr>
            <th scope="row">Tool call blocks</th>
            <td>{fmt(summary.toolCalls)}</td>
          </tr>
          <tr>
            <th scope="row">Characters</th>
            <td>{fmt(summary.chars)}</td>
          </tr>
          <tr>
            <th scope="row">SHA-256</th>
            <td className="mono small">{snapshot.sha256}</td>
          </tr>
        </tbody>
      </table>
      <section aria-label="Where the characters are">
        <h3 className="section-title">Where the characters are</h3>
        <Breakdown />
      </section>
      <table className="grid" aria-label="Tool calls per tool">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Calls</th>
            <th scope="col">Result characters</th>
          </tr>
        </thead>
        <tbody>
          {summary.tools.map((t) => (
            <tr key={t.name}>
              <td className="mono">{t.name}</td>
              <td className="num">{fmt(t.calls)}</td>
              <td className="num">{fmt(t.resultChars)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-label="Warnings">
        <h3 className="section-title">Warnings ({summary.warnings.length})</h3>
        {summary.warnings.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="warnings">
            {summary.warnings.slice(0, 500).map((w, i) => (
              <li key={i}>
                <span className="badge warn">{w.code}</span> {w.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
