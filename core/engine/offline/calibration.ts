/**
 * Putting keep_call and keep_result on one scale (R12 compares both with one threshold `t`).
 * Each question's fitted logit z is mapped by its own monotone map fitted on held-out folds
 * inside the fit (Platt scaling: slope·z + intercept, core/eval/select.ts), so that σ of it is
 * the chance its label holds — a result used later, a call still needed — and then both are
 * raised by the same `shift`, the one recall-first setting the fit chooses so that §5's default
 * threshold keeps 80 % of the used results:
 *   p = σ(slope·z + intercept + shift)
 * With one shift for both, a threshold t keeps a result and a call at the same chance,
 * σ(logit t − shift), whatever the question: the two probabilities mean the same thing.
 */

/**
 * A monotone map of one question's logit: slope ≥ 0 never reverses the order of the candidates
 * (0: the logits told nothing on held-out cuts, and every candidate gets the same chance).
 */
export interface PlattMap {
  slope: number;
  intercept: number;
}

export interface OfflineCalibration {
  result: PlattMap;
  call: PlattMap;
  /** Added to both calibrated logits: p = t means a chance of σ(logit t − shift) for either question. */
  shift: number;
}

export const IDENTITY_MAP: PlattMap = { slope: 1, intercept: 0 };

/** The logit after the map and the shift; weights without a calibration are used as fitted. */
export function calibratedLogit(z: number, map: PlattMap | undefined, shift = 0): number {
  return map === undefined ? z : map.slope * z + map.intercept + shift;
}

/** The chance a probability stands for: its logit without the shared shift. */
export function chanceOf(p: number, shift: number): number {
  const clipped = Math.min(1 - 1e-12, Math.max(1e-12, p));
  return 1 / (1 + Math.exp(-(Math.log(clipped / (1 - clipped)) - shift)));
}

/** Throws unless every number is finite and each map keeps the order of the candidates. */
export function checkCalibration(calibration: OfflineCalibration): void {
  for (const map of [calibration.result, calibration.call]) {
    if (!Number.isFinite(map.slope) || !Number.isFinite(map.intercept))
      throw new Error('offline calibration holds a value that is not a finite number');
    if (map.slope < 0) throw new Error('offline calibration must keep the order of the candidates (slope ≥ 0)');
  }
  if (!Number.isFinite(calibration.shift)) throw new Error('offline calibration shift is not a finite number');
}
