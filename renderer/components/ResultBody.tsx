/**
 * A result's text, cut with "…" in the side-by-side view, with a disclosure button that shows
 * the whole text in place (or opened by Find at a hit past the cut). Rendering stops at FULL_TEXT_CAP characters: a 20 MB result as
 * one DOM text node would freeze the page, and the raw JSON toggle or the export still has all.
 */
import { useId } from 'react';
import { fmt, shorten } from '../format.js';
import { useApp } from '../store/index.js';
import { FULL_TEXT_CAP as FULL_OUTPUT_CAP, Highlight, useFindOpens } from './Highlight.js';

export function ResultBody({
  text,
  limit,
  blockKey,
  name,
  field,
}: {
  text: string;
  limit: number;
  blockKey: string;
  name: string;
  /** The displayed field (display.ts `fieldKey`): a Find hit past the cut opens the full output. */
  field: string;
}) {
  const expanded = useApp((s) => s.expanded.has(blockKey));
  const findOpens = useFindOpens(field, limit);
  const setFindCurrent = useApp((s) => s.setFindCurrent);
  const toggleExpanded = useApp((s) => s.toggleExpanded);
  const bodyId = useId();
  const long = text.length > limit;
  const open = long && (expanded || findOpens);
  return (
    <>
      {!open && (
        <span className="pre result-body">
          <Highlight text={shorten(text, limit)} field={field} />
        </span>
      )}
      {long && (
        <button
          className="small disclosure"
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={(e) => {
            e.stopPropagation();
            // Closing what Find opened lets go of the hit, or it would open again at once.
            if (open && findOpens) setFindCurrent(null);
            if (!open || expanded) toggleExpanded(blockKey);
          }}
        >
          <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>Show full output
        </button>
      )}
      {open && (
        <>
          {/* Focusable so keyboard users can scroll it; named so the region is announced. */}
          <pre id={bodyId} className="full-output" tabIndex={0} role="region" aria-label={`Full output of ${name}`}>
            <Highlight text={text.length > FULL_OUTPUT_CAP ? text.slice(0, FULL_OUTPUT_CAP) : text} field={field} />
          </pre>
          {text.length > FULL_OUTPUT_CAP && (
            <p className="hint">
              Showing the first {fmt(FULL_OUTPUT_CAP)} of {fmt(text.length)} characters; the raw JSON view and the
              export hold all of it.
            </p>
          )}
        </>
      )}
    </>
  );
}
