/**
 * The key scrubber (core/engine/openai/scrub.ts): provider text loses every form of the key
 * as sent and every identifying piece of it, and text that holds none is returned unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTIFYING_CHARS, keyForms, keyScrubber, REDACTED } from '../../../../core/engine/openai/index.js';

const RUNS = { seed: 7, numRuns: 300 };

/** Every piece of IDENTIFYING_CHARS characters of every form of `key`. */
function pieces(key: string): string[] {
  return keyForms(key).flatMap((form) =>
    Array.from({ length: Math.max(0, form.length - IDENTIFYING_CHARS + 1) }, (_, i) =>
      form.slice(i, i + IDENTIFYING_CHARS),
    ),
  );
}

const keyArb = fc.oneof(
  fc.string({ minLength: IDENTIFYING_CHARS, maxLength: 60 }),
  fc.stringMatching(/^sk-[A-Za-z0-9_-]{20,48}$/),
  fc.constantFrom('sk-proj-abc"def\\ghi+jkl', 'a.b*c?d(e)f[g]h{i}j|k^l$m', 'local-token', 'ключ-секретный-42'),
);

describe('key scrubber', () => {
  it('removes the key in every form, and any piece of 8+ characters of it, wherever it is glued', () => {
    fc.assert(
      fc.property(
        keyArb,
        fc.string(),
        fc.string(),
        fc.nat(),
        fc.nat(),
        fc.nat({ max: 3 }),
        (key, before, after, from, length, formIndex) => {
          const forms = keyForms(key);
          const form = forms[formIndex % forms.length];
          const start = from % Math.max(1, form.length - IDENTIFYING_CHARS + 1);
          const piece = form.slice(start, start + IDENTIFYING_CHARS + (length % form.length));
          const scrubbed = keyScrubber(key).text(`${before}${piece}${after}`);
          for (const p of pieces(key)) expect(scrubbed).not.toContain(p);
          expect(scrubbed).toContain(REDACTED);
        },
      ),
      RUNS,
    );
  });

  it('leaves text with no identifying piece of the key exactly as it was', () => {
    fc.assert(
      fc.property(keyArb, fc.string({ maxLength: 200 }), (key, text) => {
        fc.pre(pieces(key).every((p) => !text.includes(p)));
        expect(keyScrubber(key).text(text)).toBe(text);
      }),
      RUNS,
    );
  });

  it('finds the JSON-escaped and URL-encoded key, and the key inside an excerpt cut mid-way', () => {
    const key = 'sk-a"b\\c d/e?f=g&h';
    const scrub = keyScrubber(key);
    expect(scrub.text(JSON.stringify({ echo: `Bearer ${key}` }))).toBe(`{"echo":"Bearer ${REDACTED}"}`);
    expect(scrub.text(`https://x.test/?k=${encodeURIComponent(key)}`)).toBe(`https://x.test/?k=${REDACTED}`);
    expect(scrub.text(JSON.stringify(JSON.stringify({ key })))).not.toContain('b\\\\\\\\c');
    expect(scrub.text(`…Bearer ${key.slice(0, 9)}`)).toBe(`…Bearer ${REDACTED}`);
    expect(scrub.text(`${key.slice(-9)} was refused`)).toBe(`${REDACTED} was refused`);
    expect(scrub.text(`glued${key}glued`)).toBe(`glued${REDACTED}glued`);
  });

  it('a key shorter than 8 characters goes where it stands as a word, not inside other words or numbers', () => {
    const one = keyScrubber('1');
    expect(one.text('Incorrect API key provided: 1. HTTP 401, code 10')).toBe(
      `Incorrect API key provided: ${REDACTED}. HTTP 401, code 10`,
    );
    const e = keyScrubber('e');
    expect(e.text('Bearer e')).toBe(`Bearer ${REDACTED}`);
    expect(e.text('the key here')).toBe('the key here');
    // A short key made of punctuation has no word edges: it goes everywhere.
    expect(keyScrubber('"').text('say "x"')).toBe(`say ${REDACTED}x${REDACTED}`);
  });

  it('scrubs values deeply, object keys included, and keeps an own "__proto__" key own', () => {
    const key = 'sk-deep-0123456789';
    const value = JSON.parse(`{"a":[{"b":"x ${key}"}],"${key}":1,"__proto__":{"c":"${key}"},"n":0.5}`);
    const out = keyScrubber(key).value(value) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain(key.slice(0, IDENTIFYING_CHARS));
    expect(Object.keys(out)).toEqual(['a', REDACTED, '__proto__', 'n']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.n).toBe(0.5);
  });

  it('with no key, text and values pass unchanged', () => {
    const scrub = keyScrubber(null);
    expect(scrub.text('Bearer x')).toBe('Bearer x');
    expect(scrub.value({ a: ['b'] })).toEqual({ a: ['b'] });
  });
});
