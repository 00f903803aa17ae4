/**
 * Token requests cross to the worker with their actions encoded (renderer/worker/actions.ts):
 * one letter per pair, the pair ids only when they changed. Whatever sequence of requests is
 * sent, the worker must read back exactly the actions asked about (R15: the count a threshold
 * step shows is the count of its own actions).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import { actionDecoder, actionEncoder } from '../../../renderer/worker/actions.js';

const actionArb = fc.constantFrom<Action>('keep', 'drop_result', 'drop_call');
const idsArb = fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 12 });

describe('token request actions on the wire', () => {
  it('R15 the worker decodes every request to the actions sent, across id changes', () => {
    fc.assert(
      fc.property(
        fc.array(idsArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.array(actionArb, { minLength: 12, maxLength: 12 })), { maxLength: 12 }),
        (idLists, requests) => {
          const encode = actionEncoder();
          const decode = actionDecoder();
          for (const [which, picked] of requests) {
            const ids = idLists[which % idLists.length];
            const actions = new Map(ids.map((id, i) => [id, picked[i]] as const));
            // Through a structured clone, as postMessage sends it.
            const decoded = decode(structuredClone(encode(actions)));
            expect([...decoded]).toEqual([...actions]);
          }
        },
      ),
      { seed: 21, numRuns: 300 },
    );
  });

  it('R15 a step that keeps the pairs sends no ids', () => {
    const encode = actionEncoder();
    const first = encode(
      new Map<string, Action>([
        ['a', 'keep'],
        ['b', 'drop_call'],
      ]),
    );
    const step = encode(
      new Map<string, Action>([
        ['a', 'drop_result'],
        ['b', 'drop_call'],
      ]),
    );
    expect(first.ids).toEqual(['a', 'b']);
    expect(step).toEqual({ key: first.key, codes: 'rc' });
  });
});
