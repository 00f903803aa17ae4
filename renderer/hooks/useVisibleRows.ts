/** Filtering: the rows of the audit model that the chosen filter lets through. */
import { useMemo } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { filterRows } from '../../core/inspect/filter.js';
import type { AuditModel } from '../../core/inspect/review.js';
import { useApp } from '../store/index.js';
import { selectAudit } from '../store/selectors.js';

const NO_ROWS: readonly AlignedRow[] = [];

/** Recomputed only when a derive replaces the audit model or the filter changes, never per render. */
export function useVisibleRows(): { audit: AuditModel | null; visible: readonly AlignedRow[] } {
  const audit = useApp(selectAudit);
  const filter = useApp((s) => s.filter);
  const visible = useMemo(() => (audit ? filterRows(audit.rows, filter, audit.pairs) : NO_ROWS), [audit, filter]);
  return { audit, visible };
}
