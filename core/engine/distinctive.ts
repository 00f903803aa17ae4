/**
 * Distinctive content of a text: the things an agent copies from a tool result into what it
 * writes next — paths, identifiers, long numbers, quoted strings, error lines. Plain words are
 * never distinctive (they reappear by chance). Shared by the evidence links (core) and the
 * later-use labeller (eval), so both speak of the same "content".
 *
 * Terms are lower-cased and matched as substrings at word boundaries (`mentions`), so a path
 * meets the same path inside a longer command and a quoted phrase meets it unquoted.
 */

// The lookbehind starts a match only where a run of path characters starts: without it every
// position inside a long word was tried and failed again (a third of the evidence pass on
// 20 MB of results). The matches are the same (test/core/distinctivePath.test.ts).
const PATH = /(?<![A-Za-z0-9_.~-])(?:[A-Za-z0-9_.~-]*\/)+[A-Za-z0-9_.-]+/g;
const FILE_NAME = /\b[A-Za-z0-9_-]+\.[A-Za-z][A-Za-z0-9]{0,5}\b/g;
const IDENTIFIER = /\b[A-Za-z_$][A-Za-z0-9_$]{3,}\b/g;
const NUMBER = /\b\d[\d,]*(?:\.\d+)?\b/g;
const QUOTED = /"([^"\n]{4,80})"|'([^'\n]{4,80})'|`([^`\n]{4,80})`/g;
const ERROR_LINE = /(?:\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\berror:|\bERROR\b|\bFAILED\b|\bTraceback\b|\bfatal:)/g;

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

function addPath(terms: Set<string>, raw: string): void {
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

// ASCII char classes for the scan below.
const TOKEN = 1; // [A-Za-z0-9_$]
const HINT = 2; // `_` or a digit
const LOWER = 4;
const UPPER = 8;
const DIGIT = 16;
const ERROR_WORD_END = 32; // the last letter of a word ERROR_LINE can end on (see endsErrorWord)
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_$]/.test(ch)) CHAR_CLASS[c] |= TOKEN;
  if (/[_0-9]/.test(ch)) CHAR_CLASS[c] |= HINT;
  if (/[a-z]/.test(ch)) CHAR_CLASS[c] |= LOWER;
  if (/[A-Z]/.test(ch)) CHAR_CLASS[c] |= UPPER;
  if (/[0-9]/.test(ch)) CHAR_CLASS[c] |= DIGIT;
  if (/[rRnDkl]/.test(ch)) CHAR_CLASS[c] |= ERROR_WORD_END;
}

/** Whether `text` holds `suffix` ending at `end` (char codes: inlined in the scan, unlike `startsWith`). */
function endsWithAt(text: string, end: number, suffix: string): boolean {
  const from = end - suffix.length;
  if (from < 0) return false;
  for (let k = 0; k < suffix.length; k++) if (text.charCodeAt(from + k) !== suffix.charCodeAt(k)) return false;
  return true;
}

/**
 * Whether the word ending at `end` ends like an ERROR_LINE alternative: `…Error`, `error:`,
 * ERROR, `…Exception`, FAILED, Traceback, `fatal:`. Every ERROR_LINE match ends on such a word
 * at a word edge, which inside a token run is only before `$`, else the run's end.
 */
function endsErrorWord(text: string, end: number): boolean {
  switch (text.charCodeAt(end - 1)) {
    case 114: // r
      return endsWithAt(text, end, 'Error') || (endsWithAt(text, end, 'error') && text.charCodeAt(end) === 58);
    case 82: // R
      return endsWithAt(text, end, 'RROR');
    case 110: // n
      return endsWithAt(text, end, 'ception');
    case 68: // D
      return endsWithAt(text, end, 'AILED');
    case 107: // k
      return endsWithAt(text, end, 'ceback');
    case 108: // l
      return endsWithAt(text, end, 'fatal') && text.charCodeAt(end) === 58;
    default:
      return false;
  }
}

/** What one scan of a text found: its distinctive identifiers and which other passes can match. */
interface Scan {
  identifiers: string[];
  slash: boolean;
  /** `[A-Za-z0-9_-]\.[A-Za-z]` occurs (every FILE_NAME match has it). */
  fileName: boolean;
  /** Four digits with only `,`/`.` between them (every number of four or more digits has them). */
  longNumber: boolean;
  quote: boolean;
  /** A word ends like an error-line keyword (every ERROR_LINE match has one). */
  errorWord: boolean;
}

/**
 * One pass over the char codes instead of a regex pass per kind (each costs about as much).
 *
 * Identifiers are found run by run. A run is a maximal stretch of token characters
 * `[A-Za-z0-9_$]`; no IDENTIFIER match crosses a run's edge and the regex scan restarts at
 * each run, so matching the run alone gives the same matches as matching the whole text. A
 * distinctive identifier holds `_`, a digit or a lower-to-upper step, so runs without one
 * (plain words, most of any text) never reach the regex.
 */
function scan(text: string): Scan {
  const found: Scan = {
    identifiers: [],
    slash: false,
    fileName: false,
    longNumber: false,
    quote: false,
    errorWord: false,
  };
  let start = -1;
  let hint = false;
  let prev = 0;
  let digits = 0; // digits in the current stretch of [0-9,.]
  let nameChar = false; // the previous char is in [A-Za-z0-9_-]
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    const cls = c < 128 ? CHAR_CLASS[c] : 0;
    if (cls !== 0) {
      if (start < 0) {
        start = i;
        hint = false;
      }
      if ((cls & HINT) !== 0 || ((cls & UPPER) !== 0 && (prev & LOWER) !== 0)) hint = true;
      if ((cls & DIGIT) !== 0) {
        if (++digits >= 4) found.longNumber = true;
      } else {
        digits = 0;
        // `$` is a token char but not a word char: a word can end before it.
        if (c === 36 && (prev & ERROR_WORD_END) !== 0 && endsErrorWord(text, i)) found.errorWord = true;
      }
      prev = cls;
      nameChar = c !== 36; // `$` is a token char but not a file-name char
      continue;
    }
    if (start >= 0) {
      if ((prev & ERROR_WORD_END) !== 0 && endsErrorWord(text, i)) found.errorWord = true;
      if (hint && i - start >= 4) {
        const run = text.slice(start, i);
        let match: RegExpExecArray | null;
        for (IDENTIFIER.lastIndex = 0; (match = IDENTIFIER.exec(run)) !== null;)
          if (isDistinctiveIdentifier(match[0])) found.identifiers.push(match[0].toLowerCase());
      }
    }
    start = -1;
    prev = 0;
    if (c === 46) {
      // `.`: a file name needs a name char before it and a letter after it
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (nameChar && next < 128 && (CHAR_CLASS[next] & (LOWER | UPPER)) !== 0) found.fileName = true;
    } else if (c !== 44) digits = 0; // `,` and `.` keep a number's digits together
    if (c === 47) found.slash = true;
    else if (c === 34 || c === 39 || c === 96) found.quote = true;
    nameChar = c === 45;
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
 * a history, results included, so one scan finds the identifiers and which other passes
 * can match at all; most tool output has no path, file name or long number.
 */
export function distinctiveTerms(text: string): Set<string> {
  const terms = new Set<string>();
  let match: RegExpExecArray | null;
  const found = scan(text);
  if (found.slash) {
    for (PATH.lastIndex = 0; (match = PATH.exec(text)) !== null;)
      if (!match[0].startsWith('//')) addPath(terms, match[0]);
  }
  if (found.fileName) {
    for (FILE_NAME.lastIndex = 0; (match = FILE_NAME.exec(text)) !== null;) {
      const name = match[0].toLowerCase();
      // `e.g`, `self.x` and version-like tails are not file names.
      if (name.length >= 5 && !/^\d/.test(name) && !/\.\d/.test(name)) terms.add(name);
    }
  }
  for (const identifier of found.identifiers) terms.add(identifier);
  if (found.longNumber) {
    for (NUMBER.lastIndex = 0; (match = NUMBER.exec(text)) !== null;) {
      if (match[0].length >= 4 && digitCount(match[0]) >= 4) terms.add(match[0].replace(/,/g, ''));
    }
  }
  if (found.quote) {
    for (QUOTED.lastIndex = 0; (match = QUOTED.exec(text)) !== null;) {
      const inner = (match[1] ?? match[2] ?? match[3]).trim();
      // A single plain word ("business") reappears by chance; a phrase or a token does not.
      if (inner.length >= 4 && !/^[A-Za-z]+$/.test(inner) && /[A-Za-z0-9]/.test(inner)) terms.add(inner.toLowerCase());
    }
  }
  // A line is an error line when the pattern matches inside it (the pattern never spans a
  // line break, and trimming only swaps a blank neighbour for the string's edge), so one
  // pass over the whole text finds the same lines as testing each line. The scan says when
  // no match is possible: the pass costs a third of the scan on text without error words.
  if (!found.errorWord) return terms;
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
 * word tokens narrows the chunks, `mentions` confirms the boundary-exact match.
 */
export class TermIndex {
  private readonly postings = new Map<string, number[]>();

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
    const words = term.match(/[a-z0-9_]+/g);
    if (!words) return [];
    let rarest: number[] | undefined;
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return (rarest ?? []).filter((i) => i >= from && mentions(this.chunks[i], term));
  }
}
