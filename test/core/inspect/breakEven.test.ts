import { describe, expect, it } from 'vitest';
import { breakEvenChart, cacheCost, cumulativeCost, tokenizerNote } from '../../../core/inspect/cache.js';

const OPUS = { input: 5, cacheWrite: 6.25, cacheRead: 0.5 };

describe('§9 the break-even picture and the tokenizer it counts with', () => {
  it('draws the two cumulative costs meeting at the break-even request', () => {
    const cost = cacheCost({ before: 200_000, after: 40_000, unchangedPrefix: 10_000 }, OPUS);
    expect(cost.breakEvenRequests).not.toBeNull();
    const chart = breakEvenChart(cost);
    expect(chart.paidAt).toBe(cost.breakEvenRequests! + 1);
    // Before the request it pays at, the compaction has cost more; from it on, no more.
    const before = cumulativeCost(cost, chart.paidAt! - 1);
    const at = cumulativeCost(cost, chart.paidAt!);
    expect(before.with).toBeGreaterThan(before.without);
    expect(at.with).toBeLessThanOrEqual(at.without + 1e-12);
    expect(chart.requests).toBeGreaterThan(chart.paidAt!);
    expect(chart.with.first).toBeCloseTo(cost.nextWith, 12);
    expect(chart.without.first).toBeCloseTo(cost.nextWithout, 12);
  });

  it('has no meeting point when later requests save nothing, and starts paid when the next one is no dearer', () => {
    const never = breakEvenChart(cacheCost({ before: 1000, after: 1000, unchangedPrefix: 500 }, OPUS));
    expect(never.paidAt).toBeNull();
    expect(never.requests).toBe(10);
    const atOnce = breakEvenChart(cacheCost({ before: 1000, after: 500, unchangedPrefix: 500 }, OPUS));
    expect(atOnce.paidAt).toBe(1);
  });

  it('names the counting tokenizer and says when it is not the priced model’s own', () => {
    expect(tokenizerNote('gpt-5.5')).toMatchObject({ fits: true, tokenizer: expect.stringContaining('o200k_base') });
    const claude = tokenizerNote('claude-opus-5');
    expect(claude.fits).toBe(false);
    expect(claude.note).toMatch(/Anthropic's own tokenizer, which is not published/);
    expect(tokenizerNote(null).fits).toBe(false);
  });
});
