/**
 * R12 and R15: actions are a pure function of the two probabilities, the threshold and the
 * guards, so any threshold can be re-derived without asking the model again.
 */
import type { Action, DecisionReason, GuardCode } from './schema.js';

export interface Verdict {
  action: Action;
  reason: DecisionReason;
}

export interface Probabilities {
  keepCall: number;
  keepResult: number;
}

/**
 * A guarded pair is always kept with its guard code (protection wins over probabilities);
 * otherwise R12, the result question first. A candidate always has probabilities.
 */
export function decide(
  probabilities: Probabilities | null,
  threshold: number,
  guard: GuardCode | null = null,
): Verdict {
  if (guard !== null) return { action: 'keep', reason: guard };
  if (probabilities === null) throw new Error('a candidate needs both probabilities to be decided');
  const { keepCall, keepResult } = probabilities;
  if (keepResult >= threshold) return { action: 'keep', reason: 'result_needed' };
  if (keepCall >= threshold) return { action: 'drop_result', reason: 'call_needed' };
  return { action: 'drop_call', reason: 'not_needed' };
}
