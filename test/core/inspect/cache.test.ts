/** §9 what a compaction costs in the prompt cache: the next request, the saving after, break-even. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheCost, PRICE_PRESETS, PriceTableSchema } from '../../../core/inspect/cache.js';

const anthropicLike = { input: 3, cacheWrite: 3.75, cacheRead: 0.3 };

describe('§9 cache cost of a compaction', () => {
  it('§9 worked example: 100k → 40k tokens with a 10k unchanged prefix at 3 / 3.75 / 0.30 per million', () => {
    const cost = cacheCost({ before: 100_000, after: 40_000, unchangedPrefix: 10_000 }, anthropicLike);
    // Without: 100k read at $0.30/M = $0.03. With: 10k read ($0.003) + 30k written ($0.1125).
    expect(cost.nextWithout).toBeCloseTo(0.03, 12);
    expect(cost.nextWith).toBeCloseTo(0.1155, 12);
    expect(cost.extra).toBeCloseTo(0.0855, 12);
    // Each later request reads 60k fewer tokens: $0.018. 0.0855 / 0.018 = 4.75 → the 5th pays.
    expect(cost.savingPerRequest).toBeCloseTo(0.018, 12);
    expect(cost.breakEvenRequests).toBe(5);
    expect(cost.uncachedWithout).toBeCloseTo(0.3, 12);
    expect(cost.uncachedWith).toBeCloseTo(0.12, 12);
  });

  it('§9 an exact ratio breaks even on that request, not one later (float rounding of 0.3 × n)', () => {
    const prices = { input: 1, cacheWrite: 0.3, cacheRead: 0.1 };
    // Next request: 3k written at 0.3 (900) instead of 6k read at 0.1 (600): 300 extra. Each later
    // request reads 3k fewer at 0.1: 300 saved. Exactly one request; in floats the ratio is 1.0000000000000002.
    const cost = cacheCost({ before: 6000, after: 3000, unchangedPrefix: 0 }, prices);
    expect(cost.extra / cost.savingPerRequest).toBeGreaterThan(1);
    expect(cost.breakEvenRequests).toBe(1);
  });

  it('§9 a compaction that changes nothing costs nothing and never needs to pay back', () => {
    const cost = cacheCost({ before: 5000, after: 5000, unchangedPrefix: 5000 }, anthropicLike);
    expect(cost.extra).toBe(0);
    expect(cost.savingPerRequest).toBe(0);
    expect(cost.breakEvenRequests).toBe(0);
  });

  it('§9 with no write surcharge and a cheap enough rewrite the next request is already cheaper (0)', () => {
    // OpenAI-like: a write costs the input price. Rewriting 1k of a 100k history at $5 costs less
    // than reading the 99k it removed at $0.50.
    const cost = cacheCost(
      { before: 100_000, after: 1_000, unchangedPrefix: 0 },
      { input: 5, cacheWrite: 5, cacheRead: 0.5 },
    );
    expect(cost.extra).toBeLessThan(0);
    expect(cost.breakEvenRequests).toBe(0);
  });

  it('§9 a change that costs a rewrite but saves nothing later never pays (null)', () => {
    const cost = cacheCost({ before: 1000, after: 1000, unchangedPrefix: 200 }, anthropicLike);
    expect(cost.extra).toBeGreaterThan(0);
    expect(cost.breakEvenRequests).toBeNull();
  });

  it('§9 impossible token figures are refused with the reason', () => {
    expect(() => cacheCost({ before: 100, after: 50, unchangedPrefix: 60 }, anthropicLike)).toThrow(/cannot exceed/);
    expect(() => cacheCost({ before: -1, after: 0, unchangedPrefix: 0 }, anthropicLike)).toThrow(/before/);
    expect(() => cacheCost({ before: Number.NaN, after: 0, unchangedPrefix: 0 }, anthropicLike)).toThrow(/before/);
  });

  it('§9 break-even is the first request count whose savings cover the extra cost, never an earlier one', () => {
    const tokens = fc
      .tuple(fc.nat({ max: 2_000_000 }), fc.nat({ max: 2_000_000 }), fc.nat({ max: 2_000_000 }))
      .map(([a, b, c]) => {
        const [unchangedPrefix, after, before] = [a, b, c].sort((x, y) => x - y);
        return { before, after, unchangedPrefix };
      });
    const prices = fc.record({
      input: fc.double({ min: 0, max: 100, noNaN: true }),
      cacheWrite: fc.double({ min: 0, max: 100, noNaN: true }),
      cacheRead: fc.double({ min: 0.001, max: 100, noNaN: true }),
    });
    fc.assert(
      fc.property(tokens, prices, (t, p) => {
        const cost = cacheCost(t, p);
        const n = cost.breakEvenRequests;
        const slack = 1e-9 * Math.max(1, Math.abs(cost.extra));
        if (n === null) {
          expect(cost.savingPerRequest).toBeLessThanOrEqual(0);
          return;
        }
        expect(cost.extra - n * cost.savingPerRequest).toBeLessThanOrEqual(slack);
        if (n > 0) expect(cost.extra - (n - 1) * cost.savingPerRequest).toBeGreaterThan(-slack);
      }),
      { seed: 9, numRuns: 2000 },
    );
  });

  it('§9 every preset is a valid price table with a read price below its input price', () => {
    expect(new Set(PRICE_PRESETS.map((p) => p.id)).size).toBe(PRICE_PRESETS.length);
    for (const preset of PRICE_PRESETS) {
      expect(PriceTableSchema.parse(preset.prices)).toEqual(preset.prices);
      expect(preset.prices.cacheRead).toBeLessThan(preset.prices.input);
      expect(preset.prices.cacheWrite).toBeGreaterThanOrEqual(preset.prices.input);
    }
    expect(PriceTableSchema.safeParse({ input: -1, cacheWrite: 1, cacheRead: 1 }).success).toBe(false);
    expect(PriceTableSchema.safeParse({ input: 1, cacheWrite: 1, cacheRead: Infinity }).success).toBe(false);
  });
});
