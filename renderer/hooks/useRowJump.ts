/**
 * Moving to a visible row from the keyboard (find, j/k): select it, scroll the virtual list
 * to it (it may not be rendered yet), then bring its first highlight into view, which can sit
 * below the fold of a tall row or inside a clipped result body: the hit Find stands on
 * (its current <mark>), else the row's first highlight.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import { useCallback } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { useApp } from '../store/index.js';

export type JumpTo = (position: number) => void;

export function useRowJump(
  visible: readonly AlignedRow[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
): JumpTo {
  const select = useApp((s) => s.select);
  return useCallback(
    (position: number) => {
      const row = visible[position];
      if (!row) return;
      select(row.index);
      virtualizer.scrollToIndex(position, { align: 'center' });
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const row = scrollRef.current?.querySelector(`[data-index="${position}"]`);
          (row?.querySelector('mark[aria-current="true"]') ?? row?.querySelector('mark'))?.scrollIntoView({
            block: 'nearest',
          });
        }),
      );
    },
    [visible, select, virtualizer, scrollRef],
  );
}
