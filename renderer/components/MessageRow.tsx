/** One aligned row: the original message beside what the proposal makes of it. */
import { memo } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import type { Message } from '../../core/engine/schema.js';
import { displayedBlocks, fieldKey } from '../../core/inspect/display.js';
import { useApp } from '../store/index.js';
import { selectHasProposal, selectTurn } from '../store/selectors.js';
import { BlockView } from './BlockView.js';
import { Highlight } from './Highlight.js';

export const MessageRow = memo(function MessageRow({
  row,
  message,
  selected,
}: {
  row: AlignedRow;
  message: Message;
  selected: boolean;
}) {
  const hasProposal = useApp(selectHasProposal);
  const turn = useApp((s) => selectTurn(s, row.index));
  const isProtected = useApp((s) => s.protectedMessageIds.includes(row.id));
  const protectMessage = useApp((s) => s.protectMessage);
  const select = useApp((s) => s.select);
  const isFirstChange = useApp((s) => s.cache?.current.firstChanged === row.index);
  // The pinned proposal's row for this message when the left pane shows A instead of the original.
  const pinnedRow = useApp((s) =>
    s.leftPane === 'pinned' ? (s.pinned?.proposal.audit.rows[row.index] ?? null) : null,
  );
  const blocks = displayedBlocks(message);
  const block = (paneRow: AlignedRow, b: number, side: 'original' | 'proposed' | 'pinned', showDecision: boolean) => (
    <BlockView
      block={blocks[b]}
      message={row.index}
      index={b}
      where={`${row.id} block ${b}`}
      fate={paneRow.blocks.get(b) ?? null}
      side={side}
      showDecision={showDecision}
    />
  );
  // A proposal's cell on line b: what replaces original block b, on b's own line (align.ts
  // `blockLines`); a dropped call and its result next to it share one marker over both lines.
  const proposedCell = (paneRow: AlignedRow, b: number, side: 'proposed' | 'pinned', showDecision: boolean) => {
    const line = paneRow.lines[b];
    const className = `pane ${side === 'pinned' ? 'proposed pinned' : 'proposed'}`;
    if (!line || line.span === 0) return null;
    if (line.shows === 'removed')
      return (
        <td className={`${className} removed`} rowSpan={line.span}>
          <div className="block removed">
            {line.span > 1
              ? `${blocks[b].type} and ${blocks[b + 1]?.type} removed (drop_call)`
              : `${blocks[b].type} removed (drop_call)`}
          </div>
        </td>
      );
    return <td className={className}>{block(paneRow, b, side, showDecision)}</td>;
  };
  const left = pinnedRow ? 'A (pinned)' : 'Original';
  const right = pinnedRow ? 'B (current)' : 'Proposed';
  return (
    <div
      role="listitem"
      aria-label={`Message ${row.id} (${row.role})`}
      aria-current={selected ? 'true' : undefined}
      className={`mrow ${row.status}${selected ? ' selected' : ''}${isFirstChange ? ' first-change' : ''}`}
      onClick={() => select(row.index)}
    >
      <div className="mhead">
        <span className="mono">{row.index}</span>
        {turn !== null && turn > 0 && <span className="turn">turn {turn}</span>}
        <span className="mono strong msg-id">
          <Highlight text={row.id} field={fieldKey(row.index, -1, 'id')} />
        </span>
        <span className={`role ${row.role}`}>{row.role}</span>
        {row.protected && <span className="badge prot">protected</span>}
        {row.status !== 'same' && <span className={`badge ${row.status}`}>{row.status}</span>}
        {isFirstChange && (
          <span className="badge first-change" title="The provider's cached prefix ends before this message">
            first change: cache breaks here
          </span>
        )}
        {pinnedRow && pinnedRow.status !== 'same' && <span className="badge override">A: {pinnedRow.status}</span>}
        <span className="spacer" />
        {typeof message.id === 'string' && (
          <button
            className="small"
            aria-pressed={isProtected}
            onClick={(e) => (e.stopPropagation(), protectMessage(row.id, !isProtected))}
          >
            {isProtected ? `Unprotect message ${row.id}` : 'Protect message'}
          </button>
        )}
      </div>
      <table className="lines" aria-label={`Blocks of ${row.id}: ${left} beside ${right}`}>
        <colgroup>
          <col className="line-no" />
          <col />
          <col />
        </colgroup>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Block</th>
            <th scope="col">{left}</th>
            <th scope="col">{right}</th>
          </tr>
        </thead>
        <tbody>
          {blocks.map((b, i) => (
            <tr key={i}>
              <th scope="row" className="line-no mono muted" title={`Block ${i}: ${b.type}`}>
                {i}
              </th>
              {pinnedRow ? (
                proposedCell(pinnedRow, i, 'pinned', false)
              ) : (
                <td className="pane original">{block(row, i, 'original', true)}</td>
              )}
              {hasProposal ? proposedCell(row, i, 'proposed', pinnedRow !== null) : <td className="pane proposed" />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
