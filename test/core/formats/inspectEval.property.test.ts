/**
 * The `inspect-eval` writer over generated histories (SPEC §9, R11, R13, R14), as the text
 * writers are checked in writers.property.test.ts: the generated Inspect log's sample is packed
 * into a `.eval` ZIP (deflate, by fflate's own writer) with its header and a journal member;
 * whatever the actions, the input bytes never change, the export is detected as `inspect-eval`,
 * reads back as exactly the proposal's messages, and every member but the sample is byte-identical.
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import { exportFile, inspectSource, openConversation } from '../../../core/formats/index.js';
import { rawData, readZip } from '../../../core/formats/zip/archive.js';
import { ENCODERS, historyArb } from './encoders.js';
import { proposalFromChoices, withPositionalIds } from './support.js';

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];
const SAMPLE = 'samples/1_epoch_1.json';

/** The generated JSON log as Inspect lays out a `.eval`: header, journal, one sample member. */
function evalOf(logText: string): Uint8Array {
  const { samples, ...header } = JSON.parse(logText) as { samples: unknown[] } & Record<string, unknown>;
  return zipSync({
    '_journal/start.json': strToU8(JSON.stringify({ version: header.version, eval: header.eval })),
    [SAMPLE]: strToU8(JSON.stringify(samples[0])),
    'header.json': strToU8(JSON.stringify(header)),
  });
}

describe('inspect-eval writer over generated histories', () => {
  it('§9 R11 R14 input bytes untouched, export is inspect-eval, read back = the proposal, other members identical', () => {
    const seen = { truncate: 0, drop: 0 };
    fc.assert(
      fc.property(
        historyArb(true),
        fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
        fc.nat({ max: 400 }),
        (turns, choices, head) => {
          const bytes = evalOf(ENCODERS['inspect-log'](turns));
          const copy = bytes.slice();
          const inspected = inspectSource(bytes);
          expect(inspected.format).toBe('inspect-eval');
          const source = openConversation(inspected, inspected.conversations[0].key);
          const proposal = proposalFromChoices(source, choices, head);
          for (const edit of proposal.edits) seen[edit.kind]++;
          const exported = exportFile(source, proposal);
          expect(exported).toBeInstanceOf(Uint8Array);
          expect(Buffer.from(bytes).equals(Buffer.from(copy))).toBe(true);
          const reread = openConversation(inspectSource(exported as Uint8Array), source.read.conversation);
          expect(reread.format).toBe('inspect-eval');
          expect(withPositionalIds(reread.read.messages)).toEqual(withPositionalIds(proposal.messages));
          const before = readZip(bytes);
          const after = readZip(exported as Uint8Array);
          expect(after.entries.map((e) => e.name)).toEqual(before.entries.map((e) => e.name));
          for (const [i, entry] of before.entries.entries())
            if (entry.name !== SAMPLE || proposal.edits.length === 0)
              expect(Buffer.from(rawData(after, after.entries[i])).equals(Buffer.from(rawData(before, entry)))).toBe(
                true,
              );
        },
      ),
      { seed: 7, numRuns: 60 },
    );
    // The runs exercised both edits, not only unchanged writes.
    expect(seen.truncate).toBeGreaterThan(3);
    expect(seen.drop).toBeGreaterThan(3);
  });
});
