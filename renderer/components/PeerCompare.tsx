/**
 * Compare against a peer policy: pick what another framework does by default, at its documented
 * parameters or others (PeerParamsForm): its proposal for this history beside the current one,
 * with the calls where the peer destroys a result that later messages quote. "A" and "B" name
 * the pinned and the current run only (CompareTab), never the sides here. The
 * comparison is core's (peerCompare.ts), derived in the store.
 */
import { useState } from 'react';
import type { DestroyedUse, PeerSideFigures } from '../../core/inspect/peerCompare.js';
import { differingUses } from '../../core/inspect/peerCompare.js';
import type { PeerId } from '../../core/policies/peers/index.js';
import { PEER_IDS, PEERS } from '../../core/policies/peers/index.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { ActionBadge } from './ActionBadge.js';
import { QuotedIn } from './CallDecision.js';
import { ShortList } from './Reasons.js';
import type { CallColumn } from './CallsTable.js';
import { CallsTable } from './CallsTable.js';
import { PeerParamsForm } from './PeerParamsForm.js';
import type { SideColumn } from './SidesTable.js';
import { actionColumns, charsAfterColumn, SidesTable } from './SidesTable.js';

const usd = (x: number) => `$${x.toFixed(4)}`;
const counting = (n: number | null, shown: (n: number) => string = fmt) => (n === null ? 'counting…' : shown(n));

/**
 * What a peer side has that a run side has not: the cache figures (§9) at the Cache tab's
 * prices, counted with the header's and the Cache tab's tokenizer (figures.ts), so the current
 * row repeats their figures.
 */
const PEER_COLUMNS: Array<SideColumn<PeerSideFigures>> = [
  charsAfterColumn(),
  { header: 'Tokens after', cell: (side) => counting(side.tokensAfter), className: 'num' },
  { header: 'Unchanged prefix (tokens)', cell: (side) => counting(side.unchangedPrefixTokens), className: 'num' },
  { header: 'First changed message', cell: (side) => side.firstChangedMessageId ?? '—', className: 'mono' },
  { header: 'Next request', cell: (side) => counting(side.cost?.nextWith ?? null, usd), className: 'num' },
  ...actionColumns<PeerSideFigures>(),
];

/** A used result the peer destroys: both sides' actions, the peer's rule, and where it is quoted later. */
const DESTROYED_COLUMNS: Array<CallColumn<DestroyedUse>> = [
  { header: 'Current', cell: (d) => <ActionBadge action={d.a} /> },
  { header: 'Peer', cell: (d) => <ActionBadge action={d.action} /> },
  { header: 'Peer’s rule', cell: (d) => d.rule, className: 'reason' },
  { header: 'Quoted later in', cell: (d) => <QuotedIn ids={d.quoted_in} /> },
  {
    header: 'Terms',
    cell: (d) => <ShortList items={d.terms} shown={4} noun="terms" render={(t) => t} />,
    className: 'mono',
  },
];

export function PeerCompare() {
  const peerId = useApp((s) => s.peerParams?.peer ?? null);
  const summary = useApp((s) => s.peerParams?.summary);
  const setPeer = useApp((s) => s.setPeer);
  const comparison = useApp((s) => s.peerComparison);
  const hasProposal = useApp((s) => s.proposal !== null);
  const [differingOnly, setDifferingOnly] = useState(false);
  return (
    <section className="peer-compare pad" aria-label="Against a peer policy">
      <h3>Against a peer policy</h3>
      <label htmlFor="peer-policy">Peer policy</label>{' '}
      <select
        id="peer-policy"
        value={peerId ?? ''}
        onChange={(e) => setPeer(e.target.value === '' ? null : (e.target.value as PeerId))}
      >
        <option value="">none</option>
        {PEER_IDS.map((id) => (
          <option key={id} value={id}>
            {PEERS[id].name}
          </option>
        ))}
      </select>
      <PeerParamsForm />
      {peerId && !hasProposal && <p className="muted">Run to make a proposal to compare with the peer.</p>}
      {comparison && (
        <>
          <p role="status" aria-label="Peer trigger">
            The peer is {comparison.peer.name} with {summary}: {comparison.peer.note}.
          </p>
          <SidesTable
            label="The current proposal and the peer"
            columns={PEER_COLUMNS}
            sides={[
              { name: 'Current', side: comparison.a },
              { name: `Peer (${comparison.peer.name})`, side: comparison.b },
            ]}
          />
          <label className="check">
            <input type="checkbox" checked={differingOnly} onChange={(e) => setDifferingOnly(e.target.checked)} />{' '}
            Current ≠ peer only
          </label>{' '}
          <span className="muted small" role="status" aria-label="Destroyed uses shown">
            {differingOnly
              ? `${differingUses(comparison.destroyed).length} of ${comparison.destroyed.length} calls, where the two actions differ`
              : `${comparison.destroyed.length} calls`}
          </span>
          <CallsTable
            label="Calls where the peer destroys a used result"
            calls={differingOnly ? differingUses(comparison.destroyed) : comparison.destroyed}
            columns={DESTROYED_COLUMNS}
            empty={
              differingOnly
                ? 'The current proposal also shortens or removes every result the peer destroys, the same way.'
                : 'The peer destroys no result that later messages quote.'
            }
          />
        </>
      )}
    </section>
  );
}
