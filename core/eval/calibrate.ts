/**
 * `fit --audits`: calibrating the offline model on reviewers' judgments (reviewLabels.ts).
 * A team's reviews are few — tens of pairs, not the thousands a refit of twenty weights needs —
 * so each question's logit z is recalibrated, not refitted: p = σ(a·z + b) (Platt scaling),
 * with a prior that holds the fit at a = 1, b = 0 (the weights as they are) until the labels
 * outweigh it: the loss adds (PRIOR / 2)·((a − 1)² + b²). Folding a and b into the weights
 * (w ← a·w, bias ← a·bias + b) keeps the model's form, its evidence lines and R15 as they are.
 *
 * Cross-validated by leaving one audit record out: each record's judgments are scored with a
 * calibration fitted on the other records only. A question is calibrated only when that
 * held-out log loss improves; otherwise its weights stay as they were, and the report says so.
 */
import type { PlattMap } from '../engine/offline/calibration.js';
import { calibratedLogit } from '../engine/offline/calibration.js';
import type { FeatureVector, Logit, OfflineWeights } from '../engine/offline/features.js';
import { FEATURE_NAMES } from '../engine/offline/features.js';
import { weightsId } from './fit.js';
import type { ReviewedPair } from './reviewLabels.js';

export const PRIOR = 1;
const QUESTIONS = ['result', 'call'] as const;
export type Question = (typeof QUESTIONS)[number];

export interface Calibration {
  slope: number;
  shift: number;
}

export interface Scores {
  /** Mean negative log-likelihood of the reviewers' labels. */
  logLoss: number;
  /** Share of labels the action at p = 0.5 agrees with. */
  agreement: number;
}

export interface QuestionReport {
  labels: number;
  /** Labels saying "needed" (keep_result: keep; keep_call: keep or drop_result). */
  positives: number;
  /** Held out (leave one record out), with the weights as they are and calibrated. */
  before: Scores;
  after: Scores;
  /** Fitted on every record; applied only when `applied`. */
  calibration: Calibration;
  applied: boolean;
}

export interface CalibrationReport {
  records: number;
  weights: OfflineWeights;
  questions: Record<Question, QuestionReport>;
}

const linear = (l: Logit, x: FeatureVector) => FEATURE_NAMES.reduce((z, n) => z + l.weights[n] * x[n], l.bias);
/** The logit the model turns into p: the fitted one, through the held-out calibration when there is one. */
const logit = (w: OfflineWeights, q: Question, x: FeatureVector) =>
  calibratedLogit(linear(w[q], x), w.calibration?.[q], w.calibration?.shift);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const labelOf = (p: ReviewedPair, q: Question) => (q === 'result' ? p.keepResult : p.keepCall);

/**
 * Newton's method on (a, b), halving a step until the penalised loss falls (a full step can
 * overshoot when the logits nearly separate the labels); the prior keeps the Hessian positive
 * definite. Monotone: a stays positive, so the map keeps the order of the candidates.
 */
export function fitCalibration(z: readonly number[], y: readonly number[], prior = PRIOR): Calibration {
  const loss = (a: number, b: number) =>
    z.reduce((sum, zi, i) => {
      const v = a * zi + b;
      // log(1 + e^v) − y·v, written to stay finite for large |v|.
      return sum + (v > 0 ? v + Math.log1p(Math.exp(-v)) : Math.log1p(Math.exp(v))) - y[i] * v;
    }, 0) +
    (prior / 2) * ((a - 1) ** 2 + b ** 2);
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let iteration = 0; iteration < 100; iteration++) {
    let ga = prior * (a - 1);
    let gb = prior * b;
    let haa = prior;
    let hab = 0;
    let hbb = prior;
    z.forEach((zi, i) => {
      const p = sigmoid(a * zi + b);
      const r = p - y[i];
      const w = p * (1 - p);
      ga += r * zi;
      gb += r;
      haa += w * zi * zi;
      hab += w * zi;
      hbb += w;
    });
    const det = haa * hbb - hab * hab;
    let da = (hbb * ga - hab * gb) / det;
    let db = (haa * gb - hab * ga) / det;
    let next = loss(a - da, b - db);
    for (let halving = 0; halving < 30 && !(next <= current && a - da > 0); halving++) {
      da /= 2;
      db /= 2;
      next = loss(a - da, b - db);
    }
    if (!(next <= current && a - da > 0)) break;
    a -= da;
    b -= db;
    current = next;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) break;
  }
  return { slope: a, shift: b };
}

function scores(z: readonly number[], y: readonly number[], c: Calibration): Scores {
  let loss = 0;
  let agree = 0;
  z.forEach((zi, i) => {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(c.slope * zi + c.shift)));
    loss -= y[i] === 1 ? Math.log(p) : Math.log(1 - p);
    if (p >= 0.5 === (y[i] === 1)) agree++;
  });
  const n = Math.max(1, z.length);
  return { logLoss: loss / n, agreement: agree / n };
}

const IDENTITY: Calibration = { slope: 1, shift: 0 };

function calibrateQuestion(pairs: readonly ReviewedPair[], weights: OfflineWeights, q: Question): QuestionReport {
  const z = pairs.map((p) => logit(weights, q, p.features));
  const y = pairs.map((p) => labelOf(p, q));
  const records = [...new Set(pairs.map((p) => p.record))];
  const heldZ: number[] = [];
  const heldY: number[] = [];
  const heldCalibrated: number[] = [];
  for (const record of records) {
    const train = pairs.map((p, i) => i).filter((i) => pairs[i].record !== record);
    const c = fitCalibration(
      train.map((i) => z[i]),
      train.map((i) => y[i]),
    );
    pairs.forEach((p, i) => {
      if (p.record !== record) return;
      heldZ.push(z[i]);
      heldY.push(y[i]);
      heldCalibrated.push(c.slope * z[i] + c.shift);
    });
  }
  const before = scores(heldZ, heldY, IDENTITY);
  const after = scores(heldCalibrated, heldY, IDENTITY);
  return {
    labels: pairs.length,
    positives: y.filter((v) => v === 1).length,
    before,
    after,
    calibration: fitCalibration(z, y),
    applied: after.logLoss < before.logLoss,
  };
}

/** Calibrates each question on the reviewed pairs of at least two records, cross-validated. */
export function calibrateOnReviews(pairs: readonly ReviewedPair[], weights: OfflineWeights): CalibrationReport {
  const records = new Set(pairs.map((p) => p.record)).size;
  if (records < 2) throw new Error(`calibration needs judged pairs from at least two audit records; found ${records}`);
  const questions = {
    result: calibrateQuestion(pairs, weights, 'result'),
    call: calibrateQuestion(pairs, weights, 'call'),
  };
  const fold = (l: Logit, r: QuestionReport): Logit => {
    if (!r.applied) return l;
    const { slope, shift } = r.calibration;
    const scaled = Object.fromEntries(FEATURE_NAMES.map((n) => [n, round(slope * l.weights[n])])) as FeatureVector;
    return { bias: round(slope * l.bias + shift), weights: scaled };
  };
  // With a calibration the reviewers' map composes with it (a·(m(z) + shift) + b), the weights as fitted.
  const refold = (m: PlattMap, r: QuestionReport, shift: number): PlattMap => {
    if (!r.applied) return m;
    const { slope, shift: b } = r.calibration;
    return { slope: round(slope * m.slope), intercept: round(slope * (m.intercept + shift) + b - shift) };
  };
  const base = weights.calibration;
  const result = base ? weights.result : fold(weights.result, questions.result);
  const call = base ? weights.call : fold(weights.call, questions.call);
  const calibration = base && {
    result: refold(base.result, questions.result, base.shift),
    call: refold(base.call, questions.call, base.shift),
    shift: base.shift,
  };
  const note = QUESTIONS.filter((q) => questions[q].applied)
    .map(
      (q) => `keep_${q} a ${questions[q].calibration.slope.toFixed(3)}, b ${questions[q].calibration.shift.toFixed(3)}`,
    )
    .join(', ');
  const changed = note !== '';
  return {
    records,
    questions,
    weights: changed
      ? {
          ...weights,
          id: weightsId(result, call, calibration),
          fitted: {
            ...weights.fitted,
            method: `${weights.fitted.method}; calibrated on ${pairs.length} reviewer judgments from ${records} audit records (${note})`,
          },
          result,
          call,
          ...(calibration ? { calibration } : {}),
        }
      : weights,
  };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
