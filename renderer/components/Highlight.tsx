/**
 * Text with the find term wrapped in <mark>. Each piece of text subscribes to the debounced
 * term itself, so a new term repaints only these leaves in the rows on screen, never whole rows.
 * `field` (display.ts `fieldKey`) names the displayed field the text shows from its start:
 * the hit Find stands on there is the current <mark> (aria-current), the one a jump scrolls to.
 */
import { memo, useMemo } from 'react';
import { splitMatches } from '../../core/inspect/find.js';
import { useApp } from '../store/index.js';

export const Highlight = memo(function Highlight({ text, field }: { text: string; field?: string }) {
  const term = useApp((s) => s.findTerm);
  const current = useApp((s) => (field !== undefined && s.findCurrent?.key === field ? s.findCurrent.start : -1));
  const split = useMemo(() => {
    const found = splitMatches(text, term);
    if (found === null) return null;
    // Where each piece starts in `text`: a hit is named by its start offset (store `findCurrent`).
    const starts: number[] = [];
    for (let i = 0, at = 0; i < found.parts.length; at += found.parts[i].length, i++) starts.push(at);
    return { parts: found.parts, starts };
  }, [text, term]);
  if (split === null) return text;
  return split.parts.map((part, i) => {
    if (i % 2 === 0) return part;
    return split.starts[i] === current ? (
      <mark key={i} className="current" aria-current="true">
        {part}
      </mark>
    ) : (
      <mark key={i}>{part}</mark>
    );
  });
});

/** Characters rendered at most: a 20 MB text as one DOM text node would freeze the page. */
export const FULL_TEXT_CAP = 200_000;

/** Whether Find stands on a hit of `field` past the first `limit` characters: the text must open to show it. */
export const useFindOpens = (field: string, limit: number) =>
  useApp((s) => s.findCurrent?.key === field && s.findCurrent.end > limit);

/**
 * A text cut with "…" after `limit` characters, shown whole while Find stands on a hit past
 * the cut (texts, thinking and inputs have no disclosure of their own).
 */
export function Clipped({ text, limit, field }: { text: string; limit: number; field: string }) {
  const open = useFindOpens(field, limit);
  const shown = open ? text.slice(0, FULL_TEXT_CAP) : text.length > limit ? `${text.slice(0, limit)}…` : text;
  return <Highlight text={shown} field={field} />;
}
