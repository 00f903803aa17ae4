/**
 * What `eval` shows a user about the model beyond one operating point: the reliability diagram
 * of `--html` (predicted keep_result against observed later use, per label) and the frontier of
 * the threshold sweep (R15: every threshold re-derived from the same probabilities).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../core/engine/scripted.js';
import { pickCuts } from '../../../core/eval/cuts.js';
import { evaluateCut } from '../../../core/eval/evaluate.js';
import { renderHtml } from '../../../core/eval/html.js';
import type { LabelName } from '../../../core/eval/labels.js';
import { LABELS, labelContext } from '../../../core/eval/labels.js';
import type { Figures } from '../../../core/eval/measure.js';
import type { PooledByLabel } from '../../../core/eval/pool.js';
import { frontier } from '../../../core/eval/pool.js';
import { reliabilityBins } from '../../../core/eval/reliability.js';
import { buildReport, renderTable } from '../../../core/eval/report.js';
import { debuggingSession } from './fixtures.js';

async function scriptedCut() {
  const { messages } = debuggingSession();
  const context = labelContext(messages);
  const [cut] = pickCuts(messages, 1);
  // c1 is the read whose identifiers the agent uses later; the others are given low or middling scores.
  const model = createScriptedModel({
    answers: { c1: { call: 0.9, result: 0.95 }, c2: { call: 0.1, result: 0.05 }, c3: { call: 0.6, result: 0.42 } },
    default: { call: 0.2, result: 0.12 },
  });
  return evaluateCut('fixture', context, cut, model, { maskM: 10, seeds: 1, options: { preserve_recent_messages: 0 } });
}

/** The report `eval` builds over that one cut. */
async function scriptedReport() {
  return buildReport({
    backend: 'scripted',
    model: null,
    settings: { cuts: 1, maskM: 10, seeds: 1, maxRecallLoss: 0.05, crossValidated: false },
    results: [await scriptedCut()],
  });
}

describe('reliability diagram', () => {
  it('bins every scored candidate by keep_result and counts the share used later under each label', async () => {
    const result = await scriptedCut();
    expect(result.error).toBeNull();
    for (const label of LABELS) {
      const bins = reliabilityBins([result], label);
      expect(bins).toHaveLength(10);
      expect(bins.reduce((n, b) => n + b.candidates, 0)).toBe(result.candidates.length);
      for (const bin of bins) {
        const inBin = result.candidates.filter(
          (c) => c.keep_result !== null && Math.min(9, Math.floor(c.keep_result * 10)) === Math.round(bin.from * 10),
        );
        expect(bin.candidates).toBe(inBin.length);
        if (inBin.length === 0) expect(bin.observed).toBeNull();
        else expect(bin.observed).toBeCloseTo(inBin.filter((c) => c.used[label]).length / inBin.length, 10);
      }
      // The read the agent quoted later sits in the top bin and was used.
      expect(bins[9]).toMatchObject({ candidates: 1, observed: 1 });
    }
  });

  it('eval --html draws it as an inline SVG with a table of the bins', async () => {
    const report = await scriptedReport();
    const html = renderHtml(report);
    expect(html).toMatch(/<svg[^>]+aria-label="Reliability diagram: predicted keep_result against observed later use"/);
    expect(html).toMatch(/<th>used later \(strict\)<\/th>/);
    expect(html).not.toMatch(/<script/);
  });
});

const sweepPoint = fc.record({
  reduction: fc.double({ min: 0, max: 1, noNaN: true }),
  recallL: fc.double({ min: 0, max: 1, noNaN: true }),
  recallS: fc.double({ min: 0, max: 1, noNaN: true }),
});

function pooledOf(points: Array<{ reduction: number; recallL: number; recallS: number }>): PooledByLabel {
  const at = (label: LabelName) =>
    ({
      sweep: points.map((p, i) => ({
        threshold: (i + 1) / 20,
        reduction: p.reduction,
        recall: label === 'strict' ? p.recallS : p.recallL,
      })),
    }) as unknown as PooledByLabel[LabelName];
  return { 'later-use': at('later-use'), strict: at('strict') };
}

describe('frontier (R15)', () => {
  it('R15 keeps exactly the thresholds no other one beats on reduction and recall under both labels', () => {
    fc.assert(
      fc.property(fc.array(sweepPoint, { minLength: 1, maxLength: 19 }), (points) => {
        const front = frontier(pooledOf(points));
        const weakly = (a: (typeof points)[number], b: (typeof points)[number]) =>
          a.reduction >= b.reduction && a.recallL >= b.recallL && a.recallS >= b.recallS;
        const strictly = (a: (typeof points)[number], b: (typeof points)[number]) =>
          weakly(a, b) && (a.reduction > b.reduction || a.recallL > b.recallL || a.recallS > b.recallS);
        const onFront = new Set(front.map((p) => Math.round(p.threshold * 20) - 1));
        points.forEach((p, i) => expect(onFront.has(i)).toBe(!points.some((q) => strictly(q, p))));
        const reductions = front.map((p) => (p.byLabel['later-use'] as Figures).reduction);
        expect([...reductions].sort((a, b) => a - b)).toEqual(reductions);
      }),
    );
  });

  it('eval prints the frontier and marks the run’s own threshold', async () => {
    const report = await scriptedReport();
    const table = renderTable(report);
    expect(table).toMatch(/^FRONTIER \(recall later-use \/ strict against reduction/m);
    // Here t = 0.95 keeps the one used result and removes more: the run's 0.50 is shown, beaten.
    expect(table).toMatch(/^ {2}t = 0\.50 .*← this run \(another threshold beats it\)$/m);
    expect(table).toMatch(/^ {2}t = 0\.95 {2}reduction/m);
    expect(table).toMatch(/^CALLS: \d+ of \d+ candidates dropped whole/m);
  });
});
