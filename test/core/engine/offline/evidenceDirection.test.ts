/**
 * R12 an offline evidence line says which way each term pushes: a positive contribution leans
 * to keep and a negative one to drop, in words, so a later mention of the target reads in the direction it acts.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../../core/engine/compact.js';
import { createOfflineModel } from '../../../../core/engine/offline/model.js';
import { paymentRetryScenario, scenarioRequest } from '../../../../core/examples/index.js';

describe('offline evidence direction', () => {
  it('R12 every contribution names the way it pushes, keep for + and drop for −', async () => {
    const response = await compactContext(scenarioRequest(paymentRetryScenario()), { model: createOfflineModel() });
    if (!response.success) throw new Error(response.answer.error.message);
    const lines = response.answer.decisions.flatMap((d) => d.evidence ?? []).filter((l) => / keep_call [+−]/.test(l));
    expect(lines.some((l) => l.includes("named this call's target later"))).toBe(true);
    for (const line of lines) {
      const terms = [...line.matchAll(/keep_(?:result|call) ([+−])\d+\.\d\d toward (keep|drop)/g)];
      expect(terms, line).toHaveLength(2);
      for (const [, sign, way] of terms) expect(way).toBe(sign === '+' ? 'keep' : 'drop');
    }
  });
});
