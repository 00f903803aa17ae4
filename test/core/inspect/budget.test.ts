/**
 * R7 before running: the inspector's budget is the engine's own fitting, so it says exactly
 * when a run fails with observation_too_large, and the value it names is the smallest
 * max_state_tokens a run accepts.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../core/engine/compact.js';
import { analyze, policyOf } from '../../../core/engine/guards.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { parseRequest } from '../../../core/engine/request.js';
import { paymentRetryScenario, scenarioRequest } from '../../../core/examples/index.js';
import { observationBudget } from '../../../core/inspect/budget.js';

const base = scenarioRequest(paymentRetryScenario());

function budgetAt(maxStateTokens: number) {
  const request = parseRequest({ ...base, options: { ...base.options, max_state_tokens: maxStateTokens } });
  return observationBudget(request.messages, analyze(request.messages, policyOf(request)), {
    goal: request.goal,
    tools: request.tools ?? [],
    preserveRecent: request.options.preserve_recent_messages,
    maxStateTokens,
  })!;
}

const run = (maxStateTokens: number) =>
  compactContext(
    { ...base, options: { ...base.options, max_state_tokens: maxStateTokens, max_request_tokens: 100_000 } },
    { model: createOfflineModel() },
  );

describe('the observation budget before running', () => {
  it('R7 a budget too small says so with the smallest value a run accepts', async () => {
    const tight = budgetAt(1);
    expect(tight.fits).toBe(false);
    expect(tight.stage).toBe(4);
    const failed = await run(1);
    expect(failed.success).toBe(false);
    if (!failed.success) expect(failed.answer.error.code).toBe('observation_too_large');
    const atValue = await run(tight.tokens);
    expect(atValue.success).toBe(true);
    if (atValue.success) expect(atValue.answer.stats.fitting_stage).toBe(4);
    const below = await run(tight.tokens - 1);
    expect(below.success).toBe(false);
  });

  it('R7 a budget that fits names the stage and the tokens a run reports', async () => {
    const roomy = budgetAt(25_000);
    expect(roomy.fits).toBe(true);
    const done = await run(25_000);
    if (!done.success) throw new Error(done.answer.error.message);
    expect(roomy.stage).toBe(done.answer.stats.fitting_stage);
    expect(roomy.tokens).toBe(done.answer.stats.observation_tokens);
  });
});
