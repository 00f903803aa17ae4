/**
 * Evidence links: the faster `distinctiveTerms` (prefilters, a lookahead that skips plain
 * words, one error-line pass) returns exactly the terms, in the same order, as the plain
 * six-pass version kept below as the reference: the same patterns and path rule, each pass
 * over the whole text, identifiers checked by regexes.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  addPath,
  distinctiveTerms,
  ERROR_LINE,
  FILE_NAME,
  IDENTIFIER,
  NUMBER,
  PATH,
  QUOTED,
} from '../../../core/engine/distinctive.js';

// ---- reference: the plain six passes, each over the whole text, with the same patterns ----
// The non-global copy tests a line without carrying a position from the last one.
const ERROR_LINE_ONCE = new RegExp(ERROR_LINE.source);

/** Identifiers worth remembering: snake_case, camelCase, or letters mixed with digits. */
function isDistinctiveIdentifier(token: string): boolean {
  if (/^_+$/.test(token)) return false;
  if (/[A-Za-z]_|_[A-Za-z0-9]/.test(token)) return true;
  if (/[a-z][A-Z]/.test(token)) return true;
  return /[A-Za-z]/.test(token) && /\d/.test(token);
}

/** Every distinctive term of `text`, lower-cased, in first-seen order. */
function referenceTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.matchAll(PATH))
    if (match[0].includes('/') && !match[0].startsWith('//')) addPath(terms, match[0]);
  for (const match of text.matchAll(FILE_NAME)) {
    const name = match[0].toLowerCase();
    // `e.g`, `self.x` and version-like tails are not file names.
    if (name.length >= 5 && !/^\d/.test(name) && !/\.\d/.test(name)) terms.add(name);
  }
  for (const match of text.matchAll(IDENTIFIER))
    if (isDistinctiveIdentifier(match[0])) terms.add(match[0].toLowerCase());
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
    if (trimmed.length >= 12 && trimmed.length <= 160 && ERROR_LINE_ONCE.test(trimmed))
      terms.add(trimmed.toLowerCase());
  }
  return terms;
}

// ---- end of reference ----

// Characters that decide the patterns' edges: word and non-word neighbours, `$` (a token
// character that is not a word character), separators of paths, numbers and lines.
const ALPHABET = 'aZq_9$07./-~,:;"\'` \n\tEeFrorxAILü'.split('');
const WORDS = [
  'Error',
  'error:',
  'ERROR',
  'FAILED',
  'Traceback',
  'fatal:',
  'ValueError',
  'Exception',
  'src/app.ts',
  'a.py',
  '1,234',
  '12.5',
  'camelCase',
  'snake_case',
  'x$y',
  '//',
  './',
];

const texts = fc
  .array(fc.oneof(fc.constantFrom(...ALPHABET), fc.constantFrom(...WORDS)), { maxLength: 60 })
  .map((parts) => parts.join(''));

it('evidence distinctiveTerms equals the plain six-pass version, terms and order, on texts built from edge characters', () => {
  fc.assert(
    fc.property(texts, (text) => {
      expect([...distinctiveTerms(text)]).toEqual([...referenceTerms(text)]);
    }),
    { numRuns: 20000 },
  );
});

it('evidence distinctiveTerms equals the plain version on long error lines and multi-line text', () => {
  const line = (n: number) =>
    `${' '.repeat(n % 3)}ValueError: bad value ${'x'.repeat(n)} in src/mod_${n}.py line 1234\r`;
  const text = Array.from({ length: 200 }, (_, n) => line(n)).join('\n');
  expect([...distinctiveTerms(text)]).toEqual([...referenceTerms(text)]);
});
