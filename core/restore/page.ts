/**
 * SPEC §9 "Restore server", `restore_result`: a page of an output counted in code points, so an
 * agent that pages by `next_offset` never receives half of a surrogate pair (the same unit R13
 * counts omitted characters in).
 */
import { countCodePoints, headCodePoints } from '../engine/text.js';

export interface Page {
  text: string;
  total_chars: number;
  offset: number;
  returned_chars: number;
  /** Where the next page starts; null when this page reaches the end. */
  next_offset: number | null;
}

/** Code points `offset` to `offset + maxChars` of `text`; an offset past the end gives an empty last page. */
export function pageOf(text: string, offset: number, maxChars: number): Page {
  const total = countCodePoints(text);
  const start = headCodePoints(text, offset).length;
  const body = headCodePoints(text.slice(start), maxChars);
  const returned = countCodePoints(body);
  const end = Math.min(offset, total) + returned;
  return { text: body, total_chars: total, offset, returned_chars: returned, next_offset: end < total ? end : null };
}
