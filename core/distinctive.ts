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
const ERROR_LINE = /(?:\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\berror:|\bERROR\b|\bFAILED\b|\bTraceback\b|\bfatal:)/;

/** Identifiers worth remembering: snake_case, camelCase, or letters mixed with digits. */
function isDistinctiveIdentifier(token: string): boolean {
  if (/^_+$/.test(token)) return false;
  if (/[A-Za-z]_|_[A-Za-z0-9]/.test(token)) return true;
  if (/[a-z][A-Z]/.test(token)) return true;
  return /[A-Za-z]/.test(token) && /\d/.test(token);
}

function addPath(terms: Set<string>, raw: string): void {
  const path = raw.replace(/^\.\//, '').replace(/[.,:;]+$/, '').toLowerCase();
  if (path.length < 4 || !/[a-z]/.test(path)) return;
  terms.add(path);
  // The file name alone: an agent may write `models.py` for `/testbed/requests/models.py`.
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.length >= 4 && base.includes('.')) terms.add(base);
}

/** Every distinctive term of `text`, lower-cased, in first-seen order. */
export function distinctiveTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.matchAll(PATH)) if (match[0].includes('/') && !match[0].startsWith('//')) addPath(terms, match[0]);
  for (const match of text.matchAll(FILE_NAME)) {
    const name = match[0].toLowerCase();
    // `e.g`, `self.x` and version-like tails are not file names.
    if (name.length >= 5 && !/^\d/.test(name) && !/\.\d/.test(name)) terms.add(name);
  }
  for (const match of text.matchAll(IDENTIFIER)) if (isDistinctiveIdentifier(match[0])) terms.add(match[0].toLowerCase());
  for (const match of text.matchAll(NUMBER)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 4) terms.add(match[0].replace(/,/g, ''));
  }
  for (const match of text.matchAll(QUOTED)) {
    const inner = (match[1] ?? match[2] ?? match[3]).trim();
    // A single plain word ("business") reappears by chance; a phrase or a token does not.
    if (inner.length >= 4 && !/^[A-Za-z]+$/.test(inner) && /[A-Za-z0-9]/.test(inner)) terms.add(inner.toLowerCase());
  }
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length >= 12 && trimmed.length <= 160 && ERROR_LINE.test(trimmed)) terms.add(trimmed.toLowerCase());
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
