/**
 * A generic word (`web`, `src`, `docs`, …) named again later says nothing about which call it
 * points at: adding one to any later message never turns a finished side task's call back into
 * a kept one (R12 at the default threshold, offline model).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../core/engine/compact.js';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import { GENERIC_TERMS } from '../../core/engine/targetTerms.js';
import type { Block } from '../../core/engine/schema.js';
import { scenarioRequest } from '../../core/examples/index.js';
import { SEED_SHAPED_SEEDS, seedShapedScenario } from '../support/seedShaped.js';

const RUNS = { seed: 7, numRuns: 60 };

describe('finished work and generic words', () => {
  it('R12 adding a generic word to later messages never flips a finished call to kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SEED_SHAPED_SEEDS),
        fc.constantFrom(...GENERIC_TERMS),
        fc.nat(),
        fc.boolean(),
        async (seed, word, at, asPath) => {
          const scenario = seedShapedScenario(seed);
          // Every message after the side task's first call: the user's turns and the agent's replies.
          const later = scenario.messages.slice(2);
          const message = later[at % later.length];
          const said = `Also checked the ${asPath ? `${word}/` : word} side of it.`;
          (message.content as Block[]).push({ type: 'text', text: said });
          const response = await compactContext(scenarioRequest(scenario), { model: createOfflineModel() });
          expect(response.success).toBe(true);
          if (!response.success) return;
          for (const decision of response.answer.decisions)
            if (scenario.irrelevant.includes(decision.call_id))
              expect(decision.action, `${decision.call_id} after "${said}" in ${String(message.id)}`).not.toBe('keep');
        },
      ),
      RUNS,
    );
  });
});
