/**
 * Where a text stops being JSON, named by line and column with what was expected there, never
 * by quoting the text back (binary data would echo as garbage). Checked against JSON.parse: the
 * scanner finds no error exactly where JSON.parse accepts the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonError, jsonSyntaxError } from '../../../core/formats/jsonSyntax.js';
import { parseSource } from '../../../core/formats/document.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('§9 jsonSyntaxError: where an opened file stops being JSON', () => {
  it.each([
    ['Meeting notes\nnothing is JSON\n', 'line 1, column 1: expected a value'],
    ['[1, 2,, 3]', 'line 1, column 7: expected a value'],
    ['{"a": 1,\n "b": }', 'line 2, column 7: expected a value'],
    ['{"a" 1}', "line 1, column 6: expected ':'"],
    ['{1: 2}', "line 1, column 2: expected a quoted property name or '}'"],
    ['[1, 2', "line 1, column 6: expected ',' or ']', but the text ends"],
    ['[1] 2', 'line 1, column 5: expected the end of the text'],
    ['"\\q"', 'line 1, column 1: expected a value'],
  ])('%j → %s', (text, expected) => {
    expect(parses(text)).toBe(false);
    expect(describeJsonError(text)).toBe(expected);
  });

  it('finds an error exactly where JSON.parse refuses the text', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.json().map((t) => t.slice(0, -1)),
      fc.tuple(fc.json(), fc.nat(), fc.constantFrom(',', ':', '}', ']', '"', 'x', '\n')).map(([t, at, c]) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + c + t.slice(i);
      }),
    );
    fc.assert(fc.property(jsonish, (text) => (jsonSyntaxError(text) === null) === parses(text)));
  });

  it('a document that is not JSON is refused with its line and column, quoting none of it', () => {
    expect(() => parseSource('\u00ff\u00fe garbage')).toThrow(/^not JSON: line 1, column 1: expected a value$/);
    expect(() => parseSource('{"id": "m0"}\n{"id": "m1",, }\n')).toThrow(
      /^JSON Lines, line 2: not JSON: column 13: expected a quoted property name$/,
    );
  });
});
