/**
 * The one place provider text is cleaned of the API key. Providers echo what they were sent
 * (a 401 quotes the key, a proxy reflects the Authorization header, a confused model repeats
 * it), so every text that arrives from the network — answers, error bodies, the exchange kept
 * for the audit view — is scrubbed here before anything keeps, shows or slices it. Scrubbing
 * after slicing would miss a key an 80-character excerpt cut in half.
 *
 * The key scrubbed is the key as sent (settings.ts trims it) in each form it can take in
 * text: raw, JSON-escaped (once and twice: an error body quoting a JSON body), URL-encoded.
 * A key of at least IDENTIFYING_CHARS characters goes wherever any piece of it that long
 * occurs, glued to other characters or not: a prefix, a suffix, a masked echo. A shorter key
 * cannot be told from ordinary text, so it goes where it stands as a word of its own (as in
 * `Bearer 1`), which leaves `401` and `yes` readable.
 *
 * Only provider text passes through here; history data and our own output are never
 * rewritten. Probabilities are read from the answer as received (answer.ts): scrubbing must
 * not be able to change what the model said.
 */

export const REDACTED = '[redacted]';

/** A piece of the key this long identifies it; shorter pieces say nothing about it. */
export const IDENTIFYING_CHARS = 8;

/** Provider values nested deeper than this are cut: they come from the network, not from a history. */
const MAX_DEPTH = 64;

export interface KeyScrubber {
  text(text: string): string;
  /** A copy of a JSON-like value with every string and object key scrubbed. */
  value(value: unknown): unknown;
}

/** The forms in which `key` can appear in provider text. */
export function keyForms(key: string): string[] {
  const json = JSON.stringify(key).slice(1, -1);
  const forms = [key, json, JSON.stringify(json).slice(1, -1)];
  try {
    forms.push(encodeURIComponent(key));
  } catch {
    // A lone surrogate has no URL encoding (and such a key cannot be sent in a header either).
  }
  return [...new Set(forms)].filter((form) => form !== '');
}

const WORD = /[\p{L}\p{N}_]/u;

/** Ranges (start, end) of `text` covered by a piece of at least IDENTIFYING_CHARS of any form. */
function identifyingRanges(text: string, windows: ReadonlySet<string>, starts: ReadonlySet<string>): number[][] {
  const ranges: number[][] = [];
  for (let i = 0; i + IDENTIFYING_CHARS <= text.length; i++) {
    if (!starts.has(text[i]) || !windows.has(text.slice(i, i + IDENTIFYING_CHARS))) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] >= i) last[1] = i + IDENTIFYING_CHARS;
    else ranges.push([i, i + IDENTIFYING_CHARS]);
  }
  return ranges;
}

/** Ranges of `text` where a short form stands as a word of its own (no letter or digit glued on). */
function wordRanges(text: string, forms: readonly string[]): number[][] {
  const ranges: number[][] = [];
  for (const form of forms) {
    const needsStart = WORD.test(form[0]);
    const needsEnd = WORD.test(form[form.length - 1]);
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
      const end = at + form.length;
      if (needsStart && at > 0 && WORD.test(text[at - 1])) continue;
      if (needsEnd && end < text.length && WORD.test(text[end])) continue;
      ranges.push([at, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: number[][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && last[1] >= range[0]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

function replaceRanges(text: string, ranges: readonly number[][]): string {
  if (ranges.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

/** A scrubber for `keyAsSent`; with no key (local backends) it returns text unchanged. */
export function keyScrubber(keyAsSent: string | null): KeyScrubber {
  const forms = keyAsSent ? keyForms(keyAsSent) : [];
  const long = forms.filter((form) => form.length >= IDENTIFYING_CHARS);
  const short = forms.filter((form) => form.length < IDENTIFYING_CHARS);
  const windows = new Set<string>();
  for (const form of long)
    for (let i = 0; i + IDENTIFYING_CHARS <= form.length; i++) windows.add(form.slice(i, i + IDENTIFYING_CHARS));
  const starts = new Set([...windows].map((w) => w[0]));

  const text = (input: string): string => {
    if (forms.length === 0) return input;
    // Long forms first: a short form (the raw key) can be part of a long one (its JSON escape).
    const once = long.length > 0 ? replaceRanges(input, identifyingRanges(input, windows, starts)) : input;
    return short.length > 0 ? replaceRanges(once, wordRanges(once, short)) : once;
  };

  const value = (input: unknown, depth = 0): unknown => {
    if (typeof input === 'string') return text(input);
    if (typeof input !== 'object' || input === null) return input;
    if (depth >= MAX_DEPTH) return '[nested too deep]';
    if (Array.isArray(input)) return input.map((item) => value(item, depth + 1));
    // fromEntries keeps an own "__proto__" key own instead of setting the prototype.
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [text(k), value(v, depth + 1)]));
  };

  return { text, value: (input) => value(input) };
}
