/** Evidence links: the faster path pattern finds exactly the paths the original one found. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { distinctiveTerms, PATH } from '../../../core/engine/distinctive.js';

// The pattern before the lookbehind was added (kept here as the reference).
const REFERENCE = /(?:[A-Za-z0-9_.~-]*\/)+[A-Za-z0-9_.-]+/g;

const matches = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => `${m.index}:${m[0]}`);

it('evidence path matching with the lookbehind equals the reference pattern on any text of path characters', () => {
  const alphabet = fc.constantFrom(...'ab1_.~-/ \n:'.split(''));
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 40 }), (chars) => {
      const text = chars.join('');
      expect(matches(PATH, text)).toEqual(matches(REFERENCE, text));
    }),
    { numRuns: 5000 },
  );
});

it('evidence distinctiveTerms still finds paths and their file names', () => {
  const terms = distinctiveTerms('see ./src/payment/retry.ts and ~/notes/a-b.md, then web/icons/logo.svg.');
  expect([...terms]).toEqual(
    expect.arrayContaining([
      'src/payment/retry.ts',
      'retry.ts',
      '~/notes/a-b.md',
      'a-b.md',
      'web/icons/logo.svg',
      'logo.svg',
    ]),
  );
});
