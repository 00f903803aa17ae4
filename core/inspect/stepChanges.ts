/**
 * What a threshold step changed (R12, R15): the pairs whose action differs between the actions
 * before and after the step, each with the action it had. The inspector marks them, so a step
 * that turns a call from drop_result into drop_call (its keep_call now under the threshold) is
 * seen, not silent.
 */
import type { Action } from '../engine/schema.js';

export function stepChanges(
  before: ReadonlyMap<string, Action>,
  after: ReadonlyMap<string, Action>,
): ReadonlyMap<string, Action> {
  const changed = new Map<string, Action>();
  for (const [pairId, action] of after) {
    const was = before.get(pairId);
    if (was !== undefined && was !== action) changed.set(pairId, was);
  }
  return changed;
}
