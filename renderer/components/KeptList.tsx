/** The calls kept by each guard, one line per reason with its count; a reason explains itself on hover or focus (glossary). */
import type { KeptCount } from '../../core/inspect/guardCounts.js';
import { KEPT_LABELS } from '../../core/inspect/guardCounts.js';
import { fmt } from '../format.js';
import { Term } from './Term.js';

/** `layout`: `inline` runs the reasons along one line (the header), `column` puts each count at the right (a side panel). */
export function KeptList({
  kept,
  label,
  layout,
}: {
  kept: readonly KeptCount[];
  label: string;
  layout: 'inline' | 'column';
}) {
  return (
    <ul className={layout === 'inline' ? 'kept' : 'counts'} aria-label={label}>
      {kept.map(({ reason, count }) => (
        <li key={reason}>
          <Term term={reason}>{KEPT_LABELS[reason]}</Term> <span className="count">{fmt(count)}</span>
        </li>
      ))}
    </ul>
  );
}
