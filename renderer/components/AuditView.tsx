/**
 * The side-by-side audit: filter, find (Ctrl/Cmd+F, off-screen rows included), j/k between
 * changed calls, and a virtualized list so 10,000 messages scroll smoothly. What each row
 * shows is derived in the store (store/selectors.ts); the behaviour lives in hooks/.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { RowFilter } from '../../core/inspect/filter.js';
import { NO_TOOLS } from '../format.js';
import { useChangeNavigation } from '../hooks/useChangeNavigation.js';
import { useReveal } from '../hooks/useReveal.js';
import { useRowJump } from '../hooks/useRowJump.js';
import { useApp } from '../store/index.js';
import { selectAudit, selectHasProposal, selectLiveFrom, selectVisibleRows } from '../store/selectors.js';
import { ContextStrip } from './ContextStrip.js';
import { Timeline } from './Timeline.js';
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

/** With a proposal pinned as A, the left pane can show A's proposed history instead of the original. */
function LeftPaneSelect() {
  const pinned = useApp((s) => s.pinned !== null);
  const leftPane = useApp((s) => s.leftPane);
  const setLeftPane = useApp((s) => s.setLeftPane);
  if (!pinned) return null;
  return (
    <>
      <label htmlFor="left-pane">Left pane</label>
      <select id="left-pane" value={leftPane} onChange={(e) => setLeftPane(e.target.value as 'original' | 'pinned')}>
        <option value="original">Original</option>
        <option value="pinned">A (pinned proposal)</option>
      </select>
    </>
  );
}

export function AuditView() {
  const messages = useApp((s) => s.snapshot?.messages ?? null);
  const hasProposal = useApp(selectHasProposal);
  const selected = useApp((s) => s.selected);
  const firstChanged = useApp((s) => s.cache?.current.firstChanged ?? null);
  const againstA = useApp((s) => s.leftPane === 'pinned' && s.pinned !== null);
  const audit = useApp(selectAudit);
  const visible = useApp(selectVisibleRows);
  const liveFrom = useApp(selectLiveFrom);
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
  const firstChangedPos = useMemo(() => visible.findIndex((r) => r.index === firstChanged), [visible, firstChanged]);
  // The first visible row at or after the live context's start (the filter may hide the start itself).
  const liveFromPos = useMemo(
    () => (liveFrom === null ? -1 : visible.findIndex((r) => r.index >= liveFrom)),
    [visible, liveFrom],
  );
  // Opened from elsewhere (the cache panel's "show it") with a row selected: bring it into view once.
  const arrivedAt = useRef(selectedPos);
  useEffect(() => {
    if (arrivedAt.current >= 0) virtualizer.scrollToIndex(arrivedAt.current, { align: 'center' });
  }, [virtualizer]);

  useReveal(visible, goTo);

  if (!messages) return <p className="muted pad">Open a history to begin.</p>;
  return (
    <div className="audit">
      <div className="audit-bar">
        <FilterSelect changedRows={audit?.changedRows ?? 0} />
        <FindBar visible={visible} selectedPos={selectedPos} goTo={goTo} />
        <LeftPaneSelect />
        {firstChanged !== null && (
          <button
            className="small"
            disabled={firstChangedPos < 0}
            title="The first message the proposal changes: the provider's cached prefix ends before it"
            onClick={() => goTo(firstChangedPos)}
          >
            First change ({audit?.rows[firstChanged]?.id})
          </button>
        )}
        {liveFrom !== null && (
          <button
            className="small"
            disabled={liveFromPos < 0}
            title="The agent's own tool compacted its context: only the messages from here on are sent when it resumes"
            onClick={() => goTo(liveFromPos)}
          >
            Live context ({audit?.rows[liveFrom]?.id ?? 'end'})
          </button>
        )}
        <span className="muted small">
          j/k: next/previous change · {visible.length} of {audit?.rows.length ?? 0} messages
        </span>
      </div>
      <ContextStrip />
      <Timeline />
      <div className="pane-heads" aria-hidden="true">
        <span>{againstA ? 'A (pinned)' : 'Original'}</span>
        <span>{againstA ? 'B (current)' : hasProposal ? 'Proposed' : 'Proposed (run to see)'}</span>
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
                {item.index === liveFromPos && (
                  <div className="live-start" role="separator" aria-label="Live context starts here">
                    Live context starts here: the agent compacted what is above, which is no longer sent when it resumes
                    (its calls are kept)
                  </div>
                )}
                <MessageRow row={row} message={messages[row.index]} selected={row.index === selected} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
