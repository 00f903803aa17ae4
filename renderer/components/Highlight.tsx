/**
 * Text with the find term wrapped in <mark>. Each piece of text subscribes to the debounced
 * term itself, so a new term repaints only these leaves in the rows on screen, never whole rows.
 */
import { memo, useMemo } from 'react';
import { splitMatches } from '../../core/inspect/find.js';
import { useApp } from '../store/index.js';

export const Highlight = memo(function Highlight({ text }: { text: string }) {
  const term = useApp((s) => s.findTerm);
  const split = useMemo(() => splitMatches(text, term), [text, term]);
  if (split === null) return text;
  return split.parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part));
});
