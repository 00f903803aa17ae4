/** R13 counts omitted characters in code points; the fast count must equal the spec's definition. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { countCodePoints } from '../../../core/engine/text.js';

it('R13 countCodePoints counts a surrogate pair once and a lone surrogate as one', () => {
  expect(countCodePoints('')).toBe(0);
  expect(countCodePoints('abc')).toBe(3);
  expect(countCodePoints('a🙂b')).toBe(3);
  expect(countCodePoints('\uD83D')).toBe(1);
  expect(countCodePoints('\uDE42\uD83D')).toBe(2);
  expect(countCodePoints('\uD83D\uD83D\uDE42')).toBe(2);
});

it('R13 countCodePoints equals the length of the string iterator for any UTF-16 text', () => {
  const units = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.integer({ min: 0, max: 0xffff }),
  );
  fc.assert(
    fc.property(fc.array(units, { maxLength: 64 }), (codes) => {
      const text = String.fromCharCode(...codes);
      expect(countCodePoints(text)).toBe([...text].length);
    }),
    { numRuns: 2000 },
  );
});
