/** One aligned row: the original message beside what the proposal makes of it. */
import { memo } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import type { Message } from '../../core/engine/schema.js';
import { displayedBlocks, fieldKey } from '../../core/inspect/display.js';
import { useApp } from '../store/index.js';
import { selectHasProposal } from '../store/selectors.js';
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
  const isProtected = useApp((s) => s.protectedMessageIds.includes(row.id));
  const protectMessage = useApp((s) => s.protectMessage);
  const select = useApp((s) => s.select);
  const isFirstChange = useApp((s) => s.cache?.current.firstChanged === row.index);
  // The pinned proposal's row for this message when the left pane shows A instead of the original.
  const pinnedRow = useApp((s) =>
    s.leftPane === 'pinned' ? (s.pinned?.proposal.audit.rows[row.index] ?? null) : null,
  );
  const blocks = displayedBlocks(message);
  // One pane's blocks: the original's fates come from this row, a proposal's from its own row.
  const paneBlocks = (paneRow: AlignedRow, side: 'original' | 'proposed' | 'pinned', showDecision: boolean) =>
    blocks.map((block, b) => (
      <BlockView
        key={b}
        block={block}
        message={row.index}
        index={b}
        where={`${row.id} block ${b}`}
        fate={paneRow.blocks.get(b) ?? null}
        side={side}
        showDecision={showDecision}
      />
    ));
  const proposedPane = (paneRow: AlignedRow, side: 'proposed' | 'pinned', showDecision: boolean) =>
    paneRow.status === 'removed' ? (
      <div className="removed-msg">message removed (every block dropped)</div>
    ) : (
      paneBlocks(paneRow, side, showDecision)
    );
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
      <div className="panes">
        {pinnedRow ? (
          <div className="pane proposed pinned" role="group" aria-label="A (pinned)">
            {proposedPane(pinnedRow, 'pinned', false)}
          </div>
        ) : (
          <div className="pane original" role="group" aria-label="Original">
            {paneBlocks(row, 'original', true)}
          </div>
        )}
        <div className="pane proposed" role="group" aria-label={pinnedRow ? 'B (current)' : 'Proposed'}>
          {hasProposal && proposedPane(row, 'proposed', pinnedRow !== null)}
        </div>
      </div>
    </div>
  );
});
