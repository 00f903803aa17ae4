/**
 * Where the characters are (core/inspect/breakdown.ts): a table of the history's characters
 * by region — what a run may shorten, what the recent window and the other guards keep, and
 * the text no action touches — with a bar of the same shares, and the option that would
 * reach most of them when a protected region holds most. The table is on the Summary tab only;
 * Before running shows the bar and the advice beside the options they name.
 */
import type { OtherGuard } from '../../core/inspect/breakdown.js';
import { KEPT_LABELS } from '../../core/inspect/guardCounts.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { useSettled } from '../hooks/useAfterMount.js';
import { selectBreakdown } from '../store/selectors.js';

const share = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '—');

export function Breakdown({ table = true }: { table?: boolean }) {
  // Measuring a new history's messages is the open's largest step after the parse: a task of its
  // own. The selector checks the store's messages, as it also runs within the store's update.
  const messages = useApp((s) => s.snapshot?.messages);
  const settled = useSettled(messages);
  const b = useApp((s) => (settled !== undefined && s.snapshot?.messages === settled ? selectBreakdown(s) : null));
  if (!b) return messages && messages !== settled ? <p className="muted small">Measuring…</p> : null;
  const rows: Array<[key: string, label: string, chars: number]> = [
    ['candidates', 'Candidates (a run may shorten)', b.candidates],
    ['recent', `Protected: last ${b.recentWindow} messages`, b.protectedRecent],
    ...Object.entries(b.otherGuards).map(([g, chars]): [string, string, number] => [
      g,
      `Kept: ${KEPT_LABELS[g as OtherGuard]}`,
      chars,
    ]),
    ['text', 'Text, calls and other', b.textAndOther],
  ];
  return (
    <div className="breakdown">
      <div className="breakdown-bar" aria-hidden="true">
        {rows.map(([key, , chars]) =>
          chars > 0 ? (
            <span key={key} className={`seg seg-${key in b.otherGuards ? 'guard' : key}`} style={{ flexGrow: chars }} />
          ) : null,
        )}
      </div>
      {table && (
        <table className="grid breakdown-table" aria-label="Where the characters are">
          <thead>
            <tr>
              <th scope="col">Region</th>
              <th scope="col">Characters</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, label, chars]) => (
              <tr key={key}>
                <th scope="row">
                  <span className={`swatch seg-${key in b.otherGuards ? 'guard' : key}`} aria-hidden="true" />
                  {label}
                </th>
                <td className="num">{fmt(chars)}</td>
                <td className="num">{share(chars, b.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">
        {fmt(b.total)} characters in all; the last {b.recentWindow} messages hold {share(b.inRecentMessages, b.total)}{' '}
        of them.
      </p>
      {b.advice && (
        <p role="note" aria-label="Where to reach them" className="advice">
          {b.advice}
        </p>
      )}
    </div>
  );
}
