/**
 * keep_result probabilities of the evaluated candidates in bins, the threshold marked: shows
 * where the candidates crowd, so a small threshold move that flips many results is visible.
 * The SVG is decoration for sighted users; the table below it carries the same counts.
 */
import type { HistogramBin } from '../../core/inspect/histogram.js';

const W = 260;
const H = 70;
const PAD = { l: 6, r: 6, t: 6, b: 14 };

const range = (b: HistogramBin, last: boolean) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}${last ? '' : ' (excl.)'}`;

export function Histogram({ bins, threshold }: { bins: HistogramBin[]; threshold: number }) {
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  const max = Math.max(1, ...bins.map((b) => b.count));
  const width = (W - PAD.l - PAD.r) / bins.length;
  const x = (p: number) => PAD.l + p * (W - PAD.l - PAD.r);
  const height = (count: number) => (count / max) * (H - PAD.t - PAD.b);
  const at = bins.reduce((found, b, i) => (threshold >= b.from ? i : found), 0);
  return (
    <figure className="histogram" aria-labelledby="histogram-caption">
      <figcaption id="histogram-caption" className="hint">
        Keep output of {total} evaluated candidates; threshold {threshold.toFixed(2)} in bin{' '}
        {range(bins[at], at === bins.length - 1)}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
        {bins.map((b, i) => (
          // Bins wholly at or above the threshold keep their results (R12: keep_result ≥ threshold).
          <rect
            key={i}
            x={x(b.from) + 1}
            y={H - PAD.b - height(b.count)}
            width={width - 2}
            height={height(b.count)}
            className={b.from >= threshold ? 'hist-bar kept' : 'hist-bar'}
          />
        ))}
        <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} className="curve-before" />
        <line x1={x(threshold)} x2={x(threshold)} y1={PAD.t - 4} y2={H - PAD.b} className="curve-marker" />
        <text x={x(0)} y={H - 3} className="curve-label">
          0
        </text>
        <text x={x(1)} y={H - 3} className="curve-label" textAnchor="end">
          1
        </text>
      </svg>
      <table className="visually-hidden" aria-label="Keep output histogram">
        <thead>
          <tr>
            <th scope="col">Keep output</th>
            <th scope="col">candidates</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((b, i) => (
            <tr key={i} aria-current={i === at ? 'true' : undefined}>
              <th scope="row">{range(b, i === bins.length - 1)}</th>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
