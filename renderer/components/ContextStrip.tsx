/**
 * The whole history in one strip above the audit (core/inspect/contextStrip.ts): a bar per
 * message as wide as its characters, coloured by what the proposal does to it, the cache break
 * marked. A click scrolls the audit to that message; the picture's summary is its label and
 * the legend's figures are text, so neither the mouse nor the picture is needed to read it.
 */
import type { MouseEvent } from 'react';
import type { StripKind } from '../../core/inspect/contextStrip.js';
import { barAt, STRIP_KINDS } from '../../core/inspect/contextStrip.js';
import { fmt } from '../format.js';
import { useAfterMount } from '../hooks/useAfterMount.js';
import { useApp } from '../store/index.js';
import { selectContextStrip } from '../store/selectors.js';

const WIDTH = 1000;
const HEIGHT = 18;
const LABELS: Record<StripKind, string> = {
  kept: 'kept',
  shortened: 'shortened',
  dropped: 'dropped',
  protected: 'protected',
};
const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '0 %');

export function ContextStrip() {
  const strip = useApp(selectContextStrip);
  const revealMessage = useApp((s) => s.revealMessage);
  // A bar per message: on 20 MB thousands of elements, drawn in a task after the audit's rows.
  const ready = useAfterMount();
  if (!ready || !strip || strip.bars.length === 0) return null;
  const { bars, total, chars, cacheBreak } = strip;
  const summary =
    `Context: ${fmt(bars.length)} messages, ${fmt(total)} characters; ` +
    STRIP_KINDS.map((k) => `${share(chars[k], total)} ${LABELS[k]}`).join(', ') +
    (cacheBreak ? `; the cache breaks at message ${cacheBreak.index} (${cacheBreak.id})` : '; nothing changes');
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const bar = barAt(strip, (e.clientX - box.left) / box.width);
    if (bar) revealMessage(bar.index);
  };
  return (
    <div className="context-strip">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        onClick={onClick}
      >
        {bars.map((bar) => (
          <rect
            key={bar.index}
            className={`strip-${bar.kind}`}
            x={bar.start * WIDTH}
            y={0}
            width={Math.max((bar.chars / total) * WIDTH, 0.5)}
            height={HEIGHT}
          >
            <title>{`#${bar.index} ${bar.id}: ${fmt(bar.chars)} characters, ${LABELS[bar.kind]}`}</title>
          </rect>
        ))}
        {cacheBreak && (
          <line
            className="strip-break"
            x1={cacheBreak.start * WIDTH}
            x2={cacheBreak.start * WIDTH}
            y1={0}
            y2={HEIGHT}
          />
        )}
      </svg>
      <ul className="strip-legend" aria-label="Context strip legend">
        {STRIP_KINDS.map((k) => (
          <li key={k}>
            <span className={`swatch strip-${k}`} aria-hidden="true" /> {LABELS[k]} {share(chars[k], total)}
          </li>
        ))}
        {cacheBreak && (
          <li>
            <span className="swatch strip-break" aria-hidden="true" /> cache breaks at #{cacheBreak.index}
          </li>
        )}
        <li className="muted">one bar per message, as wide as its characters; click to go there</li>
      </ul>
    </div>
  );
}
