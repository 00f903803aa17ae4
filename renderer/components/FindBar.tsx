/** Find across both panes; Enter / Shift+Enter walk the matches, off-screen rows included. */
import { useEffect, useRef } from 'react';
import type { AlignedRow } from '../../core/align.js';
import { useApp } from '../store/index.js';

export function FindBar({ matches, visible, selectedPos, goTo }: { matches: number[]; visible: AlignedRow[]; selectedPos: number; goTo: (pos: number) => void }) {
  const query = useApp((s) => s.query);
  const setQuery = useApp((s) => s.setQuery);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const current = matches.indexOf(selectedPos);
  const step = (dir: 1 | -1) => {
    if (matches.length === 0) return;
    const next = current === -1 ? (dir === 1 ? matches.find((m) => m > selectedPos) ?? matches[0] : matches[matches.length - 1]) : matches[(current + dir + matches.length) % matches.length];
    goTo(next);
  };
  return (
    <span className="find">
      <label htmlFor="find">Find</label>
      <input ref={input} id="find" type="search" value={query} placeholder="Ctrl/Cmd+F" onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          step(e.shiftKey ? -1 : 1);
        }
        if (e.key === 'Escape') setQuery('');
      }} />
      <span role="status" aria-label="Find results" className="muted small">
        {query.trim() ? `${current === -1 ? '–' : current + 1} of ${matches.length}` : ''}
      </span>
      <button aria-label="Previous match" disabled={!matches.length} onClick={() => step(-1)}>↑</button>
      <button aria-label="Next match" disabled={!matches.length} onClick={() => step(1)}>↓</button>
      {visible.length === 0 && <span className="muted small">no rows</span>}
    </span>
  );
}
