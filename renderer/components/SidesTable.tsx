/**
 * Two proposals' figures side by side, a row each: the table both Compare views show (a pinned
 * run against the current one, the current one against a peer policy). The views have different
 * figures — runs have a backend and a threshold, a peer has no probabilities but a cache cost —
 * so each names its columns; the ones both have, characters after (§6 `chars_after`) and the
 * action counts, are defined here once.
 */
import type { ReactNode } from 'react';
import type { Action } from '../../core/engine/schema.js';
import { fmt } from '../format.js';

export interface SideColumn<S> {
  header: string;
  cell(side: S): ReactNode;
  className?: 'num' | 'mono';
}

export const charsAfterColumn = <S extends { charsAfter: number }>(): SideColumn<S> => ({
  header: 'Characters after',
  cell: (side) => fmt(side.charsAfter),
  className: 'num',
});

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];

export const actionColumns = <S extends { actions: Record<Action, number> }>(): SideColumn<S>[] =>
  ACTIONS.map((action) => ({ header: action, cell: (side) => side.actions[action], className: 'num' }));

export function SidesTable<S>({
  label,
  sides,
  columns,
}: {
  label: string;
  sides: ReadonlyArray<{ name: string; side: S }>;
  columns: ReadonlyArray<SideColumn<S>>;
}) {
  return (
    <table className="grid sides" aria-label={label}>
      <caption className="hint">
        Actions: one per call with its result; a call kept by a guard counts as keep. Tokens: gpt-4o tokenizer, as in
        the header and the Cache tab.
      </caption>
      <thead>
        <tr>
          <th scope="col">Proposal</th>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sides.map(({ name, side }) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(side)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
