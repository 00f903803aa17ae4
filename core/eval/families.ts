/**
 * Model families the offline model's keep_result question could use, compared on the same
 * labelled samples with whole repositories held out (`npm run fit -- --compare`): a richer
 * model is worth its cost only if, held out, it compacts more at the same recall.
 *
 * Every family is fitted on the same cost-sensitive problem as the shipped one (fit.ts
 * `regressionSet`: soft targets, missing a used result against keeping an unused one's
 * characters) and stays explainable as evidence lines, one contribution per term:
 * - linear: today's model, one weight per feature;
 * - interactions: the linear terms plus products of the strongest features' pairs ("a with b");
 * - boosted stumps: an additive model, each feature's contribution a step function learnt by
 *   gradient boosting (Newton steps) — still one contribution per feature, but not a straight line;
 * - per-format intercept: the linear terms plus one bias per native format seen in training
 *   (a format no training repository wrote gets none).
 *
 * Compared threshold-free: the held-out samples ranked by each family's logit, the most
 * estimated reduction (select.ts `estimatedSaving`, results truncated) whose recall under both
 * labels holds each floor. The same ranking rule for every family, so the comparison is fair.
 */
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { fitQuestion, L2_PENALTY, regressionSet } from './fit.js';
import type { RegressionSample } from './regression.js';
import { fitLogistic } from './regression.js';
import { estimatedSaving, hasBothClasses } from './select.js';
import { LABELS } from './labels.js';
import type { Sample } from './training.js';

/** A fitted family: a held-out sample's keep_result logit. */
export type Scorer = (sample: Sample) => number;

export interface Family {
  name: string;
  /** How many terms an evidence list would name at most (one line each). */
  terms: (features: number) => number;
  fit(train: readonly Sample[], formatOf: (source: string) => string): Scorer;
}

const row = (s: Sample) => FEATURE_NAMES.map((name) => s.features[name]);
const dot = (w: readonly number[], x: readonly number[], bias: number) => x.reduce((z, v, j) => z + w[j] * v, bias);

const linear: Family = {
  name: 'linear (shipped)',
  terms: (d) => d,
  fit(train) {
    const logit = fitQuestion(train, 'result');
    const w = FEATURE_NAMES.map((name) => logit.weights[name]);
    return (s) => dot(w, row(s), logit.bias);
  },
};

/** Pairs among this many of the strongest linear features: 15 products, a handful of evidence lines more. */
const INTERACTING = 6;

const interactions: Family = {
  name: `interactions (pairs of the ${INTERACTING} strongest)`,
  terms: (d) => d + (INTERACTING * (INTERACTING - 1)) / 2,
  fit(train) {
    const base = fitQuestion(train, 'result');
    const strongest = FEATURE_NAMES.map((name, j) => ({ j, w: Math.abs(base.weights[name]) }))
      .sort((a, b) => b.w - a.w)
      .slice(0, INTERACTING)
      .map((f) => f.j);
    const pairs = strongest.flatMap((a, i) => strongest.slice(i + 1).map((b) => [a, b] as const));
    const expand = (x: readonly number[]) => [...x, ...pairs.map(([a, b]) => x[a] * x[b])];
    const set = regressionSet(train, 'result').map((r) => ({ ...r, x: expand(r.x) }));
    const fit = fitLogistic(set, L2_PENALTY);
    return (s) => dot(fit.coef, expand(row(s)), fit.bias);
  },
};

const perFormat: Family = {
  name: 'per-format intercept',
  terms: (d) => d + 1,
  fit(train, formatOf) {
    const formats = [...new Set(train.map((s) => formatOf(s.source)))].sort();
    const expand = (x: readonly number[], format: string) => [...x, ...formats.map((f) => (f === format ? 1 : 0))];
    const set = regressionSet(train, 'result').map((r, i) => ({ ...r, x: expand(r.x, formatOf(train[i].source)) }));
    const fit = fitLogistic(set, L2_PENALTY);
    return (s) => dot(fit.coef, expand(row(s), formatOf(s.source)), fit.bias);
  },
};

/** Boosting settings: small steps, a cap on rounds, splits at deciles of each feature. */
const ROUNDS = 200;
const SHRINKAGE = 0.1;
const SPLITS = 9;
/** A leaf's Newton step is regularised like the linear fit's L2 term. */
const LEAF_L2 = L2_PENALTY;

interface Stump {
  feature: number;
  at: number;
  below: number;
  above: number;
}

/** Each feature's candidate split points: the distinct deciles of its training values. */
function splitPoints(set: readonly RegressionSample[], j: number): number[] {
  const values = set.map((r) => r.x[j]).sort((a, b) => a - b);
  const points = new Set<number>();
  for (let k = 1; k <= SPLITS; k++) points.add(values[Math.floor((k * values.length) / (SPLITS + 1))]);
  return [...points].filter((v) => v > values[0]);
}

/** Gradient boosting of the cost-sensitive log loss with depth-one trees (stumps), Newton leaves. */
export function fitStumps(set: readonly RegressionSample[]): { bias: number; stumps: Stump[] } {
  const positive = set.reduce((n, r) => n + r.a * r.y, 0);
  const negative = set.reduce((n, r) => n + r.b * (1 - r.y), 0);
  const bias = Math.log(Math.max(positive, 1e-9) / Math.max(negative, 1e-9));
  const z = set.map(() => bias);
  const points = FEATURE_NAMES.map((_, j) => splitPoints(set, j));
  const stumps: Stump[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const g = new Array<number>(set.length);
    const h = new Array<number>(set.length);
    set.forEach((r, i) => {
      const p = 1 / (1 + Math.exp(-z[i]));
      g[i] = -r.a * r.y * (1 - p) + r.b * (1 - r.y) * p;
      h[i] = (r.a * r.y + r.b * (1 - r.y)) * p * (1 - p);
    });
    const G = g.reduce((a, b) => a + b, 0);
    const H = h.reduce((a, b) => a + b, 0);
    let best: (Stump & { gain: number }) | null = null;
    for (let j = 0; j < FEATURE_NAMES.length; j++)
      for (const at of points[j]) {
        let gl = 0;
        let hl = 0;
        set.forEach((r, i) => {
          if (r.x[j] < at) {
            gl += g[i];
            hl += h[i];
          }
        });
        const gr = G - gl;
        const hr = H - hl;
        const gain = (gl * gl) / (hl + LEAF_L2) + (gr * gr) / (hr + LEAF_L2) - (G * G) / (H + LEAF_L2);
        if (best === null || gain > best.gain)
          best = {
            feature: j,
            at,
            below: (-SHRINKAGE * gl) / (hl + LEAF_L2),
            above: (-SHRINKAGE * gr) / (hr + LEAF_L2),
            gain,
          };
      }
    if (best === null || best.gain < 1e-9) break;
    const { gain: _gain, ...stump } = best;
    stumps.push(stump);
    set.forEach((r, i) => (z[i] += r.x[stump.feature] < stump.at ? stump.below : stump.above));
  }
  return { bias, stumps };
}

const stumps: Family = {
  name: `boosted stumps (${ROUNDS} rounds, additive)`,
  terms: (d) => d,
  fit(train) {
    const model = fitStumps(regressionSet(train, 'result'));
    return (s) => {
      const x = row(s);
      return model.stumps.reduce((z, t) => z + (x[t.feature] < t.at ? t.below : t.above), model.bias);
    };
  },
};

export const FAMILIES: readonly Family[] = [linear, interactions, stumps, perFormat];

/** The recall floors the comparison reports reduction at (select.ts holds the default to the first). */
export const FLOORS = [0.8, 0.9] as const;

export interface FamilyScore {
  name: string;
  terms: number;
  /** Per floor, the most estimated reduction whose recall (the lower of both labels) holds it. */
  reduction: Record<(typeof FLOORS)[number], number>;
  /** Held-out log loss of the later-use label (lower is better calibrated and sharper). */
  logLoss: number;
}

/**
 * Every family, fitted on each fold's training units and scored on its held-out ones: `units[i]`
 * are unit i's fitting samples, `scored[i]` the ones it is measured on (eval's cuts).
 */
export function compareFamilies(
  units: readonly Sample[][],
  scored: readonly Sample[][],
  formatOf: (source: string) => string,
  families: readonly Family[] = FAMILIES,
): FamilyScore[] {
  return families.map((family) => {
    const held: Array<{ sample: Sample; z: number }> = [];
    units.forEach((_, i) => {
      const train = units.filter((_, j) => j !== i).flat();
      if (!hasBothClasses(train) || scored[i].length === 0) return;
      const score = family.fit(train, formatOf);
      for (const sample of scored[i]) held.push({ sample, z: score(sample) });
    });
    return {
      name: family.name,
      terms: family.terms(FEATURE_NAMES.length),
      reduction: Object.fromEntries(FLOORS.map((f) => [f, reductionAt(held, f)])) as FamilyScore['reduction'],
      logLoss: logLoss(held),
    };
  });
}

/** Keeping the highest-ranked results until each label's recall holds `floor`: the reduction left. */
function reductionAt(held: ReadonlyArray<{ sample: Sample; z: number }>, floor: number): number {
  const ranked = [...held].sort((a, b) => b.z - a.z);
  const history = new Map<string, number>();
  for (const { sample } of held) history.set(`${sample.source}\u0000${sample.cut}`, sample.historyChars);
  const total = [...history.values()].reduce((a, b) => a + b, 0);
  const used = LABELS.map((label) => held.filter((h) => h.sample.used[label]).length);
  const kept = LABELS.map(() => 0);
  let saved = ranked.reduce((n, h) => n + estimatedSaving(h.sample, true), 0);
  for (const { sample } of ranked) {
    if (LABELS.every((_, l) => used[l] === 0 || kept[l] / used[l] >= floor)) break;
    saved -= estimatedSaving(sample, true);
    LABELS.forEach((label, l) => (kept[l] += sample.used[label] ? 1 : 0));
  }
  return total === 0 ? 0 : saved / total;
}

function logLoss(held: ReadonlyArray<{ sample: Sample; z: number }>): number {
  const loss = held.reduce((sum, { sample, z }) => {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, 1 / (1 + Math.exp(-z))));
    return sum - (sample.used['later-use'] ? Math.log(p) : Math.log(1 - p));
  }, 0);
  return held.length === 0 ? 0 : loss / held.length;
}
