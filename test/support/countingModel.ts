/** A real decision model that also counts how often it is asked, to prove a call did not happen. */
import type { DecisionBatch, DecisionModel, DecisionResult } from '../../core/engine/model.js';

export function countingModel(inner: DecisionModel): DecisionModel & { count: number } {
  const model = {
    ...inner,
    count: 0,
    decide(batch: DecisionBatch, signal: AbortSignal): Promise<DecisionResult> {
      model.count++;
      return inner.decide(batch, signal);
    },
  };
  return model;
}
