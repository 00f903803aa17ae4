/**
 * The break-even as a picture (SPEC §9 cache figures): the cumulative cost of the history part of
 * the next requests without and with the compaction, two straight lines (core/inspect/cache.ts
 * `breakEvenChart`), and where they meet: from that request on the compaction has paid for itself.
 */
import type { BreakEvenChart } from '../../core/inspect/cache.js';

const W = 420;
const H = 150;
const PAD = { left: 56, right: 12, top: 10, bottom: 30 };

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function BreakEven({ chart }: { chart: BreakEvenChart }) {
  const { requests, without, with: withIt, paidAt } = chart;
  const top = Math.max(without.last, withIt.last, without.first, withIt.first) || 1;
  const x = (k: number) => PAD.left + ((k - 1) / Math.max(1, requests - 1)) * (W - PAD.left - PAD.right);
  const y = (usdValue: number) => H - PAD.bottom - (usdValue / top) * (H - PAD.top - PAD.bottom);
  const paidX = paidAt === null || paidAt > requests ? null : x(paidAt);
  const label =
    paidAt === null
      ? `Cumulative cost over ${requests} requests: the compaction never pays for itself, later requests save nothing.`
      : paidAt === 1
        ? `Cumulative cost over ${requests} requests: with the compaction it is no dearer from the next request on.`
        : `Cumulative cost over ${requests} requests: with the compaction it costs more at first and has paid for itself from request ${paidAt} on.`;
  return (
    <figure className="break-even">
      <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width={W} height={H}>
        <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={y(0)} />
        <text x={PAD.left - 4} y={y(top) + 4} textAnchor="end" className="tick">
          {usd(top)}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" className="tick">
          $0
        </text>
        <text x={x(1)} y={H - 14} className="tick">
          next
        </text>
        <text x={x(requests)} y={H - 14} textAnchor="end" className="tick">
          request {requests}
        </text>
        {paidX !== null && paidAt !== null && paidAt > 1 && (
          <>
            <line className="paid" x1={paidX} x2={paidX} y1={PAD.top} y2={y(0)} />
            <text x={paidX + 3} y={PAD.top + 10} className="tick paid-label">
              paid for at request {paidAt}
            </text>
          </>
        )}
        <line className="without" x1={x(1)} x2={x(requests)} y1={y(without.first)} y2={y(without.last)} />
        <line className="with" x1={x(1)} x2={x(requests)} y1={y(withIt.first)} y2={y(withIt.last)} />
      </svg>
      <figcaption className="hint">
        <span className="key without">—</span> without the compaction <span className="key with">—</span> with it: the
        cost of the history part of each request, added up.
      </figcaption>
    </figure>
  );
}
