/** core/inspect/histogram.ts probabilityHistogram: the bins the Tune panel draws beside the threshold curve. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { probabilitiesOf } from '../../../core/inspect/actions.js';
import { probabilityHistogram } from '../../../core/inspect/histogram.js';

describe('keep_result histogram', () => {
  it('R12 ten bins over [0, 1]; 1 falls in the last bin, 0 in the first', () => {
    const bins = probabilityHistogram([0, 0.05, 0.1, 0.95, 1, 1]);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 3]);
    expect(bins[0]).toMatchObject({ from: 0, to: 0.1 });
    expect(bins[9]).toMatchObject({ from: 0.9, to: 1 });
  });

  it('R12 bins at or above a threshold on a bin edge count exactly the results kept there (p >= threshold)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 9 }),
        (ps, k) => {
          const bins = probabilityHistogram(ps);
          const threshold = bins[k].from;
          const kept = ps.filter((p) => p >= threshold).length;
          expect(bins.slice(k).reduce((sum, b) => sum + b.count, 0)).toBe(kept);
          expect(bins.reduce((sum, b) => sum + b.count, 0)).toBe(ps.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('R12 edge values just below a bin edge stay in the lower bin', () => {
    const below = 0.7 - Number.EPSILON / 2;
    expect(below < 0.7).toBe(true);
    expect(probabilityHistogram([below])[6].count).toBe(1);
    expect(probabilityHistogram([0.7])[7].count).toBe(1);
  });

  it('R12 the bundled example: one count per evaluated candidate', async () => {
    const s = paymentRetryScenario();
    const response = await compactContext(
      { messages: s.messages, goal: s.goal, eligible_tool_names: s.eligible_tool_names },
      { model: createOfflineModel() },
    );
    if (!response.success) throw new Error(response.answer.error.message);
    const probs = probabilitiesOf(response.answer.decisions);
    expect(probs.size).toBeGreaterThan(0);
    const bins = probabilityHistogram([...probs.values()].map((p) => p.keepResult));
    expect(bins.reduce((sum, b) => sum + b.count, 0)).toBe(probs.size);
  });
});
