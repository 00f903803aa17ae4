/**
 * The decisions table: every pair (core/inspect/decisionTable.ts), filtered and sorted by the
 * store (`selectDecisionView`). A column header sorts (aria-sort), the field and the action
 * select filter, and a click or Enter on a row opens the audit at its call. The rows are
 * virtualized with the audit's own @tanstack/react-virtual, so 5,000 pairs render a screenful.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ActionFilter, DecisionColumn, DecisionRow } from '../../core/inspect/decisionTable.js';
import type { Action } from '../../core/engine/schema.js';
import { ACTIONS } from '../../core/engine/schema.js';
import { fmt, prob } from '../format.js';
import { useApp } from '../store/index.js';
import { selectDecisionView } from '../store/selectors.js';
import { ACTION_LABELS } from '../../core/inspect/glossary.js';
import { ActionBadge, StepMark } from './ActionBadge.js';
import { Scatter } from './Scatter.js';
import { Term } from './Term.js';

const COLUMNS: Array<[DecisionColumn, string, 'num' | 'text']> = [
  ['toolName', 'Tool', 'text'],
  ['input', 'Input', 'text'],
  ['resultChars', 'Result chars', 'num'],
  ['resultTokens', 'Est. tokens', 'num'],
  ['keepCall', 'Keep call', 'num'],
  ['keepResult', 'Keep output', 'num'],
  ['action', 'Action', 'text'],
  ['reason', 'Reason', 'text'],
  ['override', 'Override', 'text'],
  ['comment', 'Comment', 'text'],
];

const ROW_HEIGHT = 30;

function Cell({ row, column, was }: { row: DecisionRow; column: DecisionColumn; was?: Action }) {
  switch (column) {
    case 'resultChars':
    case 'resultTokens':
      return <td className="num">{fmt(row[column])}</td>;
    case 'keepCall':
    case 'keepResult':
      return <td className="num">{prob(row[column])}</td>;
    case 'input':
      return (
        <td className="mono input-cell" title={row.input}>
          {row.input}
        </td>
      );
    case 'action':
      return (
        <td>
          {row.action ? <ActionBadge action={row.action} /> : '—'}
          {was && <StepMark was={was} />}
        </td>
      );
    case 'reason':
      return (
        <td className="reason-cell">
          <Term term={row.reason} className="small" />
        </td>
      );
    case 'toolName':
      return <td className="mono">{row.toolName}</td>;
    default:
      return <td>{row[column] ?? ''}</td>;
  }
}

export function DecisionsTab() {
  const view = useApp(selectDecisionView);
  const sort = useApp((s) => s.decisionSort);
  const filter = useApp((s) => s.decisionFilter);
  const sortBy = useApp((s) => s.sortDecisionsBy);
  const setFilter = useApp((s) => s.setDecisionFilter);
  const revealMessage = useApp((s) => s.revealMessage);
  const stepped = useApp((s) => s.proposal?.stepped);
  const rows = view?.rows ?? [];
  const scrollRef = useRef<HTMLDivElement>(null);
  // The React Compiler is not used here, so its note that it skips this hook does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  if (!view) return <p className="muted pad">Open a history to begin.</p>;

  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <div className="decisions">
      <Scatter />
      <div className="audit-bar">
        <label htmlFor="decisions-text">Filter decisions</label>
        <input
          id="decisions-text"
          type="search"
          value={filter.text}
          placeholder="tool, call id, input, reason, comment"
          onChange={(e) => setFilter({ text: e.target.value })}
        />
        <label htmlFor="decisions-action">Action</label>
        <select
          id="decisions-action"
          value={filter.action}
          onChange={(e) => setFilter({ action: e.target.value as ActionFilter })}
        >
          <option value="all">All calls</option>
          <option value="candidates">Candidates</option>
          <option value="guarded">Guarded</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </select>
        <span className="muted small" role="status" aria-label="Decisions shown">
          {rows.length} of {view.all.length} calls · click or Enter on a row opens it in the audit
        </span>
      </div>
      <div ref={scrollRef} className="scroller decisions-scroller">
        <table className="grid decisions-table" aria-label="Decisions" aria-rowcount={rows.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {COLUMNS.map(([column, label, kind]) => (
                <th
                  key={column}
                  scope="col"
                  className={kind === 'num' ? 'num' : undefined}
                  aria-sort={sort.column === column ? sort.dir : 'none'}
                >
                  <button className="sort" onClick={() => sortBy(column)}>
                    {label}
                    <span aria-hidden="true">
                      {sort.column === column ? (sort.dir === 'ascending' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
            {items.map((item) => {
              const row = rows[item.index];
              const open = () => revealMessage(row.callMessage);
              return (
                <tr
                  key={row.pairId}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  aria-rowindex={item.index + 2}
                  tabIndex={0}
                  className={stepped?.has(row.pairId) ? 'decision-row stepped' : 'decision-row'}
                  onClick={open}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
                    e.preventDefault();
                    open();
                  }}
                >
                  {COLUMNS.map(([column]) => (
                    <Cell key={column} row={row} column={column} was={stepped?.get(row.pairId)} />
                  ))}
                </tr>
              );
            })}
            {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
          </tbody>
        </table>
      </div>
    </div>
  );
}
