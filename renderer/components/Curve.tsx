/**
 * Characters after compaction against the threshold (0–1), the current point marked, and the
 * default's cross-validated operating point when the backend has one (a single history has no
 * labels to measure its own recall with).
 */
import type { OperatingPoint } from '../../core/engine/offline/features.js';
import type { CurvePoint } from '../../core/inspect/curve.js';

const W = 260;
const H = 110;
const PAD = { l: 36, r: 6, t: 8, b: 18 };

export function Curve({
  points,
  threshold,
  before,
  fitted = null,
}: {
  points: CurvePoint[];
  threshold: number;
  before: number;
  fitted?: OperatingPoint | null;
}) {
  const max = Math.max(before, ...points.map((p) => p.chars));
  const min = Math.min(...points.map((p) => p.chars));
  const lo = Math.max(0, min - (max - min) * 0.1);
  const x = (t: number) => PAD.l + t * (W - PAD.l - PAD.r);
  const y = (c: number) => PAD.t + (1 - (c - lo) / Math.max(1, max - lo)) * (H - PAD.t - PAD.b);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.threshold).toFixed(1)},${y(p.chars).toFixed(1)}`).join('');
  const current = points.reduce(
    (a, b) => (Math.abs(b.threshold - threshold) < Math.abs(a.threshold - threshold) ? b : a),
    points[0],
  );
  const k = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n));
  return (
    <svg
      className="curve"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Characters after compaction against keep threshold; ${current.chars} at ${threshold.toFixed(2)}`}
    >
      <line x1={PAD.l} x2={W - PAD.r} y1={y(before)} y2={y(before)} className="curve-before" />
      <text x={PAD.l - 4} y={y(max) + 4} className="curve-label" textAnchor="end">
        {k(max)}
      </text>
      <text x={PAD.l - 4} y={y(lo) + 4} className="curve-label" textAnchor="end">
        {k(lo)}
      </text>
      <text x={x(0)} y={H - 4} className="curve-label">
        0
      </text>
      <text x={x(1)} y={H - 4} className="curve-label" textAnchor="end">
        1
      </text>
      <path d={path} className="curve-line" />
      {fitted && (
        <line
          x1={x(fitted.threshold)}
          x2={x(fitted.threshold)}
          y1={PAD.t}
          y2={H - PAD.b}
          className="curve-fitted"
          data-testid="curve-fitted"
        >
          <title>{fittedText(fitted)}</title>
        </line>
      )}
      <line x1={x(threshold)} x2={x(threshold)} y1={PAD.t} y2={H - PAD.b} className="curve-marker" />
      <circle cx={x(threshold)} cy={y(current.chars)} r={3.5} className="curve-point" />
    </svg>
  );
}

/** The default's operating point in words, for the curve's mark and the line under it. */
export function fittedText(p: OperatingPoint): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
  return `default ${p.threshold.toFixed(2)}: ${pct(p.recall)} of results used later kept, ${pct(p.reduction)} fewer characters (cross-validated on the fit's transcripts; recall floor ${pct(p.recallFloor)})`;
}
