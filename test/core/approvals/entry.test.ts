/** The approval queue's contract (core/approvals/entry.ts): the auto-apply rule and the lifecycle notifications. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactionUpdate, CompactionUpdateSchema, summaryOf, undecidedCount } from '../../../core/approvals/entry.js';
import { parseArgs } from '../../../core/ipc/contract.js';
import { sampleEntry } from '../../support/approvalEntry.js';

describe('the auto-apply rule', () => {
  it('§9 a call whose probabilities lie closer to the threshold than the margin is one a person decides', () => {
    expect(undecidedCount([{ keepCall: 0.1, keepResult: 0.9 }], 0.5, 0.3)).toBe(0);
    expect(undecidedCount([{ keepCall: 0.1, keepResult: 0.75 }], 0.5, 0.3)).toBe(1);
    expect(undecidedCount([{ keepCall: 0.45, keepResult: 0.9 }], 0.5, 0.3)).toBe(1);
  });

  it('§9 a wider margin never lets more calls through by themselves', () => {
    const probability = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.record({ keepCall: probability, keepResult: probability })),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (probabilities, threshold, a, b) => {
          const [narrow, wide] = a <= b ? [a, b] : [b, a];
          expect(undecidedCount(probabilities, threshold, wide)).toBeGreaterThanOrEqual(
            undecidedCount(probabilities, threshold, narrow),
          );
        },
      ),
    );
  });
});

describe('the queue as hosts list it and tell it', () => {
  it('§9 a summary counts the calls the model decided, not the guarded ones', () => {
    const summary = summaryOf(sampleEntry(), null);
    expect(summary).toMatchObject({ state: 'pending', calls_to_decide: 1, chars_before: 1000, chars_after: 600 });
  });

  it('§9 the lifecycle is an ACP session/update notification with a compaction_update', () => {
    const update = compactionUpdate(sampleEntry(), 'applied', '2026-12-05T10:01:00.000Z', 'new-session');
    expect(CompactionUpdateSchema.parse(update).params.update).toMatchObject({
      sessionUpdate: 'compaction_update',
      status: 'applied',
      resumeSessionId: 'new-session',
    });
    expect(update.params.sessionId).toBe(sampleEntry().session_id);
  });

  it('§9 an approval names its reviewer; an id that could be a path is refused', () => {
    const approve = { id: 'mx0abc12-1a2b3c4d', verdict: 'approve', threshold: 0.5 };
    expect(parseArgs('approvals.decide', approve).ok).toBe(false);
    expect(parseArgs('approvals.decide', { ...approve, reviewer: 'Ada' }).ok).toBe(true);
    expect(parseArgs('approvals.open', { id: '../../etc' }).ok).toBe(false);
    expect(parseArgs('approvals.decide', { id: 'mx0abc12-1a2b3c4d', verdict: 'reject', reviewer: null }).ok).toBe(true);
  });
});
