/**
 * The audit view's filter, find and keyboard navigation as core functions
 * (core/inspect/filter.ts, navigate.ts; find in find.test.ts): which rows show,
 * and where Enter, Shift+Enter, j and k land.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlignedRow } from '../../../core/inspect/align.js';
import type { Overrides } from '../../../core/inspect/actions.js';
import { filterRows } from '../../../core/inspect/filter.js';
import { stepChange, stepMatch } from '../../../core/inspect/navigate.js';
import { auditModel } from '../../../core/inspect/review.js';
import { paymentRun, reviewedAt } from './paymentRun.js';

async function audited(threshold: number, overrides: Overrides = {}) {
  const run = await paymentRun();
  return { ...run, model: auditModel(run.messages, run.analysis, reviewedAt(run, threshold, overrides)) };
}

const row = (index: number, status: AlignedRow['status']): AlignedRow => ({
  index,
  id: `m${index}`,
  role: 'assistant',
  status,
  blocks: new Map(),
  pairIds: [],
  protected: false,
  ineligible: false,
  tools: [],
  lines: [],
});

describe('row filter', () => {
  it('"all" is the rows themselves; the others keep order and only matching rows', async () => {
    const { model } = await audited(0.6);
    expect(filterRows(model.rows, 'all', model.pairs)).toBe(model.rows);
    const changed = filterRows(model.rows, 'changed', model.pairs);
    expect(changed.length).toBe(model.changedRows);
    expect(changed.every((r) => r.status !== 'same')).toBe(true);
    expect(filterRows(model.rows, 'protected', model.pairs).every((r) => r.protected)).toBe(true);
    expect(filterRows(model.rows, 'ineligible', model.pairs).every((r) => r.ineligible)).toBe(true);
    const reads = filterRows(model.rows, 'tool:read_file', model.pairs);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.tools.includes('read_file'))).toBe(true);
    expect(reads.map((r) => r.index)).toEqual([...reads.map((r) => r.index)].sort((a, b) => a - b));
  });

  it('R12 "kept" shows the rows of candidates whose action is keep, overrides included', async () => {
    const { model, analysis } = await audited(0.6);
    const keptCandidates = (m: typeof model) =>
      new Set(analysis.candidates.filter((p) => m.pairs.get(p.pairId)!.action === 'keep').map((p) => p.call.message));
    const shown = (m: typeof model) => new Set(filterRows(m.rows, 'kept', m.pairs).map((r) => r.index));
    expect(keptCandidates(model).size).toBeGreaterThan(0);
    for (const index of keptCandidates(model)) expect(shown(model).has(index)).toBe(true);
    // Overriding every candidate to drop_call empties the filter: guarded pairs never count.
    const dropAll = Object.fromEntries(analysis.candidates.map((p) => [p.pairId, 'drop_call' as const]));
    const dropped = (await audited(0.6, dropAll)).model;
    expect(filterRows(dropped.rows, 'kept', dropped.pairs)).toEqual([]);
  });
});

describe('keyboard navigation', () => {
  it('Enter / Shift+Enter wrap around the matches; from a non-match they go to the nearest one', () => {
    const matches = [2, 5, 9];
    expect(stepMatch(matches, 5, 1)).toBe(9);
    expect(stepMatch(matches, 9, 1)).toBe(2);
    expect(stepMatch(matches, 2, -1)).toBe(9);
    expect(stepMatch(matches, 6, 1)).toBe(9);
    expect(stepMatch(matches, 6, -1)).toBe(5);
    expect(stepMatch(matches, 10, 1)).toBe(2);
    expect(stepMatch(matches, 1, -1)).toBe(9);
    expect(stepMatch(matches, -1, 1)).toBe(2);
    expect(stepMatch([], 3, 1)).toBeNull();
  });

  it('walking Enter from nothing visits every match once, in order, then wraps', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(200), { minLength: 1, maxLength: 30 }), (raw) => {
        const matches = [...raw].sort((a, b) => a - b);
        const seen: number[] = [];
        let at = -1;
        for (let i = 0; i < matches.length; i++) seen.push((at = stepMatch(matches, at, 1)!));
        expect(seen).toEqual(matches);
        expect(stepMatch(matches, at, 1)).toBe(matches[0]);
      }),
    );
  });

  it('j / k go to the next / previous changed or removed row and stop at the ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<AlignedRow['status']>('same', 'changed', 'removed'), { maxLength: 40 }),
        fc.integer({ min: -1, max: 40 }),
        (statuses, from) => {
          const rows = statuses.map((s, i) => row(i, s));
          const selected = Math.min(from, rows.length - 1);
          const changed = rows.map((r, i) => (r.status === 'same' ? -1 : i)).filter((i) => i >= 0);
          expect(stepChange(rows, selected, 1)).toBe(changed.find((i) => i > selected) ?? null);
          expect(stepChange(rows, selected, -1)).toBe([...changed].reverse().find((i) => i < selected) ?? null);
        },
      ),
    );
  });
});
