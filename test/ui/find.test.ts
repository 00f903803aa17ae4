/** core/find.ts splitMatches: the pieces the audit view wraps in <mark>. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMatches } from '../../core/inspect/find.js';

describe('find highlighting', () => {
  it('splits case-insensitively and keeps the original text', () => {
    expect(splitMatches('Idempotency-Key and idempotency', 'IDEMPOTENCY')).toEqual({
      parts: ['', 'Idempotency', '-Key and ', 'idempotency', ''],
      capped: false,
    });
  });

  it('treats the term literally, not as a pattern', () => {
    expect(splitMatches('a.b axb (x)', '.')?.parts).toEqual(['a', '.', 'b axb (x)']);
    expect(splitMatches('call("c1")', '("c1")')?.parts).toEqual(['call', '("c1")', '']);
  });

  it('null for an empty term or no occurrence', () => {
    expect(splitMatches('text', '')).toBeNull();
    expect(splitMatches('text', 'zz')).toBeNull();
  });

  it('stops at the limit and leaves the rest as plain text', () => {
    const split = splitMatches('ab'.repeat(10), 'a', 3)!;
    expect(split.capped).toBe(true);
    expect(split.parts.filter((_, i) => i % 2 === 1)).toHaveLength(3);
    expect(split.parts.join('')).toBe('ab'.repeat(10));
  });

  it('joined pieces are the text; every odd piece equals the term ignoring case', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'A', '.', ' ', 'é', 'É') }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'A', '.', 'é'), minLength: 1, maxLength: 3 }),
        (text, term) => {
          const split = splitMatches(text, term);
          if (split === null) {
            expect(text.toLowerCase().includes(term.toLowerCase())).toBe(false);
            return;
          }
          expect(split.parts.join('')).toBe(text);
          for (let i = 1; i < split.parts.length; i += 2) expect(split.parts[i].toLowerCase()).toBe(term.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
  });
});
