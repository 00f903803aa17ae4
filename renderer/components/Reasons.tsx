/**
 * A decision's evidence as reasons (core/inspect/reasons.ts ranks them): the strongest three in
 * words, each with a small signed bar per answer (R8: the result, the call; right of the line
 * leans to keep, left to drop), the rest behind an expander.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { RankedReasons, Reason } from '../../core/inspect/reasons.js';
import { firstOf } from '../../core/inspect/reasons.js';

const WIDTH = 72;
const ROW = 7;

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;

function SignedBars({ reason, scale }: { reason: Reason; scale: number }) {
  if (reason.result === null || reason.call === null) return null;
  const half = WIDTH / 2;
  const bar = (value: number, y: number, name: string) => {
    const w = scale > 0 ? (Math.abs(value) / scale) * (half - 1) : 0;
    return (
      <rect
        className={value >= 0 ? 'push-keep' : 'push-drop'}
        x={value >= 0 ? half : half - w}
        y={y}
        width={Math.max(w, 0.5)}
        height={ROW - 2}
      >
        <title>{`${name} ${signed(value)}`}</title>
      </rect>
    );
  };
  return (
    <svg
      className="signed-bars"
      role="img"
      aria-label={`result ${signed(reason.result)}, call ${signed(reason.call)}`}
      width={WIDTH}
      height={ROW * 2}
      viewBox={`0 0 ${WIDTH} ${ROW * 2}`}
    >
      {bar(reason.result, 1, 'result')}
      {bar(reason.call, ROW + 1, 'call')}
      <line x1={half} x2={half} y1={0} y2={ROW * 2} className="axis" />
    </svg>
  );
}

function ReasonItem({ reason, scale }: { reason: Reason; scale: number }) {
  return (
    <li className={`reason-item ${reason.kind}`}>
      <SignedBars reason={reason} scale={scale} />
      <span>
        {reason.text}
        {reason.effect && <span className="muted"> — {reason.effect}</span>}
      </span>
    </li>
  );
}

export function Reasons({ reasons }: { reasons: RankedReasons }) {
  const { top, rest, scale } = reasons;
  return (
    <div className="reasons small">
      {top.length > 0 && (
        <ol aria-label="Strongest reasons">
          {top.map((r, i) => (
            <ReasonItem key={i} reason={r} scale={scale} />
          ))}
        </ol>
      )}
      {rest.length > 0 && (
        <details className="reasons-rest">
          <summary>
            {rest.length} more signal{rest.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {rest.map((r, i) => (
              <ReasonItem key={i} reason={r} scale={scale} />
            ))}
          </ul>
        </details>
      )}
      <p className="hint">Bars: right of the line leans to keep, left to drop; top bar the result, bottom the call.</p>
    </div>
  );
}

/** A long list shown as its first few and a button for the rest, so one row never outgrows the screen. */
export function ShortList<T>({
  items,
  shown = 3,
  render,
  noun,
}: {
  items: readonly T[];
  shown?: number;
  render: (item: T) => ReactNode;
  noun: string;
}) {
  const [open, setOpen] = useState(false);
  const { first, more } = firstOf(items, open ? items.length : shown);
  return (
    <span className="short-list">
      {first.map((item, i) => (
        <span key={i}>
          {i > 0 && ', '}
          {render(item)}
        </span>
      ))}
      {(more > 0 || open) && items.length > shown && (
        <>
          {' '}
          <button className="link small" aria-expanded={open} onClick={(e) => (e.stopPropagation(), setOpen(!open))}>
            {open ? 'show fewer' : `and ${more} more ${noun}`}
          </button>
        </>
      )}
    </span>
  );
}
