/**
 * A pinned proposal (A) against the current one (B): sizes after each, the agreement rate, and
 * every call whose action differs with both probabilities and reasons. The comparison itself
 * is core's (store/compare.ts); this view only lays it out.
 */
import type { Difference, SideDecision, SideSummary } from '../../core/inspect/compare.js';
import { fmt, prob } from '../format.js';
import { useApp } from '../store/index.js';
import { ActionBadge } from './ActionBadge.js';
import type { CallColumn } from './CallsTable.js';
import { CallsTable } from './CallsTable.js';
import { PeerCompare } from './PeerCompare.js';
import type { SideColumn } from './SidesTable.js';
import { actionColumns, charsAfterColumn, SidesTable } from './SidesTable.js';

/** What a run side has that a peer side has not: the backend, the goal and the threshold it was derived at. */
const RUN_COLUMNS: Array<SideColumn<SideSummary>> = [
  { header: 'Backend', cell: (side) => side.backend ?? '—' },
  { header: 'Goal', cell: (side) => side.goal ?? '—' },
  {
    header: 'Threshold',
    cell: (side) => (side.threshold === null ? '—' : side.threshold.toFixed(2)),
    className: 'num',
  },
  charsAfterColumn(),
  {
    header: 'Tokens after',
    cell: (side) => (side.tokensAfter === null ? 'counting…' : fmt(side.tokensAfter)),
    className: 'num',
  },
  ...actionColumns<SideSummary>(),
];

/** One side's decision of a differing call: action (and override), both probabilities, reason. */
const decisionColumns = (group: 'A' | 'B', of: (d: Difference) => SideDecision): Array<CallColumn<Difference>> => [
  {
    group,
    header: 'action',
    cell: (d) => (
      <>
        <ActionBadge action={of(d).action} />
        {of(d).override && <span className="badge override">override</span>}
      </>
    ),
  },
  { group, header: 'Keep call', cell: (d) => prob(of(d).keep_call), className: 'num' },
  { group, header: 'Keep output', cell: (d) => prob(of(d).keep_result), className: 'num' },
  { group, header: 'Reason', cell: (d) => of(d).reason, className: 'reason' },
];

const DIFFERENCE_COLUMNS = [...decisionColumns('A', (d) => d.a), ...decisionColumns('B', (d) => d.b)];

export function CompareTab() {
  return (
    <>
      <PeerCompare />
      <PinnedCompare />
    </>
  );
}

function PinnedCompare() {
  const pinned = useApp((s) => s.pinned);
  const comparison = useApp((s) => s.comparison);
  const setLeftPane = useApp((s) => s.setLeftPane);
  const setTab = useApp((s) => s.setTab);
  if (!pinned)
    return (
      <p className="muted pad">
        Nothing pinned. Run, press <strong>Pin as A</strong> in the toolbar, then change the model, goal, options or
        threshold and run again: that proposal is B, compared here call by call.
      </p>
    );
  if (!comparison) return <p className="muted pad">A is pinned. Run to make a proposal B to compare with it.</p>;
  const rate = comparison.agreementRate === null ? '—' : `${(comparison.agreementRate * 100).toFixed(1)}%`;
  return (
    <div className="compare pad">
      <p role="status" aria-label="Agreement" className="agreement">
        Agreement <strong>{rate}</strong>: {comparison.agreeing} of {comparison.compared} decided calls have the same
        action; {comparison.differences.length} differ ({comparison.pairs} calls in the history).
      </p>
      <div className="row-buttons">
        <button onClick={() => (setLeftPane('pinned'), setTab('audit'))}>Side by side: A against B</button>
      </div>
      <SidesTable
        label="A and B"
        columns={RUN_COLUMNS}
        sides={[
          { name: 'A (pinned)', side: comparison.a },
          { name: 'B (current)', side: comparison.b },
        ]}
      />
      <CallsTable
        label="Calls whose action differs"
        className="differences"
        calls={comparison.differences}
        columns={DIFFERENCE_COLUMNS}
        empty="Every decided call has the same action in A and B."
      />
    </div>
  );
}
