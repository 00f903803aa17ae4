/** The find field, its "n of m matches" status (hits, not messages) and previous/next buttons (behaviour in hooks/useFind). */
import type { AlignedRow } from '../../core/inspect/align.js';
import { useFind } from '../hooks/useFind.js';
import type { JumpTo } from '../hooks/useRowJump.js';

export function FindBar({
  visible,
  selectedPos,
  goTo,
}: {
  visible: readonly AlignedRow[];
  selectedPos: number;
  goTo: JumpTo;
}) {
  const { input, query, setQuery, total, current, settled, step, onEnter } = useFind(selectedPos, goTo);
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
          : total === 0
            ? 'No matches'
            : `${current === -1 ? '–' : current + 1} of ${total} ${total === 1 ? 'match' : 'matches'}`}
      </span>
      <button aria-label="Previous match" disabled={total === 0} onClick={() => step(-1)}>
        ↑
      </button>
      <button aria-label="Next match" disabled={total === 0} onClick={() => step(1)}>
        ↓
      </button>
      {visible.length === 0 && <span className="muted small">no rows</span>}
    </span>
  );
}
