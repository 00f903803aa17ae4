/**
 * Compare against a peer policy: pick what another framework does by default, at its documented
 * parameters or others (PeerParamsForm); B is its proposal for this history, beside the current
 * proposal (A), with the calls where B destroys a result that later messages quote. The
 * comparison is core's (peerCompare.ts), derived in the store.
 */
import type { DestroyedUse, PeerSideFigures } from '../../core/inspect/peerCompare.js';
import type { PeerId } from '../../core/eval/peers/index.js';
import { PEER_IDS, PEERS } from '../../core/eval/peers/index.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { QuotedIn } from './CallDecision.js';
import { PeerParamsForm } from './PeerParamsForm.js';
import type { SideColumn } from './SidesTable.js';
import { actionColumns, charsAfterColumn, SidesTable } from './SidesTable.js';

const usd = (x: number) => `$${x.toFixed(4)}`;

/** What a peer side has that a run side has not: the cache figures (§9) at the Cache tab's prices. */
const PEER_COLUMNS: Array<SideColumn<PeerSideFigures>> = [
  charsAfterColumn(),
  { header: 'Tokens after (estimate)', cell: (side) => fmt(side.tokensAfter), className: 'num' },
  { header: 'Cached prefix tokens', cell: (side) => fmt(side.unchangedPrefixTokens), className: 'num' },
  { header: 'First changed message', cell: (side) => side.firstChangedMessageId ?? '—', className: 'mono' },
  { header: 'Next request', cell: (side) => usd(side.cost.nextWith), className: 'num' },
  ...actionColumns<PeerSideFigures>(),
];

function DestroyedRow({ d }: { d: DestroyedUse }) {
  return (
    <tr>
      <th scope="row" className="mono">
        {d.call_id}
      </th>
      <td className="mono">{d.tool_name}</td>
      <td>
        <span className={`badge ${d.a}`}>{d.a}</span>
      </td>
      <td>
        <span className={`badge ${d.action}`}>{d.action}</span>
      </td>
      <td className="reason">{d.rule}</td>
      <td>
        <QuotedIn ids={d.quoted_in} />
      </td>
      <td className="mono">{d.terms.join(', ')}</td>
    </tr>
  );
}

export function PeerCompare() {
  const peerId = useApp((s) => s.peerParams?.peer ?? null);
  const summary = useApp((s) => s.peerParams?.summary);
  const setPeer = useApp((s) => s.setPeer);
  const comparison = useApp((s) => s.peerComparison);
  const hasProposal = useApp((s) => s.proposal !== null);
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
      {peerId && !hasProposal && <p className="muted">Run to make a proposal A to compare with the peer.</p>}
      {comparison && (
        <>
          <p role="status" aria-label="Peer trigger">
            B is {comparison.peer.name} with {summary}: {comparison.peer.note}.
          </p>
          <SidesTable
            label="A and the peer"
            columns={PEER_COLUMNS}
            sides={[
              { name: 'A (current)', side: comparison.a },
              { name: `B (${comparison.peer.name})`, side: comparison.b },
            ]}
          />
          {comparison.destroyed.length === 0 ? (
            <p className="muted">B destroys no result that later messages quote.</p>
          ) : (
            <table className="grid" aria-label="Calls where the peer destroys a used result">
              <thead>
                <tr>
                  <th scope="col">Call</th>
                  <th scope="col">Tool</th>
                  <th scope="col">A</th>
                  <th scope="col">B</th>
                  <th scope="col">B’s rule</th>
                  <th scope="col">Quoted later in</th>
                  <th scope="col">Terms</th>
                </tr>
              </thead>
              <tbody>
                {comparison.destroyed.map((d) => (
                  <DestroyedRow key={d.pair_id} d={d} />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
