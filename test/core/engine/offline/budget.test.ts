/**
 * R7 fitting shortens the observation a language model is sent; it must not change what the
 * offline model computes. Its evidence comes from the history (the unfitted view and the
 * evidence links), so a tight `max_state_tokens` gives the same probabilities as no bound.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../../core/engine/compact.js';
import { createOfflineModel } from '../../../../core/engine/offline/model.js';
import type { CompactRequestInput, SuccessAnswer } from '../../../../core/engine/schema.js';
import { History } from '../../eval/fixtures.js';
import { sharedPath, sharedSkipReason } from '../../../support/shared.js';
import { agreement, candidateActions, compactCut, corpusCuts } from './support.js';

const UNBOUNDED = { max_state_tokens: 1_000_000_000, max_request_tokens: 1_000_000_000 };

async function answer(request: CompactRequestInput): Promise<SuccessAnswer> {
  const response = await compactContext(request, { model: createOfflineModel() });
  if (!response.success) throw new Error(response.answer.error.message);
  return response.answer;
}

/** Reads whose inputs are long JSON: stage 1 cuts them to 120 characters, no longer JSON. */
function longInputSession(): History {
  const h = new History();
  h.user('The nightly export writes wrong totals. Find the cause in the billing module.');
  for (let i = 0; i < 12; i++)
    h.tool(
      `c${i}`,
      'read',
      { path: `services/billing/module_${i}/invoice_totals_${i}.py`, note: 'x'.repeat(200) },
      `def total_${i}(lines):\n    return sum(line.amount_${i} for line in lines)  # TICKET-${4000 + i}\n`,
    );
  h.say('total_3 uses amount_3 and TICKET-4003; checking total_7 next.');
  h.user('Go on.');
  return h;
}

describe('R7 offline decisions do not depend on the observation budget', () => {
  it('R7 a budget that forces shortened inputs gives the same probabilities and evidence as no bound', async () => {
    const { messages } = longInputSession();
    const base = { messages, goal: 'Fix total_7 in the billing module.', eligible_tool_names: ['read'] };
    const tight = await answer({ ...base, options: { max_state_tokens: 1000 } });
    const free = await answer({ ...base, options: UNBOUNDED });
    expect(tight.stats.fitting_stage).toBeGreaterThanOrEqual(1);
    expect(free.stats.fitting_stage).toBe(0);
    const strip = (a: SuccessAnswer) => a.decisions.map((d) => [d.pair_id, d.keep_call, d.keep_result, d.evidence]);
    expect(strip(tight)).toEqual(strip(free));
  });

  const corpus = sharedPath('corpus');
  describe.skipIf(corpus === null)(corpus === null ? sharedSkipReason('corpus') : 'on the corpus', () => {
    it('R7 actions at the default budget equal those at an unbounded budget for at least 98 % of candidates', async () => {
      let same = 0;
      let total = 0;
      let fitted = 0;
      for (const cut of corpusCuts(corpus as string)) {
        const bounded = await compactCut(cut);
        const free = await compactCut(cut, UNBOUNDED);
        if ((bounded.stats.fitting_stage ?? 0) > 0) fitted++;
        const counts = agreement(candidateActions(bounded), candidateActions(free));
        same += counts.same;
        total += counts.total;
      }
      // Not vacuous: some cuts needed shortening at the default budget.
      expect(fitted).toBeGreaterThanOrEqual(2);
      expect(same / total).toBeGreaterThanOrEqual(0.98);
    }, 120_000);
  });
});
