/**
 * Weighted logistic regression with an L2 penalty, fitted by Newton's method. Written out
 * here rather than taken from a library: the problem is tiny (a few thousand samples, under
 * twenty features), Newton's method converges in a handful of exact steps with no learning
 * rate to choose, and the npm package for it, ml-logistic-regression 2.0.0 (read before
 * deciding), fits by fixed-step gradient descent (50,000 steps at rate 5e-4) with neither an
 * L2 penalty nor sample weights nor soft labels, all of which this fit needs; it would also
 * bring ml-matrix along for forty lines of arithmetic.
 *
 * Each sample has a soft label y in [0, 1] and separate weights for its two sides: the loss is
 *   Σ −a·y·log p − b·(1 − y)·log(1 − p) + (l2 / 2)·|w|²   (the intercept is not penalised).
 */

export interface RegressionSample {
  x: readonly number[];
  y: number;
  /** Weight of the positive side (missing a used result). */
  a: number;
  /** Weight of the negative side (keeping an unused one). */
  b: number;
}

export interface RegressionFit {
  bias: number;
  coef: number[];
  iterations: number;
}

const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-9;

/** Features in `frozen` keep weight 0 (an ablation fits without them). */
export function fitLogistic(
  samples: readonly RegressionSample[],
  l2: number,
  frozen: ReadonlySet<number> = new Set(),
): RegressionFit {
  const d = samples[0]?.x.length ?? 0;
  const free = [...Array(d).keys()].filter((j) => !frozen.has(j));
  // Parameter 0 is the intercept, then the free coefficients.
  const theta = new Array<number>(free.length + 1).fill(0);
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    const k = theta.length;
    const gradient = new Array<number>(k).fill(0);
    const hessian = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const s of samples) {
      const row = [1, ...free.map((j) => s.x[j])];
      let z = 0;
      for (let i = 0; i < k; i++) z += theta[i] * row[i];
      const p = 1 / (1 + Math.exp(-z));
      const g = -s.a * s.y * (1 - p) + s.b * (1 - s.y) * p;
      const h = (s.a * s.y + s.b * (1 - s.y)) * p * (1 - p);
      for (let i = 0; i < k; i++) {
        gradient[i] += g * row[i];
        for (let j = 0; j <= i; j++) hessian[i][j] += h * row[i] * row[j];
      }
    }
    for (let i = 1; i < k; i++) {
      gradient[i] += l2 * theta[i];
      hessian[i][i] += l2;
    }
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) hessian[i][j] = hessian[j][i];
    const step = solve(hessian, gradient);
    let size = 0;
    for (let i = 0; i < k; i++) {
      theta[i] -= step[i];
      size = Math.max(size, Math.abs(step[i]));
    }
    if (size < TOLERANCE) break;
  }
  const coef = new Array<number>(d).fill(0);
  free.forEach((j, i) => (coef[j] = theta[i + 1]));
  return { bias: theta[0], coef, iterations: iterations + 1 };
}

/** Solves H·s = g for a symmetric positive definite H (Cholesky; the L2 term keeps it definite). */
function solve(h: number[][], g: number[]): number[] {
  const n = g.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = h[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      // A tiny ridge on the diagonal for an intercept-only direction with no curvature.
      l[i][j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j][j];
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = g[i];
    for (let k = 0; k < i; k++) sum -= l[i][k] * y[k];
    y[i] = sum / l[i][i];
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}
