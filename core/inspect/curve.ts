/**
 * The reduction curve (R15): the characters `rebuild()` would leave at evenly spaced
 * thresholds, each point a threshold step from the last, measured by the size model.
 */
import type { Probabilities } from '../engine/decide.js';
import type { OperatingPoint } from '../engine/offline/features.js';
import { FITTED_WEIGHTS } from '../engine/offline/weights.js';
import type { DerivedActions, Overrides } from './actions.js';
import { deriveActions } from './actions.js';
import type { SizeModel } from './sizeModel.js';
import { charsAfter } from './sizeModel.js';

export interface CurvePoint {
  threshold: number;
  chars: number;
}

/** Characters after compaction at `steps` evenly spaced thresholds in [0, 1]. */
export function thresholdCurve(
  model: SizeModel,
  probs: ReadonlyMap<string, Probabilities>,
  overrides: Overrides = {},
  steps = 101,
): CurvePoint[] {
  const points: CurvePoint[] = [];
  let from: DerivedActions | undefined;
  for (let i = 0; i < steps; i++) {
    const threshold = steps === 1 ? 0 : i / (steps - 1);
    const actions = deriveActions(model.pairs, probs, threshold, overrides, from);
    from = { pairs: model.pairs, probs, threshold, overrides, actions };
    points.push({ threshold, chars: charsAfter(model, actions) });
  }
  return points;
}

/**
 * Where the default threshold sits for a run's backend: for the offline model, the operating
 * point its fit measured by leave-one-conversation-out (later-use recall and reduction at §5's
 * default). A single history has no labels, so its own recall cannot be computed here; other
 * backends have no fitted point (null).
 */
export function fittedOperatingPoint(backend: string): OperatingPoint | null {
  return backend === 'offline' ? (FITTED_WEIGHTS.fitted.operatingPoint ?? null) : null;
}
