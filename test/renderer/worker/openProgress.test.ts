/**
 * What an open reports while the worker reads (renderer/worker/openProgress.ts, SPEC §9 sources):
 * JSON Lines records counted however the file is cut into chunks, and the format named from the
 * first complete lines; one JSON document reports no records.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadTally } from '../../../renderer/worker/openProgress.js';
import { BIG_SESSION_SOURCES } from '../../support/bigSession.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const formats = sharedPath('formats');

/** `bytes` cut at `cuts` (positions, any order), fed to a tally in file order. */
function tallied(bytes: Uint8Array, cuts: number[]): ReadTally {
  const tally = new ReadTally();
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...at, bytes.length]) {
    tally.add(bytes.subarray(from, to));
    from = to;
  }
  tally.finish();
  return tally;
}

describe('open progress', () => {
  it('§9 JSON Lines records are counted whatever the chunks, the last line with or without its newline', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string({ maxLength: 8 }), n: fc.integer() }), { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (records, finalNewline, cuts) => {
          const text = records.map((r) => JSON.stringify(r)).join('\n') + (finalNewline ? '\n' : '');
          const tally = tallied(new TextEncoder().encode(text), cuts);
          // One line that is one JSON value reads as a JSON document until a second line says otherwise.
          expect(tally.records).toBe(records.length > 1 ? records.length : null);
        },
      ),
    );
  });

  it('§9 one JSON document reports no records', () => {
    const text = JSON.stringify(
      [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
      ],
      null,
      2,
    );
    expect(tallied(new TextEncoder().encode(text), [5, 17]).records).toBeNull();
  });

  it.skipIf(!formats)('§9 a Claude Code session is named from its first lines, before the rest is read', () => {
    expect(formats, sharedSkipReason('formats')).not.toBeNull();
    const bytes = readFileSync(join(formats!, BIG_SESSION_SOURCES.claudeCode));
    const tally = new ReadTally();
    tally.add(bytes.subarray(0, 64 * 1024));
    expect(tally.format).toBe('Claude Code session JSONL');
  });
});
