/**
 * The side-by-side alignment is re-derived after every threshold step (R15); for the same
 * analysis it re-aligns only the rows whose pairs changed action. It must always equal an
 * alignment made from scratch, and leave untouched rows the same objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../../core/engine/guards.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { alignRows } from '../../../core/inspect/align.js';
import { historyArb, TOOL_NAMES } from '../../support/arbitraries.js';

const actionArb = fc.constantFrom<Action>('keep', 'keep', 'drop_result', 'drop_call');

describe('alignRows after action changes', () => {
  it('R15 equals a fresh alignment after every change, and reuses the rows no change touched', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.nat({ max: 3 }),
        fc.array(fc.array(actionArb, { minLength: 10, maxLength: 10 }), { minLength: 2, maxLength: 5 }),
        (messages, recent, steps) => {
          const policy: Policy = {
            eligibleToolNames: [...TOOL_NAMES],
            protectedMessageIds: [],
            protectedCallIds: [],
            preserveRecentMessages: recent,
          };
          const analysis = analyze(messages, policy);
          let previous: ReturnType<typeof alignRows> | null = null;
          let previousActions = new Map<string, Action>();
          for (const step of steps) {
            const actions = new Map(analysis.pairs.map((p, i) => [p.pairId, step[i % step.length]] as const));
            const rows = alignRows(messages, analysis, actions);
            expect(rows).toEqual(alignRows(messages, analyze(messages, policy), actions));
            if (previous) {
              const touched = new Set(
                analysis.pairs
                  .filter((p) => (actions.get(p.pairId) ?? 'keep') !== (previousActions.get(p.pairId) ?? 'keep'))
                  .flatMap((p) => [p.call.message, p.result.message]),
              );
              rows.forEach((row, i) => {
                if (!touched.has(i)) expect(row).toBe(previous?.[i]);
              });
            }
            previous = rows;
            previousActions = actions;
          }
        },
      ),
      { seed: 5, numRuns: 300 },
    );
  });
});
