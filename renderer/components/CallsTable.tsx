/**
 * The calls where two proposals part in a way that matters, a row each: the table both Compare
 * views end with (a pinned run's calls whose action differs from the current one's, the peer's
 * used results it destroys). A row is named by its call id (the row header, which the e2e specs
 * find a row by), then its tool; each view names the columns after that. Columns in groups (A's
 * decision, B's decision) get a header row of groups above their own, and each sub-header is
 * labelled with its group so a screen reader says "A action", not "action".
 */
import type { ReactNode } from 'react';

export interface CallColumn<C> {
  header: string;
  cell(call: C): ReactNode;
  className?: 'num' | 'mono' | 'reason';
  /** The side the column belongs to; give every column one, or none. */
  group?: string;
}

/** Consecutive columns of one group, as one header cell spanning them. */
function groupsOf<C>(columns: ReadonlyArray<CallColumn<C>>): Array<{ name: string; span: number }> {
  const groups: Array<{ name: string; span: number }> = [];
  for (const c of columns) {
    const last = groups.at(-1);
    if (last && last.name === c.group) last.span += 1;
    else groups.push({ name: c.group ?? '', span: 1 });
  }
  return groups;
}

export function CallsTable<C extends { pair_id: string; call_id: string; tool_name: string }>({
  label,
  className,
  calls,
  columns,
  empty,
}: {
  label: string;
  className?: string;
  calls: readonly C[];
  columns: ReadonlyArray<CallColumn<C>>;
  /** What stands instead of the table when no call qualifies. */
  empty: string;
}) {
  if (calls.length === 0) return <p className="muted">{empty}</p>;
  const grouped = columns.some((c) => c.group !== undefined);
  const key = (c: CallColumn<C>) => (c.group === undefined ? c.header : `${c.group} ${c.header}`);
  return (
    <table className={className ? `grid ${className}` : 'grid'} aria-label={label}>
      <thead>
        <tr>
          <th scope="col" rowSpan={grouped ? 2 : undefined}>
            Call
          </th>
          <th scope="col" rowSpan={grouped ? 2 : undefined}>
            Tool
          </th>
          {grouped
            ? groupsOf(columns).map((g) => (
                <th key={g.name} scope="colgroup" colSpan={g.span}>
                  {g.name}
                </th>
              ))
            : columns.map((c) => (
                <th key={key(c)} scope="col">
                  {c.header}
                </th>
              ))}
        </tr>
        {grouped && (
          <tr>
            {columns.map((c) => (
              <th key={key(c)} scope="col" aria-label={key(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        )}
      </thead>
      <tbody>
        {calls.map((call) => (
          <tr key={call.pair_id}>
            <th scope="row" className="mono">
              {call.call_id}
            </th>
            <td className="mono">{call.tool_name}</td>
            {columns.map((c) => (
              <td key={key(c)} className={c.className}>
                {c.cell(call)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
