/**
 * Every answered call as a point at (keep_call, keep_result), coloured by its action, with the
 * threshold lines that divide R12's regions (core/inspect/scatter.ts): a person sees which calls
 * sit near a line, where a small threshold move would change them. A point is a button (focus,
 * Enter or a click opens the call in the audit); the points near a line are also listed.
 */
import { ACTION_LABELS } from '../../core/inspect/glossary.js';
import type { ScatterPoint } from '../../core/inspect/scatter.js';
import { NEAR_MARGIN } from '../../core/inspect/scatter.js';
import { prob } from '../format.js';
import { useApp } from '../store/index.js';
import { selectScatter } from '../store/selectors.js';

const SIZE = 220;
const PAD = 28;
const INNER = SIZE - PAD - 8;

const px = (p: number) => PAD + p * INNER;
const py = (p: number) => 8 + (1 - p) * INNER;

const describe = (p: ScatterPoint) =>
  `${p.callId} ${p.toolName}: keep call ${prob(p.keepCall)}, keep output ${prob(p.keepResult)}, ${ACTION_LABELS[p.action]}${p.overridden ? ' (override)' : ''}${p.near ? ', near the threshold' : ''}`;

export function Scatter() {
  const scatter = useApp(selectScatter);
  const revealMessage = useApp((s) => s.revealMessage);
  if (!scatter || scatter.points.length === 0) return null;
  const { threshold: t, points } = scatter;
  const near = points.filter((p) => p.near);
  return (
    <figure className="scatter decisions-top">
      <svg
        role="group"
        aria-label={`Calls by keep call and keep output, threshold ${t.toFixed(2)}: ${points.length} calls, ${near.length} near a line`}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width={SIZE}
        height={SIZE}
      >
        <rect className="frame" x={px(0)} y={py(1)} width={INNER} height={INNER} />
        {/* R12: keep_result ≥ t keeps whatever keep_call; below it keep_call decides. */}
        <line className="threshold" x1={px(0)} x2={px(1)} y1={py(t)} y2={py(t)} />
        <line className="threshold" x1={px(t)} x2={px(t)} y1={py(t)} y2={py(0)} />
        <text className="region" x={px(0) + 3} y={py(1) + 10}>
          keep
        </text>
        <text className="region" x={px(1) - 3} y={py(0) - 4} textAnchor="end">
          drop result
        </text>
        <text className="region" x={px(0) + 3} y={py(0) - 4}>
          drop call
        </text>
        <text className="axis-label" x={px(0.5)} y={SIZE - 2} textAnchor="middle">
          keep call →
        </text>
        <text className="axis-label" x={10} y={py(0.5)} textAnchor="middle" transform={`rotate(-90 10 ${py(0.5)})`}>
          keep output →
        </text>
        {points.map((p) => (
          <circle
            key={p.pairId}
            className={`point ${p.action}${p.near ? ' near' : ''}`}
            cx={px(p.keepCall)}
            cy={py(p.keepResult)}
            r={p.near ? 4.5 : 3.5}
            role="button"
            tabIndex={0}
            aria-label={describe(p)}
            onClick={() => revealMessage(p.callMessage)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              revealMessage(p.callMessage);
            }}
          >
            <title>{describe(p)}</title>
          </circle>
        ))}
        {points
          .filter((p) => p.stacked > 1)
          .map((p) => (
            <text
              key={`n-${p.pairId}`}
              className="stack"
              x={px(p.keepCall) + 6}
              y={py(p.keepResult) + 3}
              aria-hidden="true"
            >
              ×{p.stacked}
            </text>
          ))}
      </svg>
      <figcaption className="small">
        <span className="legend keep">●</span> keep <span className="legend drop_result">●</span> drop result{' '}
        <span className="legend drop_call">●</span> drop call; ×n: n calls on one spot; ringed points are within{' '}
        {NEAR_MARGIN} of a line.
        {near.length > 0 && (
          <>
            {' '}
            Near the threshold:{' '}
            {near.slice(0, 8).map((p, i) => (
              <span key={p.pairId}>
                {i > 0 && ', '}
                <button className="link mono" onClick={() => revealMessage(p.callMessage)}>
                  {p.callId}
                </button>
              </span>
            ))}
            {near.length > 8 && ` and ${near.length - 8} more`}
          </>
        )}
      </figcaption>
    </figure>
  );
}
