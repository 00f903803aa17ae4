/**
 * Opt-in: the source's two scenarios against the real endpoint with the
 * source's checks. Needs COMPACTION_LIVE=1 and DECISION_MODEL_API_KEY (environment or the
 * repository's .env); DECISION_MODEL_NAME, _BASE_URL, _PROBABILITY, _TIMEOUT_SECONDS, … apply.
 * Prints actions, probabilities, characters before/after and usage — never the key.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../app/config.js';
import type { SuccessAnswer } from '../../../../core/engine/schema.js';
import { analyze } from '../../../../core/engine/guards.js';
import { compactContext, parseRequest, policyOf } from '../../../../core/engine/compact.js';
import { createOpenAIModel } from '../../../../core/engine/openai/index.js';
import { SCENARIOS, scenarioRequest } from '../../../../core/examples/index.js';
import { deepFreeze, newlyUnpaired, proposalProblems } from '../../../support/invariants.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const config = process.env.COMPACTION_LIVE === '1' ? loadConfig({ cwd: root }) : null;
const skip =
  config === null
    ? 'set COMPACTION_LIVE=1 to call the real endpoint'
    : config.settings.apiKey
      ? null
      : 'no DECISION_MODEL_API_KEY in the environment or .env';

describe.skipIf(skip !== null)(`live openai backend${skip ? ` (skipped: ${skip})` : ''}`, () => {
  for (const [name, build] of Object.entries(SCENARIOS)) {
    it(`scenario ${name}: source checks against the real model`, { timeout: 120_000 }, async () => {
      const scenario = build();
      const request = deepFreeze(scenarioRequest(scenario));
      const snapshot = JSON.stringify(request);
      const model = createOpenAIModel(config!.settings);
      const response = await compactContext(request, { model, settings: config!.request });
      if (!response.success)
        throw new Error(`${name}: ${response.answer.error.code}: ${response.answer.error.message}`);
      const answer: SuccessAnswer = response.answer;
      const { stats } = answer;
      const byCall = new Map(answer.decisions.map((d) => [d.call_id, d]));

      console.log(
        `[live] ${name} (${model.model}, ${model.promptVersion}): chars ${stats.chars_before} → ${stats.chars_after}, ${stats.requests} request(s), usage ${JSON.stringify(stats.usage)}`,
      );
      for (const d of answer.decisions.filter((x) => x.keep_call !== null)) {
        const role = scenario.critical.includes(d.call_id)
          ? 'critical'
          : scenario.irrelevant.includes(d.call_id)
            ? 'irrelevant'
            : 'other';
        console.log(
          `[live]   ${d.call_id} ${d.tool_name} [${role}] → ${d.action} (p_call=${d.keep_call?.toFixed(3)}, p_result=${d.keep_result?.toFixed(3)})`,
        );
      }

      // The source's checks: real batched inference, the input untouched, protected history
      // and conversation text intact, at least one irrelevant call removed, every critical
      // candidate kept in full, fewer characters.
      expect(stats.requests).toBeGreaterThanOrEqual(1);
      expect(stats.usage?.prompt_tokens).toBeGreaterThan(0);
      expect(JSON.stringify(request)).toBe(snapshot);
      const analysis = analyze(request.messages, policyOf(parseRequest(request)));
      expect(proposalProblems(request.messages, answer.messages, analysis, answer.decisions)).toEqual([]);
      expect(newlyUnpaired(request.messages, answer.messages)).toEqual([]);
      for (const id of scenario.protectedBoundaries)
        expect(byCall.get(id)?.keep_call ?? null, `${id} must be kept by a guard`).toBeNull();
      expect(scenario.irrelevant.filter((id) => byCall.get(id)?.action === 'drop_call').length).toBeGreaterThanOrEqual(
        1,
      );
      for (const id of scenario.critical) expect(byCall.get(id)?.action, `${id} is critical`).toBe('keep');
      expect(stats.chars_after).toBeLessThan(stats.chars_before ?? 0);
    });
  }
});
