/** Change navigation: j / k move to the next / previous changed row, unless the user is typing. */
import { useEffect } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { stepChange } from '../../core/inspect/navigate.js';
import type { JumpTo } from './useRowJump.js';

export function useChangeNavigation(visible: readonly AlignedRow[], selectedPos: number, goTo: JumpTo): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable]') || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key !== 'j' && e.key !== 'k') return;
      e.preventDefault();
      const next = stepChange(visible, selectedPos, e.key === 'j' ? 1 : -1);
      if (next !== null) goTo(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, selectedPos, goTo]);
}
