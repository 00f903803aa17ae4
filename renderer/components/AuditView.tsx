/**
 * The side-by-side audit: filter, find (Ctrl/Cmd+F, off-screen rows included), j/k between
 * changed calls, and a virtualized list so 10,000 messages scroll smoothly.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { alignRows } from '../../core/inspect/align.js';
import type { Pair } from '../../core/engine/guards.js';
import type { Decision, Message } from '../../core/engine/schema.js';
import type { Filter } from '../store/ui.js';
import { useApp } from '../store/index.js';
import { NO_TOOLS } from '../format.js';
import { FindBar } from './FindBar.js';
import { MessageRow } from './MessageRow.js';

export interface RowContext {
  pairs: Map<string, Pair>;
  decisions: Map<string, Decision>;
  hasProposal: boolean;
}

function matchesFilter(
  row: AlignedRow,
  filter: Filter,
  ctx: RowContext,
  actions: ReadonlyMap<string, string> | null,
): boolean {
  if (filter === 'all') return true;
  if (filter === 'changed') return row.status !== 'same';
  if (filter === 'protected') return row.protected;
  if (filter === 'ineligible') return row.ineligible;
  if (filter === 'kept')
    return row.pairIds.some((id) => ctx.pairs.get(id)?.guard === null && (actions?.get(id) ?? 'keep') === 'keep');
  return row.tools.includes(filter.slice('tool:'.length));
}

const searchText = new WeakMap<Message, string>();
function textOf(message: Message): string {
  let text = searchText.get(message);
  if (text === undefined) searchText.set(message, (text = JSON.stringify(message).toLowerCase()));
  return text;
}

export function AuditView() {
  const messages = useApp((s) => s.snapshot?.messages ?? null);
  const proposal = useApp((s) => s.proposal);
  const policyAnalysis = useApp((s) => s.analysis);
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const findTerm = useApp((s) => s.findTerm);
  const selected = useApp((s) => s.selected);
  const select = useApp((s) => s.select);
  const tools = useApp((s) => s.snapshot?.summary.tools ?? NO_TOOLS);
  const scrollRef = useRef<HTMLDivElement>(null);

  const analysis = proposal?.analysis ?? policyAnalysis;
  const rows = useMemo(
    () => proposal?.rows ?? (messages && analysis ? alignRows(messages, analysis, new Map()) : []),
    [proposal, messages, analysis],
  );
  const ctx = useMemo<RowContext>(
    () => ({
      pairs: new Map((analysis?.pairs ?? []).map((p) => [p.pairId, p])),
      decisions: new Map((proposal?.outcome.decisions ?? []).map((d) => [d.pair_id, d])),
      hasProposal: proposal !== null,
    }),
    [analysis, proposal],
  );
  const visible = useMemo(
    () => rows.filter((r) => matchesFilter(r, filter, ctx, proposal?.actions ?? null)),
    [rows, filter, ctx, proposal],
  );

  const matches = useMemo(() => {
    const q = findTerm.toLowerCase();
    if (!q || !messages) return [];
    const out: number[] = [];
    visible.forEach((row, i) => {
      // The proposed pane only removes or shortens text, so the original covers both panes,
      // plus the omission markers the proposal adds.
      if (textOf(messages[row.index]).includes(q) || (row.status !== 'same' && 'omitted'.includes(q))) out.push(i);
    });
    return out;
  }, [findTerm, messages, visible]);

  // The React Compiler is not used here, so its note that it skips this hook does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 8,
  });

  const goTo = useCallback(
    (position: number) => {
      const row = visible[position];
      if (!row) return;
      select(row.index);
      // The row first (it may not be rendered yet), then its first highlight, which can sit
      // below the fold of a tall row or inside a clipped result body.
      virtualizer.scrollToIndex(position, { align: 'center' });
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          scrollRef.current?.querySelector(`[data-index="${position}"] mark`)?.scrollIntoView({ block: 'nearest' });
        }),
      );
    },
    [visible, select, virtualizer],
  );

  const selectedPos = visible.findIndex((r) => r.index === selected);
  const stepChanged = useCallback(
    (dir: 1 | -1) => {
      for (let i = selectedPos + dir; i >= 0 && i < visible.length; i += dir) {
        if (visible[i].status !== 'same') return goTo(i);
      }
    },
    [selectedPos, visible, goTo],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable]') || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key !== 'j' && e.key !== 'k') return;
      e.preventDefault();
      stepChanged(e.key === 'j' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stepChanged]);

  if (!messages) return <p className="muted pad">Open a history to begin.</p>;
  const changedCount = rows.filter((r) => r.status !== 'same').length;
  return (
    <div className="audit">
      <div className="audit-bar">
        <label htmlFor="filter">Filter</label>
        <select id="filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          <option value="all">All messages</option>
          <option value="changed">Changed ({changedCount})</option>
          <option value="kept">Kept candidates</option>
          <option value="protected">Protected</option>
          <option value="ineligible">Ineligible</option>
          {tools.map((t) => (
            <option key={t.name} value={`tool:${t.name}`}>
              Tool: {t.name}
            </option>
          ))}
        </select>
        <FindBar matches={matches} visible={visible} selectedPos={selectedPos} goTo={goTo} />
        <span className="muted small">
          j/k: next/previous change · {visible.length} of {rows.length} messages
        </span>
      </div>
      <div className="pane-heads" aria-hidden="true">
        <span>Original</span>
        <span>{proposal ? 'Proposed' : 'Proposed (run to see)'}</span>
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
                <MessageRow row={row} message={messages[row.index]} ctx={ctx} selected={row.index === selected} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
