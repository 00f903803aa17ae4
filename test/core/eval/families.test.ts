/**
 * The model families `npm run fit -- --compare` weighs against the shipped linear model
 * (families.ts), on synthetic held-out units whose labels follow one feature in steps: every
 * family is scored only on units it was not fitted on (§7 the offline model, measured held out).
 */
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../../core/engine/offline/features.js';
import { seededRandom } from '../../../core/engine/random.js';
import type { Family } from '../../../core/eval/families.js';
import { compareFamilies, FAMILIES, fitStumps } from '../../../core/eval/families.js';
import { regressionSet } from '../../../core/eval/fit.js';
import type { Sample } from '../../../core/eval/training.js';
import { syntheticSample } from './syntheticSamples.js';

/** Units of samples used when `recent` passes 0.5 (a step a straight line only approximates). */
function units(seed: number, count = 4): Sample[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, unit) =>
    Array.from({ length: 80 }, (_, index) => {
      const noise = FEATURE_NAMES.map(() => random() * 0.1);
      const recent = random();
      const used = random() < (recent > 0.5 ? 0.8 : 0.05);
      let n = 0;
      return syntheticSample({
        unit,
        index,
        rest: () => noise[n++],
        features: { recent },
        used,
        callNamed: false,
        resultChars: 3000,
        historyChars: 100_000,
      });
    }),
  );
}

/** A family that ignores every feature: what no signal at all reaches. */
const constant: Family = { name: 'constant', terms: () => 0, fit: () => () => 0 };

describe('model families', () => {
  it('§7 every family is measured held out; one that reads the signal beats one that ignores it at the same recall', () => {
    const data = units(7);
    const scores = compareFamilies(data, data, () => 'openai-chat', [...FAMILIES, constant]);
    expect(scores.map((s) => s.name)).toEqual([...FAMILIES.map((f) => f.name), 'constant']);
    const linear = scores[0];
    const none = scores[scores.length - 1];
    expect(linear.reduction[0.8]).toBeGreaterThan(none.reduction[0.8] + 0.1);
    for (const score of scores) expect(score.logLoss).toBeGreaterThan(0);
  });

  it('§7 boosted stumps learn a step where the labels change, as one contribution of that feature', () => {
    const model = fitStumps(regressionSet(units(3, 2).flat(), 'result'));
    const recent = FEATURE_NAMES.indexOf('recent');
    const used = model.stumps.filter((s) => s.feature === recent);
    // The first split is the step itself; later rounds also fit the other features' noise.
    expect(model.stumps[0].feature).toBe(recent);
    // Above the step the stumps push toward keep, below it toward drop.
    const at = (x: number) => used.reduce((z, s) => z + (x < s.at ? s.below : s.above), 0);
    expect(at(0.9)).toBeGreaterThan(at(0.1) + 1);
  });
});
