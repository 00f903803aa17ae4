/**
 * The fitting arithmetic (core/eval/regression.ts): Newton's method recovers the weights that
 * generated the data, sample weights shift the intercept as the odds they encode, frozen
 * features stay at zero, and the penalty shrinks the weights.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../core/engine/random.js';
import type { RegressionSample } from '../../../core/eval/regression.js';
import { fitLogistic } from '../../../core/eval/regression.js';

/** Labels drawn from p = logistic(bias + coef·x), as expected values (soft labels) for a noise-free check. */
function synthetic(bias: number, coef: number[], n: number, seed: number): RegressionSample[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const x = coef.map(() => random() * 2 - 1);
    const z = x.reduce((s, v, j) => s + v * coef[j], bias);
    return { x, y: 1 / (1 + Math.exp(-z)), a: 1, b: 1 };
  });
}

describe('weighted logistic regression', () => {
  it('recovers the generating weights from soft labels', () => {
    const fit = fitLogistic(synthetic(-0.7, [2, -1.5, 0.5], 4000, 3), 1e-6);
    expect(fit.bias).toBeCloseTo(-0.7, 3);
    expect(fit.coef[0]).toBeCloseTo(2, 3);
    expect(fit.coef[1]).toBeCloseTo(-1.5, 3);
    expect(fit.coef[2]).toBeCloseTo(0.5, 3);
    expect(fit.iterations).toBeLessThan(20);
  });

  it('weighting the negative side by k lowers the intercept by ln k', () => {
    const data = synthetic(0.3, [1], 2000, 5);
    const plain = fitLogistic(data, 1e-6);
    const weighted = fitLogistic(
      data.map((s) => ({ ...s, b: 4 })),
      1e-6,
    );
    expect(weighted.bias - plain.bias).toBeCloseTo(-Math.log(4), 3);
    expect(weighted.coef[0]).toBeCloseTo(plain.coef[0], 3);
  });

  it('keeps frozen features at weight 0 and fits the others without them', () => {
    const data = synthetic(0, [1.2, 0.8], 2000, 9);
    const fit = fitLogistic(data, 1e-6, new Set([1]));
    expect(fit.coef[1]).toBe(0);
    expect(fit.coef[0]).toBeGreaterThan(1);
  });

  it('the L2 penalty shrinks the weights towards zero, never the intercept alone', () => {
    const data = synthetic(1, [3], 500, 11);
    const loose = fitLogistic(data, 1e-6);
    const tight = fitLogistic(data, 100);
    expect(Math.abs(tight.coef[0])).toBeLessThan(Math.abs(loose.coef[0]));
  });
});
