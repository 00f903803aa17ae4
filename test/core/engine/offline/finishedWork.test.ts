/**
 * Finished side work at the default threshold: the bundled examples (source: "Two live-model
 * integration scenarios") and a generated family shaped like them (test/support/seedShaped.ts)
 * drop every call of work the goal or the conversation closed and keep the critical evidence.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../../core/engine/compact.js';
import { createOfflineModel } from '../../../../core/engine/offline/model.js';
import type { Decision } from '../../../../core/engine/schema.js';
import type { Scenario } from '../../../../core/examples/index.js';
import { SCENARIOS, scenarioRequest } from '../../../../core/examples/index.js';
import { SEED_SHAPED_SEEDS, seedShapedScenario } from '../../../support/seedShaped.js';

async function decisions(scenario: Scenario): Promise<Map<string, Decision>> {
  const response = await compactContext(scenarioRequest(scenario), { model: createOfflineModel() });
  if (!response.success) throw new Error(`${scenario.name}: ${response.answer.error.message}`);
  return new Map(response.answer.decisions.map((d) => [d.call_id, d]));
}

const shown = (id: string, d: Decision | undefined) =>
  `${id}: ${d?.action} (${d?.keep_call}/${d?.keep_result}) ${d?.evidence?.join(' | ') ?? ''}`;

const scenarios: Array<[string, () => Scenario]> = [
  ...Object.entries(SCENARIOS),
  ...SEED_SHAPED_SEEDS.map((seed): [string, () => Scenario] => [`seed-shaped ${seed}`, () => seedShapedScenario(seed)]),
];

describe.each(scenarios)('%s at the default threshold', (_, build) => {
  it('R12 drops the finished side work whole and keeps the critical evidence', async () => {
    const scenario = build();
    const byCall = await decisions(scenario);
    const seedShaped = scenario.name.startsWith('seed-shaped');
    // The bundled examples name one irrelevant call that only a truncation can serve (its target is
    // quoted on); the generated family's side work is closed and never named again.
    const finished = scenario.irrelevant.filter((id) => seedShaped || byCall.get(id)?.action !== 'drop_result');
    expect(finished.length).toBeGreaterThan(0);
    for (const id of finished) expect(byCall.get(id)?.action, shown(id, byCall.get(id))).toBe('drop_call');
    for (const id of scenario.critical) expect(byCall.get(id)?.action, shown(id, byCall.get(id))).toBe('keep');
  });
});

describe('finished work, read from the conversation', () => {
  it('R12 a goal that names the finished target keeps it', async () => {
    const scenario = seedShapedScenario(1);
    const badges = scenario.irrelevant.find((id) => id.endsWith('badges')) ?? '';
    const dir = JSON.parse(
      String(
        scenario.messages
          .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
          .find((b) => b.type === 'tool_call' && b.id === badges)?.input,
      ),
    ) as { path: string };
    const byCall = await decisions({ ...scenario, goal: `${scenario.goal} Also attach the listing of ${dir.path}.` });
    expect(byCall.get(badges)?.action, shown(badges, byCall.get(badges))).not.toBe('drop_call');
    expect(byCall.get(badges)?.evidence?.join(' ')).not.toMatch(/conversation closed this work/);
  });

  it('R12 an instruction that mentions finishing closes no work', async () => {
    const scenario = seedShapedScenario(1);
    // The turn after the styling work: a harness's standing instruction instead of a closing.
    const turn = scenario.messages[2];
    turn.content = [
      {
        type: 'text',
        text: 'If you have completed your assignment, please submit it. Otherwise keep going with the badge images.',
      },
    ];
    const byCall = await decisions(scenario);
    for (const id of scenario.irrelevant.slice(0, 2))
      expect(byCall.get(id)?.evidence?.join(' '), id).not.toMatch(/conversation closed this work/);
  });

  it('R12 says which words closed the work in the evidence', async () => {
    const scenario = seedShapedScenario(2);
    const byCall = await decisions(scenario);
    const brand = byCall.get(scenario.irrelevant[0]);
    expect(brand?.evidence?.join('\n')).toMatch(
      /the conversation closed this work \((?:"[^"]+"|the next turn moves on)/,
    );
  });
});
