/** One aligned row: the original message beside what the proposal makes of it. */
import { memo } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import type { Block, Message } from '../../core/engine/schema.js';
import { useApp } from '../store/index.js';
import { selectHasProposal } from '../store/selectors.js';
import { BlockView } from './BlockView.js';
import { Highlight } from './Highlight.js';

function blocksOf(message: Message): Block[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
}

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
  const blocks = blocksOf(message);
  return (
    <div
      role="listitem"
      aria-label={`Message ${row.id} (${row.role})`}
      aria-current={selected ? 'true' : undefined}
      className={`mrow ${row.status}${selected ? ' selected' : ''}`}
      onClick={() => select(row.index)}
    >
      <div className="mhead">
        <span className="mono">{row.index}</span>
        <span className="mono strong">
          <Highlight text={row.id} />
        </span>
        <span className={`role ${row.role}`}>{row.role}</span>
        {row.protected && <span className="badge prot">protected</span>}
        {row.status !== 'same' && <span className={`badge ${row.status}`}>{row.status}</span>}
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
        <div className="pane original" role="group" aria-label="Original">
          {blocks.map((block, b) => (
            <BlockView
              key={b}
              block={block}
              where={`${row.id} block ${b}`}
              fate={row.blocks.get(b) ?? null}
              side="original"
            />
          ))}
        </div>
        <div className="pane proposed" role="group" aria-label="Proposed">
          {!hasProposal ? null : row.status === 'removed' ? (
            <div className="removed-msg">message removed (every block dropped)</div>
          ) : (
            blocks.map((block, b) => (
              <BlockView
                key={b}
                block={block}
                where={`${row.id} block ${b}`}
                fate={row.blocks.get(b) ?? null}
                side="proposed"
              />
            ))
          )}
        </div>
      </div>
    </div>
  );
});
