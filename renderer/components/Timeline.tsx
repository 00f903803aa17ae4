/**
 * The conversation's turns (core/inspect/timeline.ts), under the context strip and collapsed
 * until asked for: each turn's first words are where it starts, with its steps, its characters and
 * a bar of what the proposal keeps, shortens and drops of them. A turn is a button: it scrolls the
 * audit to the turn's first message. The figures are text, so the bars are not needed to read it.
 */
import { useMemo } from 'react';
import { STRIP_KINDS } from '../../core/inspect/contextStrip.js';
import { turnNumbers } from '../../core/inspect/turns.js';
import { turnTimeline } from '../../core/inspect/timeline.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { selectContextStrip } from '../store/selectors.js';

export function Timeline() {
  const strip = useApp(selectContextStrip);
  const messages = useApp((s) => s.snapshot?.messages ?? null);
  const revealMessage = useApp((s) => s.revealMessage);
  const spans = useMemo(
    () =>
      strip && messages
        ? turnTimeline(
            strip,
            turnNumbers(messages),
            messages.map((m) => m.role),
          )
        : [],
    [strip, messages],
  );
  if (spans.length === 0) return null;
  const widest = Math.max(...spans.map((s) => s.chars), 1);
  return (
    <details className="timeline">
      <summary>
        Timeline: {spans.length} turn{spans.length === 1 ? '' : 's'}
      </summary>
      <ol aria-label="Turns">
        {spans.map((span) => {
          const changed = span.byKind.shortened + span.byKind.dropped;
          return (
            <li key={span.first}>
              <button className="link" onClick={() => revealMessage(span.first)}>
                {span.turn === 0 ? 'Before the first prompt' : `Turn ${span.turn}`}
              </button>{' '}
              <span className="small">
                {span.steps} step{span.steps === 1 ? '' : 's'}, {fmt(span.chars)} characters
                {changed > 0 ? `, ${fmt(changed)} shortened or dropped` : ''}
              </span>
              <span className="timeline-bar" aria-hidden="true" style={{ width: `${(span.chars / widest) * 100}%` }}>
                {STRIP_KINDS.map((kind) =>
                  span.byKind[kind] > 0 ? (
                    <span
                      key={kind}
                      className={`strip-${kind}`}
                      style={{ width: `${(span.byKind[kind] / span.chars) * 100}%` }}
                    />
                  ) : null,
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
