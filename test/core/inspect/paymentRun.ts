/**
 * The bundled payment-retry scenario run once with the offline model, as the store holds a
 * run: the analysis of its policy, the decisions by pair, the probabilities and the size model.
 * `reviewedAt` re-derives the actions at a threshold with overrides (R15), as the store does.
 */
import { compactContext } from '../../../core/engine/compact.js';
import { analyze } from '../../../core/engine/guards.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import type { Decision } from '../../../core/engine/schema.js';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import type { Overrides } from '../../../core/inspect/actions.js';
import { deriveActions, probabilitiesOf } from '../../../core/inspect/actions.js';
import { buildSizeModel } from '../../../core/inspect/sizeModel.js';

export const REBUILD_OPTIONS = { truncateHeadChars: 300, truncateTailChars: 0, archiveRef: 'archived history' };

export async function paymentRun(preserveRecentMessages = 2) {
  const s = paymentRetryScenario();
  const response = await compactContext(
    {
      messages: s.messages,
      goal: s.goal,
      eligible_tool_names: s.eligible_tool_names,
      options: { preserve_recent_messages: preserveRecentMessages },
    },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error(response.answer.error.message);
  const analysis = analyze(s.messages, {
    eligibleToolNames: s.eligible_tool_names,
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages,
  });
  const { decisions } = response.answer;
  return {
    messages: s.messages,
    analysis,
    decisions: new Map(decisions.map((d): [string, Decision] => [d.pair_id, d])),
    probabilities: probabilitiesOf(decisions),
    sizes: buildSizeModel(s.messages, analysis.pairs, REBUILD_OPTIONS),
  };
}

export type PaymentRun = Awaited<ReturnType<typeof paymentRun>>;

export function reviewedAt(run: PaymentRun, threshold: number, overrides: Overrides = {}) {
  const actions = deriveActions(run.analysis.pairs, run.probabilities, threshold, overrides);
  return { ...run, threshold, overrides, actions };
}

/**
 * A threshold strictly between some decision's keep_result and keep_call, at which that
 * decision is drop_result (R12): read off the run, so no test depends on the model's weights.
 */
export function splittingThreshold(decisions: Iterable<Decision>): number {
  const gaps = [...decisions]
    .filter((d) => d.keep_call !== null && d.keep_result !== null && d.keep_call - d.keep_result > 0.002)
    .map((d) => ({ low: d.keep_result as number, high: d.keep_call as number }))
    .sort((a, b) => b.high - b.low - (a.high - a.low));
  if (gaps.length === 0) throw new Error('no decision has keep_call above keep_result');
  return Math.round(((gaps[0].low + gaps[0].high) / 2) * 1000) / 1000;
}
