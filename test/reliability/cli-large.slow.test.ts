/**
 * A large history through the built command line (SPEC §8). 50 MB here; the
 * 200 MB case runs in `npm run fuzz` (test/fuzz/big-history.fuzz.ts).
 *
 * A history too big for the heap exits 2 at once with one line, never V8's fatal
 * out-of-memory abort (exit 134 and a GC trace).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFuzz } from './support/record.js';
import type { BigHistory } from './support/big-history.js';
import { expectCliCompletes, expectCliRefusesEarly, writeBigHistory } from './support/big-history.js';

describe('a 50 MB history through the built CLI', () => {
  let big: BigHistory;
  beforeAll(() => {
    big = writeBigHistory(50);
  });
  afterAll(() => big?.cleanup());

  it('R11 R13 R14 a 50 MB history completes with a proposal whose invariants hold', async () => {
    const { elapsedMs, charsBefore, charsAfter } = await expectCliCompletes(big);
    expect(charsAfter).toBeLessThan(charsBefore);
    recordFuzz(
      '50 MB history through the CLI',
      1,
      { completed: 1 },
      `${Math.round(big.bytes / 1e6)} MB in ${(elapsedMs / 1000).toFixed(1)} s, ${charsBefore} → ${charsAfter} chars`,
    );
  });

  it('§8 a history beyond the memory budget fails at once with exit 2 and one clear line', async () => {
    const line = await expectCliRefusesEarly(big, 128);
    expect(line).toContain('history.json');
  });
});
