/**
 * R7 before running: whether the observation a run would build fits `max_state_tokens`, found
 * with the engine's own fitting (`buildView` + `fitObservation`, as `prepare` calls them), so
 * the inspector can say before a run what the run would fail with (`observation_too_large`)
 * and the value to set: the R7 estimate of the observation after the last stage.
 */
import type { Analysis } from '../engine/guards.js';
import type { FittingStage } from '../engine/observation.js';
import { buildView, fitObservation } from '../engine/observation.js';
import type { Message, ToolInfo } from '../engine/schema.js';

export interface ObservationBudget {
  fits: boolean;
  /** The first stage that fits, or 4 when none does. */
  stage: FittingStage;
  /** R7 estimate of the observation at that stage: with `fits` false, the smallest `max_state_tokens` that fits. */
  tokens: number;
  maxStateTokens: number;
}

/** Null without candidates: a run then asks nothing and builds no observation (§6). */
export function observationBudget(
  messages: readonly Message[],
  analysis: Analysis,
  ask: { goal: string; tools: readonly ToolInfo[]; preserveRecent: number; maxStateTokens: number },
): ObservationBudget | null {
  if (analysis.candidates.length === 0) return null;
  const full = buildView(messages, analysis, ask.goal, ask.tools, ask.preserveRecent);
  const { observation, fitted } = fitObservation(full, ask.maxStateTokens);
  return {
    fits: fitted,
    stage: observation.view.stage,
    tokens: observation.tokens,
    maxStateTokens: ask.maxStateTokens,
  };
}
