/**
 * SPEC §9 "Sources" on every real file of ../shared/formats: detection (and no false
 * detection by the other formats), an unchanged export JSON-equal to the original (JSON
 * Lines line by line), and import → compact → export → import giving the compaction's own
 * messages, with pairs, error states and non-message records surviving.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import {
  countToolBlocks,
  detectFormats,
  exportSource,
  FORMATS,
  inspectSource,
  openSource,
  parseSource,
  unchangedProposal,
} from '../../core/formats/index.js';
import { sharedSkipReason } from '../support/shared.js';
import {
  alternatingModel,
  compactAndReread,
  errorResults,
  FIXTURES,
  fixtureText,
  FORMATS_DIR,
  jsonEqual,
  linesEqual,
  withPositionalIds,
} from './support.js';

const built = FIXTURES.filter((f) => FORMATS.some((a) => a.id === f.format));

describe.skipIf(!FORMATS_DIR)('real files in their native formats', () => {
  if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

  for (const fixture of built) {
    describe(fixture.file, () => {
      const text = FORMATS_DIR ? fixtureText(fixture) : '';

      it(`§9 is detected as ${fixture.format}, and no other format claims it as surely`, () => {
        const doc = parseSource(text);
        const found = detectFormats(doc);
        expect(found[0]?.format).toBe(fixture.format);
        for (const other of found.slice(1)) expect(other.confidence).toBeLessThan(found[0].confidence);
        expect(inspectSource(text).conversations).toHaveLength(fixture.conversations);
      });

      it('§9 import → export with no change is JSON-equal to the original (JSON Lines: line by line)', () => {
        const doc = parseSource(text);
        for (const { key } of inspectSource(text).conversations) {
          const source = openSource(text, { conversation: key });
          const exported = exportSource(source, unchangedProposal(source.read.messages));
          expect(doc.kind === 'jsonl' ? linesEqual(exported, text) : jsonEqual(exported, text)).toBe(true);
        }
      });

      for (const [name, model] of [
        ['alternating drop_call/drop_result', alternatingModel()],
        ['the offline model', createOfflineModel()],
      ] as const) {
        it(`§9 R13 R14 import → compact (${name}) → export → import gives the compaction’s messages`, async () => {
          for (const { key } of inspectSource(text).conversations) {
            const { source, response, reread, exported } = await compactAndReread(text, { conversation: key }, model, {
              preserve_recent_messages: 2,
            });
            if (!response.success) throw new Error('compaction failed');
            expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(response.answer.messages));
            // The input document is never modified.
            expect(exportSource(source, unchangedProposal(source.read.messages))).toSatisfy((t: string) =>
              parseSource(t).kind === 'jsonl' ? linesEqual(t, text) : jsonEqual(t, text),
            );
            // Pairs and error states survive: every kept pair is still a pair, every error still an error.
            const dropped = response.answer.decisions.filter((d) => d.action === 'drop_call').length;
            const before = countToolBlocks(source.read.messages);
            const after = countToolBlocks(reread.read.messages);
            expect(after.calls).toBe(before.calls - dropped);
            expect(after.results).toBe(before.results - dropped);
            expect(errorResults(reread.read.messages)).toBe(errorResults(source.read.messages));
            expect(reread.read.notes.kept).toBe(source.read.notes.kept);
            expect(exported.length).toBeLessThanOrEqual(text.length + 64);
          }
        });
      }
    });
  }
});
