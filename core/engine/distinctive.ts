/**
 * Distinctive content of a text: the things an agent copies from a tool result into what it
 * writes next — paths, identifiers, long numbers, quoted strings, error lines. Plain words are
 * never distinctive (they reappear by chance). Shared by the evidence links (core) and the
 * later-use labeller (eval), so both speak of the same "content".
 *
 * Terms are lower-cased and matched as substrings at word boundaries (`mentions`), so a path
 * meets the same path inside a longer command and a quoted phrase meets it unquoted.
 */

// The patterns and the path rule are exported for the tests' plain reference passes, which
// must look for the same terms as the fast passes below and differ only in how they search.

// The lookbehind starts a match only where a run of path characters starts: without it every
// position inside a long word was tried and failed again (a third of the evidence pass on
// 20 MB of results). The matches are the same (test/core/engine/distinctivePath.test.ts).
export const PATH = /(?<![A-Za-z0-9_.~-])(?:[A-Za-z0-9_.~-]*\/)+[A-Za-z0-9_.-]+/g;
export const FILE_NAME = /\b[A-Za-z0-9_-]+\.[A-Za-z][A-Za-z0-9]{0,5}\b/g;
export const IDENTIFIER = /\b[A-Za-z_$][A-Za-z0-9_$]{3,}\b/g;
export const NUMBER = /\b\d[\d,]*(?:\.\d+)?\b/g;
export const QUOTED = /"([^"\n]{4,80})"|'([^'\n]{4,80})'|`([^`\n]{4,80})`/g;
export const ERROR_LINE =
  /(?:\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\berror:|\bERROR\b|\bFAILED\b|\bTraceback\b|\bfatal:)/g;

/** Identifiers worth remembering: snake_case, camelCase, or letters mixed with digits. */
function isDistinctiveIdentifier(token: string): boolean {
  // One pass over char codes instead of four regexes: this runs once per token of every text.
  let letter = false;
  let digit = false;
  let prev = 0; // 1 lower, 2 upper, 3 digit, 4 underscore, 0 other
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    const kind = c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : c === 95 ? 4 : 0;
    // `[A-Za-z]_`, `_[A-Za-z0-9]`, `[a-z][A-Z]`
    if (
      (kind === 4 && (prev === 1 || prev === 2)) ||
      (prev === 4 && kind >= 1 && kind <= 3) ||
      (prev === 1 && kind === 2)
    )
      return true;
    if (kind === 1 || kind === 2) letter = true;
    else if (kind === 3) digit = true;
    prev = kind;
  }
  return letter && digit;
}

/** Adds a matched path, and its file name alone, to `terms`. */
export function addPath(terms: Set<string>, raw: string): void {
  const path = raw
    .replace(/^\.\//, '')
    .replace(/[.,:;]+$/, '')
    .toLowerCase();
  if (path.length < 4 || !/[a-z]/.test(path)) return;
  terms.add(path);
  // The file name alone: an agent may write `models.py` for `/testbed/requests/models.py`.
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.length >= 4 && base.includes('.')) terms.add(base);
}

// ASCII char classes for the prefilters below.
const TOKEN = 1; // [A-Za-z0-9_$]: the characters of an IDENTIFIER run
const WORD_CHAR = 2; // [A-Za-z0-9_]: `\b` sees these as word characters
const NAME = 4; // [A-Za-z0-9_-]: what FILE_NAME allows before its dot
const LETTER = 8;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_$]/.test(ch)) CHAR_CLASS[c] |= TOKEN;
  if (/[A-Za-z0-9_]/.test(ch)) CHAR_CLASS[c] |= WORD_CHAR;
  if (/[A-Za-z0-9_-]/.test(ch)) CHAR_CLASS[c] |= NAME;
  if (/[A-Za-z]/.test(ch)) CHAR_CLASS[c] |= LETTER;
}

/** Whether the char code `c` (NaN past the end) is ASCII of class `bit`. */
function is(c: number, bit: number): boolean {
  return c < 128 && (CHAR_CLASS[c] & bit) !== 0;
}

// The passes below run only where a cheap native search says they can match. The searches
// are String#indexOf and simple regexes: no JavaScript loop over every character, which cost
// more than the passes themselves on 20 MB of tool output (test/bench/cli.bench.ts).

/** `[A-Za-z0-9_-]\.[A-Za-z]` occurs: every FILE_NAME match has it. */
function hasFileNameDot(text: string): boolean {
  for (let at = text.indexOf('.'); at !== -1; at = text.indexOf('.', at + 1))
    if (at > 0 && is(text.charCodeAt(at - 1), NAME) && is(text.charCodeAt(at + 1), LETTER)) return true;
  return false;
}

/** Four digits with only `,`/`.` between them: every number of four or more digits has them. */
const LONG_NUMBER = /\d[.,]*\d[.,]*\d[.,]*\d/;

// Every ERROR_LINE match ends on one of these words at a word edge (`…Error`, `…Exception`,
// ERROR, FAILED, Traceback) or is `error:` / `fatal:`, and holds the character beside it. A
// one-character search costs a fraction of a longer one, so it goes first.
const ERROR_WORD_ENDS: ReadonlyArray<readonly [string, string]> = [
  ['E', 'Error'],
  ['E', 'ception'],
  ['E', 'ERROR'],
  ['F', 'AILED'],
  ['T', 'ceback'],
];
const ERROR_COLON_WORDS = ['error:', 'fatal:'];

/** An ERROR_LINE match is possible. */
function hasErrorWord(text: string): boolean {
  for (const [char, word] of ERROR_WORD_ENDS) {
    if (!text.includes(char)) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1))
      if (!is(text.charCodeAt(at + word.length), WORD_CHAR)) return true;
  }
  return text.includes(':') && ERROR_COLON_WORDS.some((word) => text.includes(word));
}

const DIGIT_OR_UNDERSCORE = /[0-9_]/g;
const CAMEL_STEP = /[a-z][A-Z]/g;

/** The position of the next match of a global `pattern` from its lastIndex, or -1. */
function nextAt(pattern: RegExp, text: string): number {
  return pattern.test(text) ? pattern.lastIndex - 1 : -1;
}

/**
 * The distinctive identifiers of `text`, in order. Identifiers are found run by run. A run is
 * a maximal stretch of token characters `[A-Za-z0-9_$]`; no IDENTIFIER match crosses a run's
 * edge and the regex scan restarts at each run, so matching the run alone gives the same
 * matches as matching the whole text. A distinctive identifier holds `_`, a digit or a
 * lower-to-upper step, so only the runs around those (found natively) reach the regex; plain
 * words, most of any text, are never looked at.
 */
function distinctiveIdentifiers(text: string): string[] {
  const found: string[] = [];
  DIGIT_OR_UNDERSCORE.lastIndex = 0;
  CAMEL_STEP.lastIndex = 0;
  let hint = nextAt(DIGIT_OR_UNDERSCORE, text);
  let camel = nextAt(CAMEL_STEP, text);
  while (hint !== -1 || camel !== -1) {
    const at = hint === -1 ? camel : camel === -1 ? hint : Math.min(hint, camel);
    let start = at;
    while (start > 0 && is(text.charCodeAt(start - 1), TOKEN)) start--;
    let end = at + 1;
    while (end < text.length && is(text.charCodeAt(end), TOKEN)) end++;
    if (end - start >= 4) {
      const run = text.slice(start, end);
      let match: RegExpExecArray | null;
      for (IDENTIFIER.lastIndex = 0; (match = IDENTIFIER.exec(run)) !== null;)
        if (isDistinctiveIdentifier(match[0])) found.push(match[0].toLowerCase());
    }
    // Each run once: both searches go on after it.
    if (hint !== -1 && hint < end) {
      DIGIT_OR_UNDERSCORE.lastIndex = end;
      hint = nextAt(DIGIT_OR_UNDERSCORE, text);
    }
    if (camel !== -1 && camel < end) {
      CAMEL_STEP.lastIndex = end;
      camel = nextAt(CAMEL_STEP, text);
    }
  }
  return found;
}

function digitCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/**
 * Every distinctive term of `text`, lower-cased, in first-seen order per kind (paths, file
 * names, identifiers, numbers, quoted strings, error lines). This runs over every block of
 * a history, results included, so each pass runs only where a native search says it can
 * match; most tool output has no path, file name or long number.
 */
export function distinctiveTerms(text: string): Set<string> {
  const terms = new Set<string>();
  let match: RegExpExecArray | null;
  if (text.includes('/')) {
    for (PATH.lastIndex = 0; (match = PATH.exec(text)) !== null;)
      if (!match[0].startsWith('//')) addPath(terms, match[0]);
  }
  if (hasFileNameDot(text)) {
    for (FILE_NAME.lastIndex = 0; (match = FILE_NAME.exec(text)) !== null;) {
      const name = match[0].toLowerCase();
      // `e.g`, `self.x` and version-like tails are not file names.
      if (name.length >= 5 && !/^\d/.test(name) && !/\.\d/.test(name)) terms.add(name);
    }
  }
  for (const identifier of distinctiveIdentifiers(text)) terms.add(identifier);
  if (LONG_NUMBER.test(text)) {
    for (NUMBER.lastIndex = 0; (match = NUMBER.exec(text)) !== null;) {
      if (match[0].length >= 4 && digitCount(match[0]) >= 4) terms.add(match[0].replace(/,/g, ''));
    }
  }
  if (text.includes('"') || text.includes("'") || text.includes('`')) {
    for (QUOTED.lastIndex = 0; (match = QUOTED.exec(text)) !== null;) {
      const inner = (match[1] ?? match[2] ?? match[3]).trim();
      // A single plain word ("business") reappears by chance; a phrase or a token does not.
      if (inner.length >= 4 && !/^[A-Za-z]+$/.test(inner) && /[A-Za-z0-9]/.test(inner)) terms.add(inner.toLowerCase());
    }
  }
  // A line is an error line when the pattern matches inside it (the pattern never spans a
  // line break, and trimming only swaps a blank neighbour for the string's edge), so one
  // pass over the whole text finds the same lines as testing each line.
  if (!hasErrorWord(text)) return terms;
  for (ERROR_LINE.lastIndex = 0; (match = ERROR_LINE.exec(text)) !== null;) {
    const start = match.index === 0 ? 0 : text.lastIndexOf('\n', match.index - 1) + 1;
    const newline = text.indexOf('\n', match.index);
    const end = newline === -1 ? text.length : newline;
    const trimmed = text.slice(start, end).trim();
    if (trimmed.length >= 12 && trimmed.length <= 160) terms.add(trimmed.toLowerCase());
    ERROR_LINE.lastIndex = end + 1;
  }
  return terms;
}

const WORD = /[a-z0-9_]/;

/** Whether lower-cased `haystack` holds `term` with no word character glued to either end. */
export function mentions(haystack: string, term: string): boolean {
  for (let at = haystack.indexOf(term); at !== -1; at = haystack.indexOf(term, at + 1)) {
    const before = at === 0 ? '' : haystack[at - 1];
    const after = haystack[at + term.length] ?? '';
    if (!WORD.test(before) && !WORD.test(after)) return true;
  }
  return false;
}

/**
 * Finds which chunks of text mention a term without scanning them all: an inverted index of
 * word tokens narrows the chunks, `mentions` confirms the boundary-exact match. Each term's
 * confirmed chunks are kept: a long history asks for the same terms once per candidate (a
 * session that re-reads the same files names the same paths thousands of times), and without
 * the memo every ask re-ran `mentions` over every chunk holding the term's rarest word.
 */
export class TermIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly found = new Map<string, readonly number[]>();

  constructor(private readonly chunks: readonly string[]) {
    chunks.forEach((chunk, i) => {
      for (const word of new Set(chunk.match(/[a-z0-9_]+/g) ?? [])) {
        const list = this.postings.get(word);
        if (list) list.push(i);
        else this.postings.set(word, [i]);
      }
    });
  }

  /** Indices of the chunks (ascending) that mention `term`, optionally only from chunk `from` on. */
  find(term: string, from = 0): number[] {
    const all = this.mentioning(term);
    if (from <= 0) return all.slice();
    // Ascending: the first index at or past `from` by bisection, the rest as they are.
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (all[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return all.slice(lo);
  }

  /** The last chunk that mentions `term`, or -1 when none does. */
  lastAt(term: string): number {
    const all = this.mentioning(term);
    return all.length === 0 ? -1 : all[all.length - 1];
  }

  private mentioning(term: string): readonly number[] {
    const known = this.found.get(term);
    if (known) return known;
    const words = term.match(/[a-z0-9_]+/g);
    let rarest: number[] | undefined;
    for (const word of words ?? []) {
      const list = this.postings.get(word);
      if (!list) {
        rarest = [];
        break;
      }
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    const all = (rarest ?? []).filter((i) => mentions(this.chunks[i], term));
    this.found.set(term, all);
    return all;
  }
}
