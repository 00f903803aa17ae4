/**
 * `fit --audits`: reviewers' overrides and pair comments in exported audit records as labels
 * of the two R8 questions, and the offline model calibrated on them, cross-validated by leaving
 * one record out. The records are real exports of the bundled payment-retry history (the
 * inspector's own export path, test/support/exports.ts).
 */
import { describe, expect, it } from 'vitest';
import { calibratedLogit } from '../../../core/engine/offline/calibration.js';
import { FEATURE_NAMES } from '../../../core/engine/offline/features.js';
import { FITTED_WEIGHTS } from '../../../core/engine/offline/weights.js';
import { paymentRetryScenario } from '../../../core/examples/index.js';
import { calibrateOnReviews, fitCalibration } from '../../../core/eval/calibrate.js';
import { reviewedPairs } from '../../../core/eval/reviewLabels.js';
import { seededRandom } from '../../../core/engine/random.js';
import { makeExport } from '../../support/exports.js';

const scenario = paymentRetryScenario();
const text = JSON.stringify(scenario.messages);
const pairIdOf = async (callId: string) => {
  const made = await makeExport({
    text,
    fileName: 'history.json',
    goal: scenario.goal,
    eligible: scenario.eligible_tool_names,
  });
  return made.record.decisions.find((d) => d.call_id === callId)?.pair_id ?? '';
};

async function reviewed(
  name: string,
  overrides: Record<string, 'keep' | 'drop_result' | 'drop_call'>,
  comments: Record<string, string>,
) {
  const ids = Object.fromEntries(
    await Promise.all([...Object.keys(overrides), ...Object.keys(comments)].map(async (c) => [c, await pairIdOf(c)])),
  ) as Record<string, string>;
  const made = await makeExport({
    text,
    fileName: 'history.json',
    goal: scenario.goal,
    eligible: scenario.eligible_tool_names,
    overrides: Object.fromEntries(Object.entries(overrides).map(([c, a]) => [ids[c], a])),
    comments: Object.fromEntries(Object.entries(comments).map(([c, note]) => [ids[c], note])),
  });
  return { made, read: await reviewedPairs(name, made.record, text) };
}

describe('reviewer labels (fit --audits)', () => {
  it('R8 an override is the label of both questions; a comment confirms the applied action; other pairs are no label', async () => {
    const { made, read } = await reviewed(
      'a',
      { toolu_01Contrast: 'keep', toolu_03StockQuery: 'drop_result' },
      { toolu_05RetryPolicy: 'Needed for the patch.' },
    );
    expect(read.skipped).toBeNull();
    const byCall = new Map(read.pairs.map((p) => [p.callId, p]));
    expect(byCall.get('toolu_01Contrast')).toMatchObject({ keepResult: 1, keepCall: 1, from: 'override' });
    expect(byCall.get('toolu_03StockQuery')).toMatchObject({ keepResult: 0, keepCall: 1, from: 'override' });
    const applied = made.record.decisions.find((d) => d.call_id === 'toolu_05RetryPolicy')?.action;
    expect(byCall.get('toolu_05RetryPolicy')).toMatchObject({
      keepResult: applied === 'keep' ? 1 : 0,
      from: 'comment',
    });
    expect(read.pairs).toHaveLength(3);
    for (const pair of read.pairs) expect(Object.keys(pair.features).sort()).toEqual([...FEATURE_NAMES].sort());
  });

  it('a record without judgments is skipped with the reason', async () => {
    const { read } = await reviewed('b', {}, {});
    expect(read).toEqual({ pairs: [], skipped: 'no override or pair comment' });
  });
});

describe('calibration on reviews', () => {
  it('recovers the slope and shift of labels drawn from σ(2z − 1)', () => {
    const random = seededRandom(7);
    const z: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const zi = random() * 8 - 4;
      z.push(zi);
      y.push(random() < 1 / (1 + Math.exp(-(2 * zi - 1))) ? 1 : 0);
    }
    const c = fitCalibration(z, y);
    expect(c.slope).toBeCloseTo(2, 0);
    expect(c.shift).toBeCloseTo(-1, 0);
    // With no labels the prior holds the weights as they are.
    expect(fitCalibration([], [])).toEqual({ slope: 1, shift: 0 });
  });

  it('is the identity on logits that are already calibrated', () => {
    const random = seededRandom(11);
    const z: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const zi = random() * 8 - 4;
      z.push(zi);
      y.push(random() < 1 / (1 + Math.exp(-zi)) ? 1 : 0);
    }
    const c = fitCalibration(z, y, 0.01);
    expect(Math.abs(c.slope - 1)).toBeLessThan(0.05);
    expect(Math.abs(c.shift)).toBeLessThan(0.05);
  });

  it('stays monotone and finite on logits that separate the labels (a full Newton step would overshoot)', () => {
    const z = Array.from({ length: 200 }, (_, i) => (i - 100) / 1000);
    const y = z.map((zi) => (zi > 0 ? 1 : 0));
    const c = fitCalibration(z, y, 0.01);
    expect(Number.isFinite(c.slope) && Number.isFinite(c.shift)).toBe(true);
    expect(c.slope).toBeGreaterThan(1);
    // Labels against the logits' order: the map flattens (slope near 0), never reverses.
    const reversed = fitCalibration(
      z,
      y.map((v) => 1 - v),
      0.01,
    );
    expect(reversed.slope).toBeGreaterThanOrEqual(0);
  });

  it('reviewers who keep what the model drops move keep_result up, held out by record, and the weights say so', async () => {
    const irrelevant = ['toolu_01Contrast', 'toolu_01ThemeTokens', 'toolu_02LogoSearch', 'toolu_03StockQuery'];
    const records = await Promise.all(
      [0, 1, 2].map((i) =>
        reviewed(`r${i}`, Object.fromEntries(irrelevant.map((c) => [c, 'keep' as const])), {
          toolu_05RetryPolicy: `kept ${i}`,
        }),
      ),
    );
    const pairs = records.flatMap((r) => r.read.pairs);
    const report = calibrateOnReviews(pairs, FITTED_WEIGHTS);
    expect(report.records).toBe(3);
    expect(report.questions.result.labels).toBe(pairs.length);
    expect(report.questions.result.after.logLoss).toBeLessThan(report.questions.result.before.logLoss);
    expect(report.questions.result.applied).toBe(true);
    expect(report.weights.id).not.toBe(FITTED_WEIGHTS.id);
    expect(report.weights.fitted.method).toMatch(/calibrated on \d+ reviewer judgments from 3 audit records/);
    // The logit the model reads p from: through the weights' held-out calibration when there is one.
    const z = (w: typeof FITTED_WEIGHTS, x: (typeof pairs)[number]['features']) =>
      calibratedLogit(
        FEATURE_NAMES.reduce((s, n) => s + w.result.weights[n] * x[n], w.result.bias),
        w.calibration?.result,
        w.calibration?.shift,
      );
    for (const pair of pairs)
      expect(z(report.weights, pair.features)).toBeGreaterThan(z(FITTED_WEIGHTS, pair.features) - 1e-9);
    expect(pairs.some((p) => z(report.weights, p.features) > z(FITTED_WEIGHTS, p.features) + 0.01)).toBe(true);
  });

  it('needs judgments from two records to cross-validate', async () => {
    const { read } = await reviewed('only', { toolu_01Contrast: 'keep' }, {});
    expect(() => calibrateOnReviews(read.pairs, FITTED_WEIGHTS)).toThrow(/at least two audit records; found 1/);
  });
});
