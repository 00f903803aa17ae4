/**
 * core/inspect/contextStrip.ts: the whole history as one bar per message. The bars cover the
 * history's characters exactly (§6 chars_before is their sum plus the array's brackets and
 * commas), each coloured by what the proposal does to its message (R13, R14) or by its
 * protection (R4), and a position on the strip finds the message drawn there.
 */
import { describe, expect, it } from 'vitest';
import { auditModel } from '../../../core/inspect/review.js';
import { barAt, contextStrip } from '../../../core/inspect/contextStrip.js';
import { paymentRun, reviewedAt } from './paymentRun.js';

describe('context strip', () => {
  it('R13 R14 R4 one bar per message, sized by its characters, coloured by what the proposal does', async () => {
    const r = await paymentRun();
    const audit = auditModel(r.messages, r.analysis, { ...reviewedAt(r, 0.9), sizes: r.sizes });
    const strip = contextStrip(audit.rows, r.sizes.lengths, 3);
    expect(strip.bars).toHaveLength(r.messages.length);
    expect(strip.total).toBe(r.sizes.lengths.reduce((a, b) => a + b, 0));
    expect(Object.values(strip.chars).reduce((a, b) => a + b, 0)).toBe(strip.total);
    for (const [i, bar] of strip.bars.entries()) {
      const row = audit.rows[i];
      expect(bar.chars).toBe(r.sizes.lengths[i]);
      expect(bar.kind).toBe(
        row.status === 'removed'
          ? 'dropped'
          : row.status === 'changed'
            ? 'shortened'
            : row.protected
              ? 'protected'
              : 'kept',
      );
    }
    expect(strip.bars.some((b) => b.kind === 'shortened')).toBe(true);
    expect(strip.bars[0].kind).toBe('protected');
    expect(strip.cacheBreak?.index).toBe(3);
    expect(contextStrip(audit.rows, r.sizes.lengths, null).cacheBreak).toBeNull();
  });

  it('a position on the strip finds the message drawn there', async () => {
    const r = await paymentRun();
    const strip = contextStrip(auditModel(r.messages, r.analysis, null).rows, r.sizes.lengths, null);
    for (const bar of strip.bars) {
      if (bar.chars === 0) continue;
      expect(barAt(strip, bar.start + bar.chars / strip.total / 2)?.index).toBe(bar.index);
    }
    expect(barAt(strip, -0.1)).toBeNull();
    expect(barAt(strip, 1.1)).toBeNull();
  });
});
