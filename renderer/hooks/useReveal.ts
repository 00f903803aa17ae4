/**
 * Bringing a message into view on request (the store's `reveal`: a decisions-table row, an
 * evidence link): the row filter is cleared if it hides the message, then the audit jumps to
 * it as Find and j/k do (useRowJump). A request is cleared once handled, also when the audit
 * view mounts with one pending (the decisions table switches to the audit tab first).
 */
import { useEffect } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { useApp } from '../store/index.js';
import type { JumpTo } from './useRowJump.js';

export function useReveal(visible: readonly AlignedRow[], goTo: JumpTo): void {
  const reveal = useApp((s) => s.reveal);
  const filter = useApp((s) => s.filter);
  const setFilter = useApp((s) => s.setFilter);
  const revealed = useApp((s) => s.revealed);
  useEffect(() => {
    if (reveal === null) return;
    const position = visible.findIndex((r) => r.index === reveal.index);
    // Hidden by the filter: show every row; this runs again with them.
    if (position < 0 && filter !== 'all') return setFilter('all');
    revealed();
    if (position >= 0) goTo(position);
  }, [reveal, visible, filter, setFilter, goTo, revealed]);
}
