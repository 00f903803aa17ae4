/**
 * SPEC §9 "Target checks" over generated histories, every format: whatever the actions, the
 * export (drop_call written as the format's targets allow, as every host writes it) breaks no
 * target rule its source keeps; and SPEC §1: every `agentscope` write of a valid AgentScope 2.x
 * history stays valid 2.x.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import { exportSource, inspectSource, openConversation, openSource } from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import type { Turn } from './encoders.js';
import { ENCODERS, historyArb, ONE_CALL_PER_TURN, TEXT_FORMAT_IDS } from './encoders.js';
import { proposalFromChoices } from './support.js';

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];

describe('exports keep their targets’ rules', () => {
  for (const format of TEXT_FORMAT_IDS) {
    it(`§9 ${format}: no rule its source keeps is broken by the export`, () => {
      let kept = 0;
      fc.assert(
        fc.property(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
          (turns, choices) => {
            const inspected = inspectSource(ENCODERS[format](turns));
            const source = openConversation(inspected, inspected.conversations[0].key);
            const proposal = proposalFromChoices(source, choices, 40, true);
            kept += proposal.keptForTargets?.length ?? 0;
            expect(judgeExport(source, exportSource(source, proposal)).refused).toEqual([]);
          },
        ),
        { seed: 11, numRuns: 60 },
      );
      // The formats whose targets need every call did keep some.
      if (format === 'swe-agent' || format === 'mini-swe-agent') expect(kept).toBeGreaterThan(3);
    });
  }
});

/** AgentScope 2.x as AgentScope writes it: a reply's results in its own message, a name on every message. */
function agentscope2(turns: Turn[]): string {
  const messages = turns.map((t, i) => {
    if (t.kind === 'user')
      return { id: `u${i}`, name: 'user', role: 'user', content: [{ type: 'text', text: t.text }] };
    const blocks: unknown[] = t.text ? [{ type: 'text', text: t.text }] : [];
    t.calls.forEach((c, j) => {
      const id = `call_${i}_${j}`;
      blocks.push({ type: 'tool_call', id, name: c.name, input: JSON.stringify(c.input), state: 'finished' });
      blocks.push({ type: 'tool_result', id, name: c.name, output: c.output, state: c.error ? 'error' : 'success' });
    });
    return { id: `a${i}`, name: 'Friday', role: 'assistant', content: blocks };
  });
  return JSON.stringify(messages, null, 2);
}

describe('AgentScope 2.x stays 2.x', () => {
  it('§1 §9 every agentscope write of a valid 2.x history is valid 2.x', () => {
    fc.assert(
      fc.property(historyArb(true), fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }), (turns, choices) => {
        const text = agentscope2(turns);
        const source = openSource(text, { format: 'agentscope' });
        expect(runTargetChecks(source).flatMap((r) => r.violations)).toEqual([]);
        const exported = openSource(exportSource(source, proposalFromChoices(source, choices, 40, true)), {
          format: 'agentscope',
        });
        expect(runTargetChecks(exported).flatMap((r) => r.violations)).toEqual([]);
      }),
      { seed: 5, numRuns: 100 },
    );
  });
});
