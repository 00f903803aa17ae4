/**
 * The 200 MB history (too slow and too big for `npm test`): through the
 * built CLI it completes within the default heap, and with a heap too small it fails at once
 * with one line instead of V8's out-of-memory abort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BigHistory } from '../reliability/support/big-history.js';
import { expectCliCompletes, expectCliRefusesEarly, writeBigHistory } from '../reliability/support/big-history.js';
import { recordFuzz } from '../reliability/support/record.js';

describe('a 200 MB history through the built CLI', () => {
  let big: BigHistory;
  beforeAll(() => {
    big = writeBigHistory(200);
  });
  afterAll(() => big?.cleanup());

  it('R11 R13 R14 a 200 MB history completes with a proposal whose invariants hold', async () => {
    const { elapsedMs, charsBefore, charsAfter } = await expectCliCompletes(big);
    expect(charsAfter).toBeLessThan(charsBefore);
    recordFuzz(
      '200 MB history through the CLI',
      1,
      { completed: 1 },
      `${Math.round(big.bytes / 1e6)} MB in ${(elapsedMs / 1000).toFixed(1)} s`,
    );
  });

  it('§8 with a 700 MB heap the 200 MB history is refused at once with one clear line', async () => {
    await expectCliRefusesEarly(big, 700);
  });
});
