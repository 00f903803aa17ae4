/**
 * Invariants of every compaction over generated histories (R2–R4, R11–R15), with a fixed
 * seed so failures reproduce. Scripted probabilities exercise every action; the offline
 * model exercises the real default backend.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../core/engine/guards.js';
import { GUARD_CODES, MODEL_REASONS } from '../../core/engine/schema.js';
import { compactContext, compactDetailed, decisionsFor, parseRequest, policyOf } from '../../core/engine/compact.js';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import { createScriptedModel } from '../../core/engine/scripted.js';
import { decide } from '../../core/engine/decide.js';
import { rebuild, rebuildOptionsOf } from '../../core/engine/rebuild.js';
import type { Action } from '../../core/engine/schema.js';
import { DEFAULT_ARCHIVE_REF } from '../../core/engine/schema.js';
import { requestArb, scriptArb, thresholdArb } from '../support/arbitraries.js';
import { deepFreeze, newlyUnpaired, proposalProblems } from '../support/invariants.js';

const RUNS = { seed: 42, numRuns: 200 };
const scriptedArb = scriptArb.map((script) => createScriptedModel(script));

describe('compaction properties', () => {
  it('R11 R14 input unchanged, protected and conversation blocks byte-identical, chars never grow, pairs never split (scripted)', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(requestArb, scriptedArb, async (input, model) => {
        const frozen = deepFreeze(structuredClone(input));
        const before = JSON.stringify(frozen);
        const response = await compactContext(frozen, { model });
        expect(JSON.stringify(frozen)).toBe(before);
        expect(response.success).toBe(true);
        if (!response.success) return;
        const { answer } = response;
        const analysis = analyze(frozen.messages, policyOf(parseRequest(frozen)));
        expect(proposalProblems(frozen.messages, answer.messages, analysis, answer.decisions)).toEqual([]);
        expect(newlyUnpaired(frozen.messages, answer.messages)).toEqual([]);
        expect(answer.stats.chars_after).toBeLessThanOrEqual(answer.stats.chars_before ?? 0);
        expect(answer.stats.chars_after).toBe(JSON.stringify(answer.messages).length);
        expect(answer.changed).toBe(JSON.stringify(answer.messages) !== JSON.stringify(frozen.messages));
        for (const d of answer.decisions) seen.set(d.reason, (seen.get(d.reason) ?? 0) + 1);
        for (const u of analysis.unpaired) seen.set(u.problem, (seen.get(u.problem) ?? 0) + 1);
      }),
      RUNS,
    );
    // The generator must reach every model reason, every guard and every pairing problem.
    expect([...seen.keys()].sort()).toEqual(
      [...MODEL_REASONS, ...GUARD_CODES, 'duplicate_id', 'missing_pair', 'reversed_pair'].sort(),
    );
  });

  it('R11 R14 the same invariants hold with the offline backend', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (input) => {
        const frozen = deepFreeze(structuredClone(input));
        const before = JSON.stringify(frozen);
        const response = await compactContext(frozen, { model: createOfflineModel() });
        expect(JSON.stringify(frozen)).toBe(before);
        if (!response.success) return expect(response.answer).not.toHaveProperty('messages');
        const analysis = analyze(frozen.messages, policyOf(parseRequest(frozen)));
        expect(
          proposalProblems(frozen.messages, response.answer.messages, analysis, response.answer.decisions),
        ).toEqual([]);
        expect(newlyUnpaired(frozen.messages, response.answer.messages)).toEqual([]);
        expect(response.answer.stats.chars_after).toBeLessThanOrEqual(response.answer.stats.chars_before ?? 0);
      }),
      RUNS,
    );
  });

  it('R12 every action equals decide() applied to the returned probabilities; guarded pairs have none', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, scriptedArb, async (input, model) => {
        const response = await compactContext(input, { model });
        if (!response.success) throw new Error(response.answer.error.message);
        const threshold = input.options.keep_threshold;
        const analysis = analyze(input.messages, policyOf(parseRequest(input)));
        const guardOf = new Map(analysis.pairs.map((p) => [p.pairId, p.guard]));
        for (const d of response.answer.decisions) {
          const guard = guardOf.get(d.pair_id) ?? null;
          if (guard !== null) {
            expect([d.keep_call, d.keep_result, d.action, d.reason]).toEqual([null, null, 'keep', guard]);
          } else {
            expect({ action: d.action, reason: d.reason }).toEqual(
              decide({ keepCall: d.keep_call as number, keepResult: d.keep_result as number }, threshold),
            );
          }
        }
        expect(response.answer.decisions.map((d) => d.pair_id)).toEqual(analysis.pairs.map((p) => p.pairId));
      }),
      RUNS,
    );
  });

  // decisionsFor takes no model, so re-deriving cannot ask one; that a threshold change in the
  // inspector sends no request is counted in test/renderer/store/store.test.ts and store.property.test.ts.
  it('R15 actions re-derived from the first run at a changed threshold equal a fresh run at that threshold', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, scriptArb, thresholdArb, async (input, script, threshold) => {
        const first = await compactDetailed(input, { model: createScriptedModel(script) });
        if (!first.response.success) throw new Error('run failed');
        const probabilities = new Map<string, number>();
        for (const d of first.response.answer.decisions) {
          if (d.keep_call !== null) probabilities.set(`call_${d.pair_id}`, d.keep_call);
          if (d.keep_result !== null) probabilities.set(`result_${d.pair_id}`, d.keep_result);
        }
        const rederived = decisionsFor(first.analysis, probabilities, threshold);
        const fresh = await compactContext(
          { ...input, options: { ...input.options, keep_threshold: threshold } },
          { model: createScriptedModel(script) },
        );
        if (!fresh.success) throw new Error('fresh run failed');
        const core = (d: (typeof rederived)[number]) => [d.pair_id, d.action, d.reason, d.keep_call, d.keep_result];
        expect(rederived.map(core)).toEqual(fresh.answer.decisions.map(core));
      }),
      RUNS,
    );
  });

  // §9 drop_receipts: archive refs from the default to ones longer than any pair, and ones JSON escapes.
  const archiveRefArb = fc.constantFrom(
    undefined,
    'a',
    'session.0123456789abcdef.jsonl',
    'r'.repeat(300),
    '\u0000"\\'.repeat(40),
  );
  const receiptRequestArb = fc.tuple(requestArb, archiveRefArb).map(([input, archiveRef]) => ({
    ...input,
    drop_receipts: true,
    ...(archiveRef === undefined ? {} : { archive_ref: archiveRef }),
  }));

  it('§9 R11 R14 with drop_receipts: input unchanged, receipts only where calls were, other blocks byte-identical, chars never grow', async () => {
    let receipts = 0;
    let dropsWithout = 0;
    await fc.assert(
      fc.asyncProperty(receiptRequestArb, scriptedArb, async (input, model) => {
        const frozen = deepFreeze(structuredClone(input));
        const before = JSON.stringify(frozen);
        const response = await compactContext(frozen, { model });
        expect(JSON.stringify(frozen)).toBe(before);
        expect(response.success).toBe(true);
        if (!response.success) return;
        const { answer } = response;
        const analysis = analyze(frozen.messages, policyOf(parseRequest(frozen)));
        const archiveRef = frozen.archive_ref ?? DEFAULT_ARCHIVE_REF;
        expect(proposalProblems(frozen.messages, answer.messages, analysis, answer.decisions, { archiveRef })).toEqual(
          [],
        );
        expect(newlyUnpaired(frozen.messages, answer.messages)).toEqual([]);
        expect(answer.stats.chars_after).toBeLessThanOrEqual(answer.stats.chars_before ?? 0);
        expect(answer.stats.chars_after).toBe(JSON.stringify(answer.messages).length);
        const placed =
          (JSON.stringify(answer.messages).match(/\[compacted: ran /g) ?? []).length -
          (before.match(/\[compacted: ran /g) ?? []).length;
        const drops = answer.decisions.filter((d) => d.action === 'drop_call').length;
        receipts += placed;
        dropsWithout += drops - placed;
      }),
      RUNS,
    );
    // The generator reaches both sides of the length rule: receipts placed, and receipts that cannot fit.
    expect(receipts).toBeGreaterThan(0);
    expect(dropsWithout).toBeGreaterThan(0);
  });

  it('§9 R15 with drop_receipts: re-derived actions rebuild the messages a fresh run at that threshold returns', async () => {
    await fc.assert(
      fc.asyncProperty(receiptRequestArb, scriptArb, thresholdArb, async (input, script, threshold) => {
        const first = await compactDetailed(input, { model: createScriptedModel(script) });
        if (!first.response.success) throw new Error('run failed');
        const probabilities = new Map<string, number>();
        for (const d of first.response.answer.decisions) {
          if (d.keep_call !== null) probabilities.set(`call_${d.pair_id}`, d.keep_call);
          if (d.keep_result !== null) probabilities.set(`result_${d.pair_id}`, d.keep_result);
        }
        const rederived = decisionsFor(first.analysis, probabilities, threshold);
        const actions = new Map<string, Action>(rederived.map((d) => [d.pair_id, d.action]));
        const request = parseRequest({ ...input, options: { ...input.options, keep_threshold: threshold } });
        const rebuilt = rebuild(input.messages, first.analysis.pairs, actions, rebuildOptionsOf(request));
        const fresh = await compactContext(request, { model: createScriptedModel(script) });
        if (!fresh.success) throw new Error('fresh run failed');
        expect(JSON.stringify(rebuilt.messages)).toBe(JSON.stringify(fresh.answer.messages));
      }),
      RUNS,
    );
  });
});
