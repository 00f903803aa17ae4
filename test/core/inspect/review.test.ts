/**
 * core/inspect/review.ts: the audit model the store derives once per change. Its verdicts and
 * actions are the engine's (R12, R15), its truncated previews are what rebuild writes (R13),
 * and before a run it shows only guards (R3, R4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../../core/engine/decide.js';
import type { Analysis } from '../../../core/engine/guards.js';
import { blocksOf } from '../../../core/engine/pairing.js';
import { rebuild } from '../../../core/engine/rebuild.js';
import type { Action, Message } from '../../../core/engine/schema.js';
import { ACTIONS } from '../../../core/engine/schema.js';
import { deriveActions, modelVerdict } from '../../../core/inspect/actions.js';
import { auditModel, reviewPairs } from '../../../core/inspect/review.js';
import { paymentRun, REBUILD_OPTIONS, reviewedAt } from './paymentRun.js';

describe('pair reviews', () => {
  it('R12 R15 every verdict is decide() at the threshold and every action is the override or the verdict', async () => {
    const r = await paymentRun();
    const ids = r.analysis.pairs.map((p) => p.pairId);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.dictionary(fc.constantFrom(...ids), fc.constantFrom<Action>(...ACTIONS), { maxKeys: 4 }),
        (threshold, overrides) => {
          const reviews = reviewPairs(r.analysis.pairs, reviewedAt(r, threshold, overrides));
          expect([...reviews.keys()]).toEqual(ids);
          for (const pair of r.analysis.pairs) {
            const review = reviews.get(pair.pairId)!;
            const expected = decide(r.probabilities.get(pair.pairId) ?? null, threshold, pair.guard);
            expect(review.model).toEqual(expected);
            expect(review.reason).toBe(expected.reason);
            expect(review.override).toBe(overrides[pair.pairId] ?? null);
            expect(review.action).toBe(overrides[pair.pairId] ?? expected.action);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('R3 a guarded pair is kept with its guard and has no probabilities', async () => {
    const r = await paymentRun();
    const reviews = reviewPairs(r.analysis.pairs, reviewedAt(r, 0.5));
    const guarded = r.analysis.pairs.filter((p) => p.guard !== null);
    expect(guarded.length).toBeGreaterThan(0);
    for (const pair of guarded)
      expect(reviews.get(pair.pairId)).toMatchObject({
        action: 'keep',
        reason: pair.guard,
        keepCall: null,
        keepResult: null,
      });
  });

  it('R12 the evaluated candidates carry the run answers and the offline evidence', async () => {
    const r = await paymentRun();
    const reviews = reviewPairs(r.analysis.pairs, reviewedAt(r, 0.5));
    for (const candidate of r.analysis.candidates) {
      const decision = r.decisions.get(candidate.pairId)!;
      const review = reviews.get(candidate.pairId)!;
      expect(review.keepCall).toBe(decision.keep_call);
      expect(review.keepResult).toBe(decision.keep_result);
      expect(review.evidence).toBe(decision.evidence ?? null);
      expect(review.evidenceLinks).toBe(decision.evidence_links ?? null);
    }
  });

  it('R12 a candidate the run has no probabilities for is kept as not_evaluated, never guessed', async () => {
    const r = await paymentRun();
    const [first] = r.analysis.candidates;
    const probabilities = new Map(r.probabilities);
    probabilities.delete(first.pairId);
    const run = { ...reviewedAt(r, 0.99), probabilities };
    run.actions = deriveActions(r.analysis.pairs, probabilities, 0.99);
    expect(reviewPairs(r.analysis.pairs, run).get(first.pairId)).toMatchObject({
      action: 'keep',
      model: { action: 'keep', reason: 'not_evaluated' },
      reason: 'not_evaluated',
    });
    expect(modelVerdict(null, null, 0.99)).toEqual({ action: 'keep', reason: 'not_evaluated' });
    expect(() => decide(null, 0.99)).toThrow();
  });

  it('R3 R4 before a run: no action or verdict, the guard or "candidate" as the reason', async () => {
    const r = await paymentRun();
    const model = auditModel(r.messages, r.analysis, null);
    for (const pair of r.analysis.pairs)
      expect(model.pairs.get(pair.pairId)).toMatchObject({
        action: null,
        model: null,
        override: null,
        reason: pair.guard ?? 'candidate',
      });
    expect(model.changedRows).toBe(0);
    expect(model.rows.every((row) => row.status === 'same')).toBe(true);
    // R4: the first message and the recent window are protected rows.
    expect(model.rows[0].protected).toBe(true);
    expect(model.rows[model.rows.length - 1].protected).toBe(true);
  });
});

describe('audit model rows', () => {
  /** The rebuilt result of each call id (ids are unique in a pair, R2). */
  function rebuiltResults(messages: Message[], analysis: Analysis, actions: ReadonlyMap<string, Action>) {
    const out = new Map<unknown, unknown>();
    for (const message of rebuild(messages, analysis.pairs, actions, REBUILD_OPTIONS).messages)
      for (const block of blocksOf(message)) if (block.type === 'tool_result') out.set(block.id, block.output);
    return out;
  }

  it('R13 a truncated result shows exactly the output the export writes', async () => {
    const r = await paymentRun(0);
    let truncated = 0;
    // The critical read truncated by an override (R12: an override wins over the probabilities),
    // so a truncation is shown whatever the model's weights propose.
    const retryPolicy = r.analysis.pairs.find((p) => p.callId === 'toolu_05RetryPolicy')!.pairId;
    for (const threshold of [0.3, 0.5, 0.9]) {
      const run = reviewedAt(r, threshold, { [retryPolicy]: 'drop_result' });
      const model = auditModel(r.messages, r.analysis, run);
      const results = rebuiltResults(r.messages, r.analysis, run.actions);
      const callIds = new Map(r.analysis.pairs.map((p) => [p.pairId, p.callId]));
      for (const row of model.rows)
        for (const fate of row.blocks.values()) {
          if (fate.fate !== 'truncated') continue;
          truncated++;
          expect(fate.action).toBe('drop_result');
          expect(fate.truncatedOutput).toEqual(results.get(callIds.get(fate.pairId!)));
          expect(fate.truncatedOutput).not.toEqual(
            r.analysis.pairs.find((p) => p.pairId === fate.pairId)!.resultBlock.output,
          );
        }
    }
    expect(truncated).toBeGreaterThan(0);
  });

  it('R14 changedRows counts the rows the proposal changes or removes', async () => {
    const r = await paymentRun(0);
    const model = auditModel(r.messages, r.analysis, reviewedAt(r, 0.9));
    const changed = model.rows.filter((row) => row.status !== 'same').length;
    expect(changed).toBeGreaterThan(0);
    expect(model.changedRows).toBe(changed);
  });
});
