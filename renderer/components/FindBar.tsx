/**
 * Find across both panes; Enter / Shift+Enter walk the matching messages, off-screen rows
 * included. The typed query becomes the highlighted `findTerm` after a short pause, so a
 * 10,000-message history is searched once per pause rather than once per key.
 */
import { useEffect, useRef } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { useApp } from '../store/index.js';

const DEBOUNCE_MS = 120;

export function FindBar({
  matches,
  visible,
  selectedPos,
  goTo,
}: {
  matches: number[];
  visible: AlignedRow[];
  selectedPos: number;
  goTo: (pos: number) => void;
}) {
  const query = useApp((s) => s.query);
  const findTerm = useApp((s) => s.findTerm);
  const setQuery = useApp((s) => s.setQuery);
  const setFindTerm = useApp((s) => s.setFindTerm);
  const input = useRef<HTMLInputElement>(null);
  // Enter pressed before the pause ended: search now and step once the matches exist.
  const pendingStep = useRef<1 | -1 | null>(null);
  const term = query.trim();

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

  useEffect(() => {
    const id = setTimeout(() => setFindTerm(term), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [term, setFindTerm]);

  const current = matches.indexOf(selectedPos);
  const step = (dir: 1 | -1) => {
    if (matches.length === 0) return;
    const next =
      current === -1
        ? dir === 1
          ? (matches.find((m) => m > selectedPos) ?? matches[0])
          : ([...matches].reverse().find((m) => m < selectedPos) ?? matches[matches.length - 1])
        : matches[(current + dir + matches.length) % matches.length];
    goTo(next);
  };

  useEffect(() => {
    if (pendingStep.current === null || findTerm !== term) return;
    const dir = pendingStep.current;
    pendingStep.current = null;
    step(dir);
  });

  const onEnter = (dir: 1 | -1) => {
    if (findTerm === term) return step(dir);
    pendingStep.current = dir;
    setFindTerm(term);
  };

  const settled = term !== '' && findTerm === term;
  return (
    <span className="find">
      <label htmlFor="find">Find</label>
      <input
        ref={input}
        id="find"
        type="search"
        value={query}
        placeholder="Ctrl/Cmd+F"
        aria-describedby="find-results"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter(e.shiftKey ? -1 : 1);
          }
          if (e.key === 'Escape') setQuery('');
        }}
      />
      <span id="find-results" role="status" aria-label="Find results" className="muted small">
        {!settled
          ? ''
          : matches.length === 0
            ? 'No matches'
            : `${current === -1 ? '–' : current + 1} of ${matches.length}`}
      </span>
      <button aria-label="Previous match" disabled={!matches.length} onClick={() => step(-1)}>
        ↑
      </button>
      <button aria-label="Next match" disabled={!matches.length} onClick={() => step(1)}>
        ↓
      </button>
      {visible.length === 0 && <span className="muted small">no rows</span>}
    </span>
  );
}
