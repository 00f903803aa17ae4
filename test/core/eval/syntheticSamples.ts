/** Labelled samples made by hand for the fit's unit tests (select.ts, families.ts): one feature carries the label. */
import type { FeatureVector } from '../../../core/engine/offline/features.js';
import { FEATURE_NAMES } from '../../../core/engine/offline/features.js';
import type { Sample } from '../../../core/eval/training.js';

export interface SyntheticSample {
  unit: number;
  index: number;
  /** Every feature not in `features` (0 by default). */
  rest?: () => number;
  features: Partial<FeatureVector>;
  used: boolean;
  callNamed: boolean;
  resultChars: number;
  historyChars: number;
}

/** A sample of unit `c{unit}` (its source), cut `index % 3`, with a 40-character input. */
export function syntheticSample(s: SyntheticSample): Sample {
  const rest = s.rest ?? (() => 0);
  const features = Object.fromEntries(FEATURE_NAMES.map((n) => [n, rest()])) as FeatureVector;
  return {
    source: `c${s.unit}`,
    cut: s.index % 3,
    callId: `c${s.unit}-${s.index}`,
    features: { ...features, ...s.features },
    resultChars: s.resultChars,
    inputChars: 40,
    historyChars: s.historyChars,
    used: { 'later-use': s.used, strict: s.used },
    callNamed: s.callNamed,
  };
}
