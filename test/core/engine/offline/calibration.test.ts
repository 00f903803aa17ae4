/**
 * R12 compares keep_call and keep_result with one threshold: the offline model maps each
 * question's logit by its own held-out map and one shared shift (calibration.ts), so that a
 * threshold keeps a result and a call at the same chance of being needed.
 */
import { describe, expect, it } from 'vitest';
import type { OfflineCalibration } from '../../../../core/engine/offline/calibration.js';
import { calibratedLogit, chanceOf, checkCalibration } from '../../../../core/engine/offline/calibration.js';
import { compactDetailed } from '../../../../core/engine/compact.js';
import { checkWeights } from '../../../../core/engine/offline/features.js';
import { createOfflineModel, OFFLINE_MODEL_VERSION } from '../../../../core/engine/offline/model.js';
import { paymentRetryScenario } from '../../../../core/examples/index.js';
import { FITTED_WEIGHTS } from '../../../../core/engine/offline/weights.js';

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const logit = (p: number) => Math.log(p / (1 - p));
type Decision = { call_id: string; keep_result: number | null; keep_call: number | null; evidence?: string[] };
const decisionsOf = (d: Awaited<ReturnType<typeof compactDetailed>>): Decision[] =>
  d.response.success ? (d.response.answer.decisions as unknown as Decision[]) : [];

describe('offline calibration', () => {
  it('leaves the logit as fitted without a map, and the identity map with no shift changes nothing', () => {
    for (const z of [-3, -0.2, 0, 1.7]) {
      expect(calibratedLogit(z, undefined)).toBe(z);
      expect(calibratedLogit(z, { slope: 1, intercept: 0 }, 0)).toBe(z);
    }
  });

  it('keeps the order of the candidates (monotone) and moves both questions by the same shift', () => {
    const map = { slope: 0.7, intercept: -1.2 };
    const zs = [-4, -1, 0, 0.5, 3];
    const mapped = zs.map((z) => calibratedLogit(z, map, 1.5));
    for (let i = 1; i < mapped.length; i++) expect(mapped[i]).toBeGreaterThan(mapped[i - 1]);
    expect(calibratedLogit(2, map, 1.5) - calibratedLogit(2, map, 0)).toBeCloseTo(1.5);
  });

  it('R12 a threshold t keeps either question at the same chance σ(logit t − shift)', () => {
    const shift = 1.35;
    const t = 0.5;
    const chance = chanceOf(t, shift);
    expect(chance).toBeCloseTo(sigmoid(-shift));
    // Whatever the question's own map, p ≥ t exactly when its chance ≥ that chance.
    for (const map of [
      { slope: 0.9, intercept: -2.6 },
      { slope: 0.97, intercept: 0 },
    ])
      for (const z of [-3, -1, 0, 1, 3]) {
        const p = sigmoid(calibratedLogit(z, map, shift));
        expect(p >= t).toBe(sigmoid(calibratedLogit(z, map, 0)) >= chance);
        expect(chanceOf(p, shift)).toBeCloseTo(sigmoid(calibratedLogit(z, map, 0)), 9);
      }
  });

  it('refuses a map that reverses the order or a number that is not finite', () => {
    const good: OfflineCalibration = {
      result: { slope: 1, intercept: 0 },
      call: { slope: 0, intercept: -1 },
      shift: 1,
    };
    expect(() => checkCalibration(good)).not.toThrow();
    expect(() => checkCalibration({ ...good, call: { slope: -0.1, intercept: 0 } })).toThrow(/order/);
    expect(() => checkCalibration({ ...good, shift: Number.NaN })).toThrow(/finite/);
    expect(() =>
      checkWeights(
        { ...FITTED_WEIGHTS, calibration: { ...good, result: { slope: 1, intercept: Infinity } } },
        OFFLINE_MODEL_VERSION,
      ),
    ).toThrow(/finite/);
  });

  it('R12 on one scale the model reads p from the calibrated logit, and the evidence still adds up to it', async () => {
    const calibration: OfflineCalibration = {
      result: { slope: 0.9, intercept: -2.6 },
      call: { slope: 0.97, intercept: 0 },
      shift: 1.35,
    };
    const scenario = paymentRetryScenario();
    const request = {
      messages: scenario.messages,
      goal: scenario.goal,
      eligible_tool_names: scenario.eligible_tool_names,
      options: { preserve_recent_messages: 0 },
    };
    const asFitted = await compactDetailed(request, { model: createOfflineModel() });
    const oneScale = await compactDetailed(request, {
      model: createOfflineModel({ weights: { ...FITTED_WEIGHTS, calibration } }),
    });
    const before = new Map(decisionsOf(asFitted).map((d) => [d.call_id, d]));
    let compared = 0;
    for (const d of decisionsOf(oneScale)) {
      const was = before.get(d.call_id);
      const evidence = d.evidence ?? [];
      if (!was || d.keep_result === null || was.keep_result === null || d.keep_call === null || was.keep_call === null)
        continue;
      if (evidence.some((line) => /at least|at most/.test(line))) continue; // a goal rule set it
      // Each logit goes through its own map and the shared shift.
      expect(logit(d.keep_result)).toBeCloseTo(
        calibratedLogit(logit(was.keep_result), calibration.result, calibration.shift),
        1,
      );
      expect(logit(d.keep_call)).toBeCloseTo(
        calibratedLogit(logit(was.keep_call), calibration.call, calibration.shift),
        1,
      );
      expect(evidence[0]).toMatch(/calibrated, both questions on one scale/);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });
});
