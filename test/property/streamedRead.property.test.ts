/**
 * SPEC §9 byte-preserving export from a JSON Lines file read in chunks (core/formats/jsonLines.ts):
 * the document is the one a whole read gives, a write that changes nothing gives back the source
 * byte for byte, and a write with drops gives what the whole read's write gives — wherever the
 * chunks end, even inside a UTF-8 character or between `\r` and `\n`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../core/engine/schema.js';
import type { OpenedSource, SourceSlices, SourceText } from '../../core/formats/index.js';
import { exportSource, parseSource, serializeRecords } from '../../core/formats/index.js';
import type { JsonLinesDocument } from '../../core/formats/jsonLines.js';
import { JsonLinesReader, recordLine } from '../../core/formats/jsonLines.js';
import { openDocumentLazily, openSourceLazily } from '../../core/formats/lazy.js';
import { StreamedLines } from '../../app/cli/source.js';
import { proposalFromChoices } from '../core/formats/support.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';

const RUNS = { seed: 9, numRuns: 300 };
// A byte-order mark kept in the text, as parseSource takes it from a host that reads text.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file's bytes, read back by position after its byte-order mark, as a host on disk would. */
function bytesText(bytes: Uint8Array, bom: boolean): SourceSlices {
  const offset = bom ? 3 : 0;
  return {
    length: bytes.length - offset,
    slice: (start, end) => utf8.decode(bytes.subarray(offset + start, offset + end)),
  };
}

/** `bytes` cut at `cuts` (any positions) and read chunk by chunk. */
function streamed(bytes: Uint8Array, cuts: readonly number[]): { reader: JsonLinesReader; doc: JsonLinesDocument } {
  const reader = new JsonLinesReader();
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  // One buffer for every chunk, as the command line reads a file: the reader must not keep it.
  const buffer = Buffer.alloc(bytes.length);
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (cut > from) {
      buffer.set(bytes.subarray(from, cut));
      reader.push(buffer.subarray(0, cut - from));
      buffer.fill(0x0a);
    }
    from = Math.max(from, cut);
  }
  // Where the spans count from is known at the end (a byte-order mark), so the text is given then.
  const doc = reader.end({ length: 0, slice: () => '' });
  return { reader, doc: { ...doc, text: bytesText(bytes, doc.bom === true) } };
}

/** The whole-text reading of the same bytes, as parseInput gives it. */
function whole(bytes: Uint8Array): SourceText {
  return parseSource(utf8.decode(bytes));
}

function expectSameDocument(doc: JsonLinesDocument, reference: SourceText): void {
  expect(reference.kind).toBe('jsonl');
  if (reference.kind !== 'jsonl') return;
  expect(doc.records).toEqual(reference.records);
  expect(doc.lineNumbers).toEqual(reference.lineNumbers);
  expect(doc.eol).toBe(reference.eol);
  expect(doc.bom).toBe(reference.bom);
  expect(doc.records.map((_, i) => recordLine(doc, i))).toEqual(
    reference.records.map((_, i) => recordLine(reference, i)),
  );
}

const encoder = new TextEncoder();
const valueArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.constantFrom('é', '日本', '😀', 'a\r\nb', '\u2028'),
);
const objectArb = fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), valueArb, { maxKeys: 4 });
const lineArb = fc.record({
  value: fc.oneof({ weight: 4, arbitrary: objectArb }, { weight: 1, arbitrary: fc.array(valueArb, { maxLength: 3 }) }),
  pad: fc.constantFrom('', ' ', '\t'),
  blankAfter: fc.constantFrom('', '', '', '\n', '  \n', '\r\n', '\t\r\n'),
});
const fileArb = fc.record({
  first: objectArb,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  leading: fc.constantFrom('', '\n', ' \n'),
  finalNewline: fc.boolean(),
});
const cutsArb = fc.array(fc.nat(), { maxLength: 12 });
type GeneratedFile = typeof fileArb extends fc.Arbitrary<infer T> ? T : never;

/** A JSON Lines file of the generated lines: mixed line breaks, blank lines, a BOM or none, a final newline or none. */
function fileOf(file: GeneratedFile): Uint8Array {
  const eol = file.crlf ? '\r\n' : '\n';
  const lines = [
    `${JSON.stringify(file.first)}`,
    ...file.lines.map((l) => `${l.pad}${JSON.stringify(l.value)}${l.pad}`),
  ];
  const text = lines
    .map((line, i) => line + (i < lines.length - 1 || file.finalNewline ? eol : '') + (file.lines[i]?.blankAfter ?? ''))
    .join('');
  return encoder.encode(`${file.bom ? '\ufeff' : ''}${file.leading}${text}`);
}

describe('§9 streamed JSON Lines read', () => {
  it('§9 a streamed read gives the whole read’s document, and a write that changes nothing is the source byte for byte', () => {
    fc.assert(
      fc.property(fileArb, cutsArb, (file, cuts) => {
        const bytes = fileOf(file);
        const { reader, doc } = streamed(bytes, cuts);
        const reference = whole(bytes);
        expect(reader.isJsonLines).toBe(reference.kind === 'jsonl');
        if (!reader.isJsonLines) return;
        expectSameDocument(doc, reference);
        expect(encoder.encode(serializeRecords(doc, doc.records))).toEqual(bytes);
      }),
      RUNS,
    );
  });

  it('§9 text fed in pieces cut anywhere (inside a surrogate pair, between \\r and \\n) reads as the whole text does', () => {
    fc.assert(
      fc.property(fileArb, cutsArb, (file, cuts) => {
        const text = utf8.decode(fileOf(file));
        const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        const reader = new JsonLinesReader();
        let from = 0;
        for (const cut of [...cuts.map((c) => c % (body.length + 1)).sort((a, b) => a - b), body.length]) {
          if (cut > from) reader.push(body.slice(from, cut));
          from = Math.max(from, cut);
        }
        const doc = reader.end(body);
        const reference = parseSource(text);
        expect(reader.isJsonLines).toBe(reference.kind === 'jsonl');
        if (reference.kind === 'jsonl') expect({ ...doc, bom: reference.bom }).toEqual(reference);
      }),
      RUNS,
    );
  });

  it('§9 a write with records dropped or edited from a streamed read equals the whole read’s', () => {
    fc.assert(
      fc.property(
        fileArb,
        cutsArb,
        fc.array(fc.constantFrom('keep', 'drop', 'edit'), { maxLength: 10 }),
        (file, cuts, choices) => {
          const bytes = fileOf(file);
          const { reader, doc } = streamed(bytes, cuts);
          const reference = whole(bytes);
          if (!reader.isJsonLines || reference.kind !== 'jsonl') return;
          const pick = (records: unknown[]) =>
            records.flatMap((record, i) => {
              const choice = choices[i] ?? 'keep';
              if (choice === 'drop') return [];
              if (choice === 'edit' && typeof record === 'object' && record !== null && !Array.isArray(record))
                return [{ ...record, edited: '✓' }];
              return [record];
            });
          expect(serializeRecords(doc, pick(doc.records))).toBe(serializeRecords(reference, pick(reference.records)));
        },
      ),
      RUNS,
    );
  });

  it('§9 a line that is not JSON, invalid UTF-8 or a single record leaves the streamed read to the whole read', () => {
    const read = (text: string | Uint8Array) => {
      const reader = new JsonLinesReader();
      reader.push(typeof text === 'string' ? encoder.encode(text) : text);
      reader.end({ length: 0, slice: () => '' });
      return reader.isJsonLines;
    };
    expect(() => read('{"a":1}\n{"b":\n')).toThrow('JSON Lines, line 2: not JSON');
    expect(() => read(Uint8Array.from([0x7b, 0x7d, 0x0a, 0xff, 0x0a]))).toThrow('not a text file');
    expect(read('{"a":1}\n\n')).toBe(false);
    expect(read('[1]\n{"a":1}\n')).toBe(false);
    expect(read('{"a":1}\r\n{"b":NaN}\r\n')).toBe(true);
  });

  const formats = sharedPath('formats');
  const FILES = [
    'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl',
    'codex-rollout-jsonl/agent-history-codex-with-escalation.jsonl',
    'codex-rollout-jsonl/agent-history-codex-golden.jsonl',
  ];
  const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];

  for (const name of FILES)
    it.skipIf(formats === null)(
      `§9 ${name} read in small chunks: the same document and the same exports, with and without drops`,
      async () => {
        const path = join(formats as string, name);
        const bytes = readFileSync(path);
        const wholeSource = await openSourceLazily(bytes);
        for (const size of [61, 4093]) {
          const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size);
          const { doc } = streamed(bytes, cuts);
          expectSameDocument(doc, wholeSource.doc);
          const source: OpenedSource = await openDocumentLazily(doc);
          expect(source.read.messages).toEqual(wholeSource.read.messages);
          expect(exportSource(source, proposalFromChoices(source, [], 0))).toBe(bytes.toString('utf8'));
          const choices = source.read.messages.map((_, i) => ACTIONS[(i * 7 + size) % 3]);
          for (const forTargets of [false, true])
            expect(exportSource(source, proposalFromChoices(source, choices, 40, forTargets))).toBe(
              exportSource(wholeSource, proposalFromChoices(wholeSource, choices, 40, forTargets)),
            );
        }
        // The command line's reader of the file on disk (app/cli/source.ts) gives the same.
        const onDisk = StreamedLines.read(path);
        expect(onDisk).not.toBeNull();
        expectSameDocument((onDisk as StreamedLines).doc, wholeSource.doc);
      },
    );
  if (formats === null) it.skip(sharedSkipReason('formats'), () => {});
});
