/**
 * The largest file the page opens (renderer/store/openLimit.ts, SPEC §9 sources): derived from the
 * page's heap and the machine's memory, lowered (never raised) by the address setting, which takes
 * a whole number of MB; a file over it is refused with its size, the limit and the command line.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEAP_LIMIT_BYTES,
  openLimitOf,
  overOpenLimit,
  PAGE_HEAP_PER_FILE_BYTE,
} from '../../../renderer/store/openLimit.js';

const GiB = 1024 ** 3;

describe('open limit', () => {
  it('§9 the limit is the heap limit over the page heap a file needs, or half the machine when that is less', () => {
    expect(openLimitOf({ jsHeapSizeLimit: 4 * GiB }).bytes).toBe(Math.floor((4 * GiB) / PAGE_HEAP_PER_FILE_BYTE));
    expect(openLimitOf({ jsHeapSizeLimit: 4 * GiB, deviceMemoryGb: 2 }).bytes).toBe(
      Math.floor(1e9 / PAGE_HEAP_PER_FILE_BYTE),
    );
    expect(openLimitOf({})).toMatchObject({
      bytes: Math.floor(DEFAULT_HEAP_LIMIT_BYTES / PAGE_HEAP_PER_FILE_BYTE),
      basis: expect.stringContaining('assumed'),
    });
  });

  it('§9 the address setting lowers the limit and never raises it', () => {
    const memory = { jsHeapSizeLimit: 4 * GiB };
    expect(openLimitOf(memory, '?token=t&open-limit-mb=5')).toEqual({
      bytes: 5e6,
      basis: 'set by open-limit-mb=5 in the address',
    });
    expect(openLimitOf(memory, '?open-limit-mb=100000')).toEqual(openLimitOf(memory));
  });

  it('§9 a setting that is not a whole number of MB is ignored, and says so', () => {
    for (const raw of ['0', '-3', '2.5', 'lots', ''])
      expect(openLimitOf({}, `?open-limit-mb=${raw}`)).toEqual({
        ...openLimitOf({}),
        error: `open-limit-mb=${raw} is ignored: it takes a whole number of MB, at least 1`,
      });
  });

  it('§9 a file over the limit is refused naming its size, the limit and the command line; one at it opens', () => {
    const limit = { bytes: 1e6, basis: 'set by open-limit-mb=1 in the address' };
    expect(overOpenLimit(1e6, limit)).toBeNull();
    const refusal = overOpenLimit(2_500_000, limit);
    expect(refusal).toContain('2.5 MB is more than this page can open, 1.0 MB (set by open-limit-mb=1 in the address)');
    expect(refusal).toContain("compaction-inspector compact_context goal='…' messages=@FILE --out OUT (docs/cli.md)");
  });
});
