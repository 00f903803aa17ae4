/**
 * A threshold step re-derives actions without the model (R15), and on a big history only the
 * pairs whose probabilities the step crosses are decided and reviewed again (crossing.ts).
 * Stepping from the last derive must give exactly what deriving every pair from scratch gives,
 * for any sequence of thresholds, with ties at the threshold (R12's `>=`), overrides,
 * guarded pairs and candidates the run did not evaluate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../../core/engine/guards.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Action, Decision } from '../../../core/engine/schema.js';
import type { DerivedActions, Overrides } from '../../../core/inspect/actions.js';
import { deriveActions, probabilitiesOf } from '../../../core/inspect/actions.js';
import { buildSizeModel, charsAfter } from '../../../core/inspect/sizeModel.js';
import { crossingPairs } from '../../../core/inspect/crossing.js';
import type { AuditModel, ReviewedRun, RunPairReview } from '../../../core/inspect/review.js';
import { auditModel, reviewPairs } from '../../../core/inspect/review.js';
import { historyArb, TOOL_NAMES } from '../../support/arbitraries.js';

// Ties with the thresholds below are what the stepping must get right (R12: `p >= t` keeps).
const TIES = [0, 0.1, 0.25, 0.5, 0.7, 1];
const probabilityArb = fc.oneof(fc.constantFrom(...TIES), fc.double({ min: 0, max: 1, noNaN: true }));
const thresholdArb = fc.oneof(fc.constantFrom(...TIES), fc.double({ min: 0, max: 1, noNaN: true }));
const answerArb = fc.option(fc.record({ call: probabilityArb, result: probabilityArb }), { freq: 5 });
const overrideArb = fc.option(fc.constantFrom<Action>('keep', 'drop_result', 'drop_call'), { freq: 4 });

const policyOf = (recent: number): Policy => ({
  eligibleToolNames: [...TOOL_NAMES.slice(0, 2)],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: recent,
});

const scenarioArb = fc.record({
  messages: historyArb,
  recent: fc.nat({ max: 3 }),
  answers: fc.array(answerArb, { minLength: 12, maxLength: 12 }),
  overrides: fc.array(overrideArb, { minLength: 12, maxLength: 12 }),
  thresholds: fc.array(thresholdArb, { minLength: 2, maxLength: 8 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** The run's decisions: a candidate's answer is null when the run did not evaluate it. */
function setup({ messages, recent, answers, overrides: picked }: Scenario) {
  const analysis = analyze(messages, policyOf(recent));
  const decisions: Decision[] = [];
  analysis.pairs.forEach((pair, i) => {
    const answer = pair.guard === null ? answers[i % answers.length] : null;
    decisions.push({
      pair_id: pair.pairId,
      call_id: pair.callId,
      tool_name: pair.toolName,
      action: 'keep',
      reason: pair.guard ?? 'result_needed',
      keep_call: answer?.call ?? null,
      keep_result: answer?.result ?? null,
      evidence: [`term${i}`],
    });
  });
  const overrides: Record<string, Action> = {};
  analysis.pairs.forEach((pair, i) => {
    const o = picked[(i * 7) % picked.length];
    if (o) overrides[pair.pairId] = o;
  });
  const probs = probabilitiesOf(decisions);
  const byId = new Map(decisions.map((d) => [d.pair_id, d]));
  const sizes = buildSizeModel(messages, analysis.pairs, {
    truncateHeadChars: 3,
    truncateTailChars: 0,
    archiveRef: 'archive',
  });
  return { messages, analysis, probs, decisions: byId, overrides: overrides as Overrides, sizes };
}

describe('threshold steps (R15)', () => {
  it('R12 R15 stepped actions equal deciding every pair, for any threshold sequence', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { analysis, probs, overrides } = setup(scenario);
        let from: DerivedActions | undefined;
        for (const threshold of scenario.thresholds) {
          const actions = deriveActions(analysis.pairs, probs, threshold, overrides, from);
          const full = deriveActions(analysis.pairs, probs, threshold, overrides);
          expect([...actions]).toEqual([...full]);
          from = { pairs: analysis.pairs, probs, threshold, overrides, actions };
        }
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('R13 R14 R15 stepped chars_after equals measuring every message, for any threshold sequence', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { messages, analysis, probs, overrides, sizes } = setup(scenario);
        let from: DerivedActions | undefined;
        for (const threshold of scenario.thresholds) {
          const actions = deriveActions(analysis.pairs, probs, threshold, overrides, from);
          // A size model of its own has no last measure to step from: every message is measured.
          const fresh = buildSizeModel(messages, analysis.pairs, {
            truncateHeadChars: 3,
            truncateTailChars: 0,
            archiveRef: 'archive',
          });
          expect(charsAfter(sizes, actions)).toBe(charsAfter(fresh, actions));
          from = { pairs: analysis.pairs, probs, threshold, overrides, actions };
        }
      }),
      { seed: 12, numRuns: 400 },
    );
  });

  it('R15 every pair outside the crossing set has the same action at both thresholds', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { analysis, probs } = setup(scenario);
        const [a, b] = scenario.thresholds;
        const crossing = new Set(crossingPairs(analysis.pairs, probs, a, b).map((p) => p.pairId));
        const atA = deriveActions(analysis.pairs, probs, a);
        const atB = deriveActions(analysis.pairs, probs, b);
        for (const pair of analysis.pairs)
          if (!crossing.has(pair.pairId)) expect(atB.get(pair.pairId)).toBe(atA.get(pair.pairId));
      }),
      { seed: 12, numRuns: 400 },
    );
  });

  it('R12 R15 stepped reviews and audit model equal fresh ones; reviews no step touches are the same objects', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { messages, analysis, probs, decisions, overrides, sizes } = setup(scenario);
        let last: { run: ReviewedRun; audit: AuditModel<RunPairReview> } | null = null;
        for (const threshold of scenario.thresholds) {
          const stepped = last && {
            pairs: analysis.pairs,
            probs,
            threshold: last.run.threshold,
            overrides,
            actions: last.run.actions,
          };
          const actions = deriveActions(analysis.pairs, probs, threshold, overrides, stepped ?? undefined);
          const run: ReviewedRun = { decisions, probabilities: probs, threshold, overrides, actions };
          const audit: AuditModel<RunPairReview> = auditModel(
            messages,
            analysis,
            { ...run, sizes },
            last ? { analysis, ...last } : undefined,
          );
          // A fresh analysis: nothing from the steps before can be reused.
          const fresh = analyze(messages, policyOf(scenario.recent));
          expect(audit).toEqual(auditModel(messages, fresh, { ...run, sizes }));
          expect([...audit.pairs.keys()]).toEqual(analysis.pairs.map((p) => p.pairId));
          if (last) {
            const previous = last;
            const touched = new Set(crossingPairs(analysis.pairs, probs, previous.run.threshold, threshold));
            for (const pair of analysis.pairs)
              if (!touched.has(pair)) expect(audit.pairs.get(pair.pairId)).toBe(previous.audit.pairs.get(pair.pairId));
            // Reviews of the previous run taken as they are would be wrong wherever a verdict moved.
            expect([...reviewPairs(analysis.pairs, run).values()]).toEqual([...audit.pairs.values()]);
          }
          last = { run, audit };
        }
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('R12 a stepped review shows the action it is given, also one no threshold derives', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(fc.constantFrom<Action>('keep', 'drop_result', 'drop_call'), { minLength: 5, maxLength: 5 }),
        (scenario, picked) => {
          const { analysis, probs, decisions, overrides } = setup(scenario);
          const [a, b] = scenario.thresholds;
          const atA = deriveActions(analysis.pairs, probs, a, overrides);
          const first: ReviewedRun = { decisions, probabilities: probs, threshold: a, overrides, actions: atA };
          const reviews = reviewPairs(analysis.pairs, first);
          const given = new Map(analysis.pairs.map((p, i) => [p.pairId, picked[i % picked.length]] as const));
          const run: ReviewedRun = { ...first, threshold: b, actions: given };
          const stepped = reviewPairs(analysis.pairs, run, { pairs: analysis.pairs, run: first, reviews });
          expect([...stepped.values()]).toEqual([...reviewPairs(analysis.pairs, run).values()]);
        },
      ),
      { seed: 14, numRuns: 300 },
    );
  });
});
