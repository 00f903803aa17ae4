/** Filtering: the rows of the audit model that the chosen filter lets through. */
import { useDeferredValue, useMemo } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { filterRows } from '../../core/inspect/filter.js';
import type { AuditModel } from '../../core/inspect/review.js';
import { useApp } from '../store/index.js';
import { selectAudit } from '../store/selectors.js';

const NO_ROWS: readonly AlignedRow[] = [];

/**
 * Recomputed only when a derive replaces the audit model or the filter changes, never per render.
 * The rows follow a new audit model in a deferred render: a threshold step (R15) then commits
 * the header's figures in the frame of the input, and the rows it changed a frame later,
 * instead of making the input's frame lay out and paint them before the token count can show.
 */
export function useVisibleRows(): { audit: AuditModel | null; visible: readonly AlignedRow[] } {
  const audit = useDeferredValue(useApp(selectAudit));
  const filter = useApp((s) => s.filter);
  const visible = useMemo(() => (audit ? filterRows(audit.rows, filter, audit.pairs) : NO_ROWS), [audit, filter]);
  return { audit, visible };
}
