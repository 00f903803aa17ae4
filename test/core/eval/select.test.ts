/**
 * The fit's choice of its settings (select.ts), on synthetic conversations whose labels follow
 * one feature: as fitted by default, or with both questions on one scale (`--one-scale`), where
 * each question is calibrated on the held-out logits and one shared shift is chosen for the
 * recall floor at §5's default threshold (R12: one threshold compares both).
 */
import { describe, expect, it } from 'vitest';
import { chanceOf } from '../../../core/engine/offline/calibration.js';
import { seededRandom } from '../../../core/engine/random.js';
import { MIN_RECALL, selectCostWeights } from '../../../core/eval/select.js';
import type { Sample } from '../../../core/eval/training.js';
import { syntheticSample } from './syntheticSamples.js';

function conversations(seed: number): Sample[][] {
  const random = seededRandom(seed);
  return Array.from({ length: 4 }, (_, unit) =>
    Array.from({ length: 60 }, (_, index) => {
      const signal = random();
      const recent = random();
      // Used about as often as quoted; calls needed more often than results are used.
      const used = random() < 0.1 + 0.6 * signal;
      return syntheticSample({
        unit,
        index,
        features: { quoted_recently: signal, recent },
        used,
        callNamed: random() < 0.3,
        resultChars: 2000,
        historyChars: 200_000,
      });
    }),
  );
}

describe('select', () => {
  it('as fitted by default: no calibration, the logits read as they are', () => {
    const selection = selectCostWeights(conversations(3));
    expect(selection.calibration).toBeNull();
  });

  it('R12 on one scale: monotone maps per question and one shift that holds the recall floor at t = 0.5', () => {
    const selection = selectCostWeights(conversations(3), undefined, {}, true);
    const c = selection.calibration;
    expect(c).not.toBeNull();
    expect(c!.result.slope).toBeGreaterThanOrEqual(0);
    expect(c!.call.slope).toBeGreaterThanOrEqual(0);
    expect(selection.operatingPoint.recall).toBeGreaterThanOrEqual(MIN_RECALL);
    // Recall first: the default keeps what is less likely used than not, the same chance for both questions.
    expect(chanceOf(0.5, c!.shift)).toBeLessThan(0.5);
  });
});
