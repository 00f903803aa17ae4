/**
 * SPEC §9 byte-preserving export of JSON Lines (core/formats/document.ts `serializeRecords`):
 * every record no decision edits keeps its line byte for byte, with whatever followed it — the
 * CRLF or LF, blank lines, spaces after the value — and the file keeps its byte-order mark; an
 * edited record's line changes only inside the edited value; a removed record goes with what
 * followed its line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSource, serializeRecords } from '../../../core/formats/document.js';
import { copiedFrom } from '../../../core/formats/splice.js';

type Rec = Record<string, unknown>;

/**
 * The file's records after editing record 1's `t` and, when asked, removing record `drop`. The
 * edited record is a copy recorded as the writers' copy-on-write editor records it (editor.ts),
 * which is how the splice knows which line it was.
 */
function exportOf(text: string, drop?: number): string {
  const doc = parseSource(text);
  if (doc.kind !== 'jsonl') throw new Error('not JSON Lines');
  const records = (doc.records as Rec[])
    .map((r, i) => {
      if (i !== 1) return r;
      const copy = { ...r, t: 'short' };
      copiedFrom.set(copy, r);
      return copy;
    })
    .filter((_, i) => i !== drop);
  return serializeRecords(doc, records);
}

const CASES = [
  {
    name: 'CRLF line breaks',
    text: '{"a":1,"t":"x"}\r\n{"a":2, "t":"long"}\r\n{"a":3}\r\n',
    edited: '{"a":1,"t":"x"}\r\n{"a":2, "t":"short"}\r\n{"a":3}\r\n',
    dropped: '{"a":1,"t":"x"}\r\n{"a":2, "t":"short"}\r\n',
  },
  {
    name: 'a byte-order mark',
    text: '\ufeff{"a":1}\n{"a":2,"t":"long"}\n{"a":3}\n',
    edited: '\ufeff{"a":1}\n{"a":2,"t":"short"}\n{"a":3}\n',
    dropped: '\ufeff{"a":1}\n{"a":2,"t":"short"}\n',
  },
  {
    // The last kept record keeps the line break that followed it in the source.
    name: 'no final newline',
    text: '{"a":1}\n{"a":2,"t":"long"}\n{"a":3}',
    edited: '{"a":1}\n{"a":2,"t":"short"}\n{"a":3}',
    dropped: '{"a":1}\n{"a":2,"t":"short"}\n',
  },
  {
    name: 'blank lines, one of spaces',
    text: '{"a":1}\n\n\n{"a":2,"t":"long"}\n   \n{"a":3}\n\n',
    edited: '{"a":1}\n\n\n{"a":2,"t":"short"}\n   \n{"a":3}\n\n',
    dropped: '{"a":1}\n\n\n{"a":2,"t":"short"}\n   \n',
  },
  {
    name: 'spaces and a tab after a line’s value',
    text: '{"a":1}   \n{"a":2,"t":"long"}  \t\n{"a":3} \n',
    edited: '{"a":1}   \n{"a":2,"t":"short"}  \t\n{"a":3} \n',
    dropped: '{"a":1}   \n{"a":2,"t":"short"}  \t\n',
  },
];

describe('§9 JSON Lines edge cases keep every byte outside the edited value', () => {
  for (const c of CASES)
    it(`§9 ${c.name}: no edit, an edited record, the last record removed`, () => {
      const doc = parseSource(c.text);
      if (doc.kind !== 'jsonl') throw new Error('not JSON Lines');
      expect(serializeRecords(doc, doc.records)).toBe(c.text);
      expect(exportOf(c.text)).toBe(c.edited);
      expect(exportOf(c.text, 2)).toBe(c.dropped);
    });

  it('§9 any mix of them: each kept line and what followed it, in order; the edited line changes only in its value', () => {
    const line = fc.record({
      spacesAfter: fc.constantFrom('', ' ', '  \t'),
      blanksAfter: fc.array(fc.constantFrom('', '  '), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 2, maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        (lines, crlf, bom, finalNewline, dropAt) => {
          const eol = crlf ? '\r\n' : '\n';
          const values = lines.map((_, i) => `{"n":${i},"t":"text of ${i}"}`);
          // Each record's piece: its line, then the line break and blank lines that follow it.
          const pieces = lines.map((l, i) => {
            const last = i === lines.length - 1;
            const after = last && !finalNewline ? '' : eol + l.blanksAfter.map((b) => b + eol).join('');
            return values[i] + l.spacesAfter + after;
          });
          const text = (bom ? '\ufeff' : '') + pieces.join('');
          const drop = dropAt % lines.length === 1 ? undefined : dropAt % lines.length;
          const expected = pieces
            .map((p, i) => (i === 1 ? p.replace(values[1], '{"n":1,"t":"short"}') : p))
            .filter((_, i) => i !== drop);
          expect(exportOf(text, drop)).toBe((bom ? '\ufeff' : '') + expected.join(''));
        },
      ),
      { seed: 19, numRuns: 200 },
    );
  });
});
