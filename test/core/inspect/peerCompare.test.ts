import { describe, expect, it } from 'vitest';
import type { DestroyedUse } from '../../../core/inspect/peerCompare.js';
import { differingUses } from '../../../core/inspect/peerCompare.js';

const use = (call_id: string, a: DestroyedUse['a'], action: DestroyedUse['action']): DestroyedUse => ({
  pair_id: `p-${call_id}`,
  call_id,
  tool_name: 'read',
  action,
  rule: 'older than the last 3 results',
  a,
  quoted_in: ['m9'],
  terms: ['x'],
});

describe('§9 peer comparison: the current ≠ peer filter', () => {
  it('keeps only the calls whose action differs between the current proposal and the peer', () => {
    const all = [
      use('c1', 'keep', 'drop_result'),
      use('c2', 'drop_result', 'drop_result'),
      use('c3', 'drop_result', 'drop_call'),
    ];
    expect(differingUses(all).map((d) => d.call_id)).toEqual(['c1', 'c3']);
  });

  it('keeps nothing when both sides take the same action everywhere', () => {
    expect(differingUses([use('c2', 'drop_call', 'drop_call')])).toEqual([]);
  });
});
