/**
 * SPEC §9 "Restore server", `search_archive`: the lines of archived results that match a literal
 * text or a regular expression, with the call each came from. A matching line is clipped around
 * the match: one line of a minified file can be megabytes.
 */
import { headCodePoints, tailCodePoints } from '../engine/text.js';

export interface SearchMatch {
  call_id: string;
  /** 1-based line number within the result's text. */
  line: number;
  text: string;
  conversation?: string;
}

export interface SearchOutcome {
  matches: SearchMatch[];
  truncated: boolean;
}

/** Code points shown of a matching line, before and after the match start. */
export const LINE_CONTEXT_CHARS = 200;

export type LineTest = (line: string) => number;

/** A literal test: the index of the first occurrence, or -1. */
export function literalTest(query: string): LineTest {
  return (line) => line.indexOf(query);
}

/** A regular-expression test; throws SyntaxError for an invalid pattern (the caller words it). */
export function regexTest(pattern: string): LineTest {
  const re = new RegExp(pattern);
  return (line) => line.search(re);
}

export interface SearchedText {
  callId: string;
  text: string;
  conversation?: string;
}

export function searchLines(texts: Iterable<SearchedText>, test: LineTest, maxMatches: number): SearchOutcome {
  const matches: SearchMatch[] = [];
  for (const { callId, text, conversation } of texts) {
    let start = 0;
    for (let line = 1; start <= text.length; line++) {
      const nl = text.indexOf('\n', start);
      const end = nl === -1 ? text.length : nl;
      const body = text.slice(start, end);
      const at = test(body);
      if (at >= 0) {
        if (matches.length === maxMatches) return { matches, truncated: true };
        matches.push({
          call_id: callId,
          line,
          text: clipAround(body, at),
          ...(conversation !== undefined ? { conversation } : {}),
        });
      }
      if (nl === -1) break;
      start = nl + 1;
    }
  }
  return { matches, truncated: false };
}

function clipAround(line: string, at: number): string {
  const before = tailCodePoints(line.slice(0, at), LINE_CONTEXT_CHARS);
  const after = headCodePoints(line.slice(at), LINE_CONTEXT_CHARS);
  const cutStart = before.length < at;
  const cutEnd = at + after.length < line.length;
  return `${cutStart ? '…' : ''}${before}${after}${cutEnd ? '…' : ''}`;
}
