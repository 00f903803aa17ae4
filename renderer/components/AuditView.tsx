/**
 * The side-by-side audit: filter, find (Ctrl/Cmd+F, off-screen rows included), j/k between
 * changed calls, and a virtualized list so 10,000 messages scroll smoothly. What each row
 * shows is derived in the store (store/selectors.ts); the behaviour lives in hooks/.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { RowFilter } from '../../core/inspect/filter.js';
import { NO_TOOLS } from '../format.js';
import { useChangeNavigation } from '../hooks/useChangeNavigation.js';
import { useRowJump } from '../hooks/useRowJump.js';
import { useVisibleRows } from '../hooks/useVisibleRows.js';
import { useApp } from '../store/index.js';
import { selectHasProposal } from '../store/selectors.js';
import { FindBar } from './FindBar.js';
import { MessageRow } from './MessageRow.js';

function FilterSelect({ changedRows }: { changedRows: number }) {
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const tools = useApp((s) => s.snapshot?.summary.tools ?? NO_TOOLS);
  return (
    <>
      <label htmlFor="filter">Filter</label>
      <select id="filter" value={filter} onChange={(e) => setFilter(e.target.value as RowFilter)}>
        <option value="all">All messages</option>
        <option value="changed">Changed ({changedRows})</option>
        <option value="kept">Kept candidates</option>
        <option value="protected">Protected</option>
        <option value="ineligible">Ineligible</option>
        {tools.map((t) => (
          <option key={t.name} value={`tool:${t.name}`}>
            Tool: {t.name}
          </option>
        ))}
      </select>
    </>
  );
}

export function AuditView() {
  const messages = useApp((s) => s.snapshot?.messages ?? null);
  const hasProposal = useApp(selectHasProposal);
  const selected = useApp((s) => s.selected);
  const { audit, visible } = useVisibleRows();
  const scrollRef = useRef<HTMLDivElement>(null);

  // The React Compiler is not used here, so its note that it skips this hook does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 8,
  });
  const goTo = useRowJump(visible, virtualizer, scrollRef);
  const selectedPos = useMemo(() => visible.findIndex((r) => r.index === selected), [visible, selected]);
  useChangeNavigation(visible, selectedPos, goTo);

  if (!messages) return <p className="muted pad">Open a history to begin.</p>;
  return (
    <div className="audit">
      <div className="audit-bar">
        <FilterSelect changedRows={audit?.changedRows ?? 0} />
        <FindBar visible={visible} selectedPos={selectedPos} goTo={goTo} />
        <span className="muted small">
          j/k: next/previous change · {visible.length} of {audit?.rows.length ?? 0} messages
        </span>
      </div>
      <div className="pane-heads" aria-hidden="true">
        <span>Original</span>
        <span>{hasProposal ? 'Proposed' : 'Proposed (run to see)'}</span>
      </div>
      <div ref={scrollRef} className="scroller" tabIndex={-1}>
        <div role="list" aria-label="Side by side" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = visible[item.index];
            return (
              <div
                key={row.index}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="vrow"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow row={row} message={messages[row.index]} selected={row.index === selected} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
