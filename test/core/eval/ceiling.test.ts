/**
 * The label ceiling: a policy that knows every label keeps exactly the used results, and the
 * recall a floor allows is spent on the used results whose loss saves the most, never below the
 * floor under any label.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { labelCallUse } from '../../../core/eval/callLabel.js';
import type { CutCeiling } from '../../../core/eval/ceiling.js';
import { CEILING_VARIANTS, labelledActions, poolCeiling } from '../../../core/eval/ceiling.js';
import { pickCuts } from '../../../core/eval/cuts.js';
import { evaluateCut, toolNames } from '../../../core/eval/evaluate.js';
import { LABELS, labelContext, labelCut } from '../../../core/eval/labels.js';
import { renderHtml } from '../../../core/eval/html.js';
import { buildReport, renderTable } from '../../../core/eval/report.js';
import { configReads, debuggingSession } from './fixtures.js';

const both = { 'later-use': true, strict: true };
const laterOnly = { 'later-use': true, strict: false };

describe('label ceiling', () => {
  it('R12 keeps exactly the used results, truncates calls still needed and drops the rest whole', () => {
    const { messages } = debuggingSession();
    const cut = { index: 12, goal: 'Patch the constant.' };
    const history = messages.slice(0, cut.index);
    const analysis = analyze(history, {
      eligibleToolNames: toolNames(history),
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const context = labelContext(messages);
    const labels = labelCut(context, cut);
    const calls = labelCallUse(context, cut);
    const used = (callId: string) => LABELS.some((l) => labels[l].get(callId)?.used === true);
    expect(analysis.candidates.some((p) => used(p.callId))).toBe(true);
    expect(analysis.candidates.some((p) => !used(p.callId))).toBe(true);
    for (const variant of CEILING_VARIANTS) {
      const actions = labelledActions(analysis, labels, calls, variant);
      for (const pair of analysis.candidates) {
        const action = actions.get(pair.pairId);
        expect(action === 'keep').toBe(used(pair.callId));
        if (action === 'drop_result') {
          expect(variant).toBe('keepingNeededCalls');
          expect(calls.get(pair.callId)?.needed).toBe(true);
        }
      }
    }
  });

  it('spends the recall the floor allows on the largest savings, never below the floor under any label', () => {
    const cuts: CutCeiling[] = [
      {
        charsBefore: 1000,
        charsAfter: { keepingNeededCalls: 900, droppingCalls: 800 },
        used: [
          { saves: { keepingNeededCalls: 300, droppingCalls: 350 }, used: both },
          { saves: { keepingNeededCalls: 50, droppingCalls: 60 }, used: both },
        ],
      },
      {
        charsBefore: 1000,
        charsAfter: { keepingNeededCalls: 1000, droppingCalls: 1000 },
        used: [
          { saves: { keepingNeededCalls: 200, droppingCalls: 200 }, used: laterOnly },
          { saves: { keepingNeededCalls: 10, droppingCalls: 10 }, used: both },
        ],
      },
    ];
    const ceiling = poolCeiling(cuts, 0.5);
    // Full recall: only the labelled rebuilds' savings.
    expect(ceiling.keepingNeededCalls.full.reduction).toBeCloseTo(100 / 2000);
    expect(ceiling.droppingCalls.full.reduction).toBeCloseTo(200 / 2000);
    for (const label of LABELS) expect(ceiling.keepingNeededCalls.full.recall[label]).toBe(1);
    // 4 used under later-use, 3 under strict: the 300 goes (2/3 strict left), the 200 (later-use
    // only: 2/4 left), then the 50 would leave 1/3 strict: below the floor, so it stays.
    expect(ceiling.keepingNeededCalls.atFloor.reduction).toBeCloseTo((100 + 300 + 200) / 2000);
    expect(ceiling.keepingNeededCalls.atFloor.recall['later-use']).toBeCloseTo(2 / 4);
    expect(ceiling.keepingNeededCalls.atFloor.recall.strict).toBeCloseTo(2 / 3);
    for (const variant of CEILING_VARIANTS)
      for (const label of LABELS) expect(ceiling[variant].atFloor.recall[label]).toBeGreaterThanOrEqual(0.5);
  });

  it('is measured on every cut and printed beside the frontier and in --html; dropping calls never saves less', async () => {
    const { messages } = configReads();
    const context = labelContext(messages);
    const results = [];
    for (const cut of pickCuts(messages, 3))
      results.push(await evaluateCut('config', context, cut, createOfflineModel(), { maskM: 10, seeds: 1 }));
    const report = buildReport({
      backend: 'offline',
      model: null,
      settings: { cuts: 3, maskM: 10, seeds: 1, maxRecallLoss: 0.05, crossValidated: false },
      results,
    });
    const { keepingNeededCalls, droppingCalls } = report.ceiling;
    expect(keepingNeededCalls.full.reduction).toBeGreaterThan(0);
    expect(droppingCalls.full.reduction).toBeGreaterThanOrEqual(keepingNeededCalls.full.reduction);
    expect(droppingCalls.atFloor.reduction).toBeGreaterThanOrEqual(keepingNeededCalls.atFloor.reduction);
    expect(keepingNeededCalls.atFloor.reduction).toBeGreaterThanOrEqual(keepingNeededCalls.full.reduction);
    const table = renderTable(report);
    expect(table).toContain('CEILING (a policy that knew every label');
    expect(table).toMatch(/calls still needed kept, at 80 % recall +reduction +\d+\.\d%/);
    const html = renderHtml(report);
    expect(html).toContain('<table aria-label="Label ceiling">');
    expect(html).toMatch(/<th scope="row">every unused call dropped, at 80 % recall<\/th><td>\d+\.\d%<\/td>/);
  });
});
