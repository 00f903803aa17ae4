/** R7/R9's estimator: its character classes are exact for any UTF-16 text. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { charClasses, estimateTokens } from '../../../core/engine/tokens.js';

/** The definition, one unit at a time. */
function referenceClasses(text: string): { ascii: number; other: number } {
  let ascii = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 128) ascii++;
  return { ascii, other: text.length - ascii };
}

it('R7 charClasses counts ASCII and other UTF-16 units like a per-unit loop, lone surrogates and NUL included', () => {
  const unit = fc.oneof(
    fc.constantFrom('a', '\u0000', '\u007f', '\u0080', 'é', '数', '\ud83d', '\ude42', '🙂', '\n'),
    fc.string({ unit: 'binary' }),
  );
  fc.assert(
    fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
      const text = parts.join('');
      expect(charClasses(text)).toEqual(referenceClasses(text));
    }),
    { numRuns: 2000 },
  );
  expect(estimateTokens('abcde🙂')).toBe(2 + 2);
});
