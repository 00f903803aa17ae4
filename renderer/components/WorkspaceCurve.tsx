/**
 * The workspace's pictures: the pooled recall against reduction over every threshold with the
 * current one marked and each peer policy as a point, and the sessions as points (reduction
 * against recall) where outliers stand out; a session's point opens its audit.
 */
import type { WorkspaceCurve as Curve, WorkspaceRow } from '../../core/inspect/workspace.js';

const W = 320;
const H = 200;
const PAD = { l: 40, r: 10, t: 10, b: 30 };
const x = (reduction: number) => PAD.l + Math.max(0, Math.min(1, reduction)) * (W - PAD.l - PAD.r);
const y = (recall: number) => PAD.t + (1 - Math.max(0, Math.min(1, recall))) * (H - PAD.t - PAD.b);
const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);

function Axes({ xLabel, yLabel }: { xLabel: string; yLabel: string }) {
  return (
    <g className="chart-axes">
      <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} />
      <line x1={PAD.l} x2={PAD.l} y1={PAD.t} y2={H - PAD.b} />
      {[0, 0.5, 1].map((v) => (
        <g key={v}>
          <text x={x(v)} y={H - PAD.b + 12} textAnchor="middle" className="curve-label">
            {v * 100}%
          </text>
          <text x={PAD.l - 4} y={y(v) + 4} textAnchor="end" className="curve-label">
            {v * 100}%
          </text>
        </g>
      ))}
      <text x={(PAD.l + W - PAD.r) / 2} y={H - 2} textAnchor="middle" className="curve-label">
        {xLabel}
      </text>
      <text
        x={10}
        y={(PAD.t + H - PAD.b) / 2}
        textAnchor="middle"
        className="curve-label"
        transform={`rotate(-90 10 ${(PAD.t + H - PAD.b) / 2})`}
      >
        {yLabel}
      </text>
    </g>
  );
}

export function PolicyCurve({ curve }: { curve: Curve }) {
  const points = curve.points.filter((p) => p.recall !== null);
  const path = points
    .map((p, i) => `${i ? 'L' : 'M'}${x(p.reduction).toFixed(1)},${y(p.recall ?? 0).toFixed(1)}`)
    .join('');
  const m = curve.marker;
  return (
    <figure className="workspace-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Recall of used results against reduction, pooled over every session; at threshold ${m.threshold.toFixed(2)} the model keeps ${percent(m.recall)} of used results and removes ${percent(m.reduction)} of the characters`}
      >
        <Axes xLabel="characters removed" yLabel="used results kept" />
        <path d={path} className="curve-line" />
        {curve.peers.map((peer) =>
          peer.recall === null ? null : (
            <g key={peer.name} className="chart-peer">
              <rect x={x(peer.reduction) - 3} y={y(peer.recall) - 3} width={6} height={6}>
                <title>{`${peer.name}: ${percent(peer.reduction)} removed, ${percent(peer.recall)} kept`}</title>
              </rect>
            </g>
          ),
        )}
        {m.recall !== null && <circle cx={x(m.reduction)} cy={y(m.recall)} r={5} className="curve-point" />}
      </svg>
      <figcaption>
        Model at threshold {m.threshold.toFixed(2)}: removes {percent(m.reduction)}, keeps {percent(m.recall)} of the
        results used later. Squares: other frameworks&apos; policies at their defaults ({curve.peers.length}).
      </figcaption>
    </figure>
  );
}

export function SessionScatter({ rows, onOpen }: { rows: readonly WorkspaceRow[]; onOpen: (source: string) => void }) {
  const measured = rows.filter((r) => r.reduction !== null && r.recall !== null);
  return (
    <figure className="workspace-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Each session's reduction against recall, ${measured.length} sessions`}
      >
        <Axes xLabel="characters removed" yLabel="used results kept" />
        {measured.map((r) => (
          <circle
            key={r.source}
            cx={x(r.reduction ?? 0)}
            cy={y(r.recall ?? 0)}
            r={4}
            className="chart-session"
            onClick={() => onOpen(r.source)}
          >
            <title>{`${r.source}: ${percent(r.reduction)} removed, ${percent(r.recall)} kept`}</title>
          </circle>
        ))}
      </svg>
      <figcaption>Sessions: a point far below the others keeps too little of what its agent used.</figcaption>
    </figure>
  );
}
