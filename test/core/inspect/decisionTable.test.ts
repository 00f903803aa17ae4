/**
 * core/inspect/decisionTable.ts and glossary.ts: every pair as a row with the audit's action
 * and reason (R12, R15), sorted and filtered as the decisions table shows it, and one
 * explanation for every term the decision view can show.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, GUARD_CODES, MODEL_REASONS } from '../../../core/engine/schema.js';
import { estimateTokens } from '../../../core/engine/tokens.js';
import type { DecisionSort } from '../../../core/inspect/decisionTable.js';
import { decisionRows, viewDecisions } from '../../../core/inspect/decisionTable.js';
import { displayOutput } from '../../../core/inspect/display.js';
import { explain } from '../../../core/inspect/glossary.js';
import { auditModel } from '../../../core/inspect/review.js';
import { paymentRun, reviewedAt } from './paymentRun.js';

async function table(overrides = {}) {
  const run = await paymentRun();
  const audit = auditModel(run.messages, run.analysis, reviewedAt(run, 0.5, overrides));
  return { run, audit, rows: decisionRows(run.analysis, audit, { [run.analysis.candidates[0].pairId]: 'checked' }) };
}

const ALL = { text: '', action: 'all' } as const;
const NONE: DecisionSort = { column: null, dir: 'ascending' };

describe('decisions table', () => {
  it('R12 R15 one row per pair with the audit action, reason, answers, override and comment', async () => {
    const first = (await table()).run.analysis.candidates[0].pairId;
    const { run, audit, rows } = await table({ [first]: 'drop_result' });
    expect(rows.map((r) => r.pairId)).toEqual(run.analysis.pairs.map((p) => p.pairId));
    for (const row of rows) {
      const review = audit.pairs.get(row.pairId)!;
      expect(row).toMatchObject({ action: review.action, reason: review.reason, keepCall: review.keepCall });
      const pair = run.analysis.pairs.find((p) => p.pairId === row.pairId)!;
      expect(row.resultChars).toBe(displayOutput(pair.resultBlock.output).length);
      expect(row.resultTokens).toBe(estimateTokens(displayOutput(pair.resultBlock.output)));
      expect(row.callMessage).toBe(pair.call.message);
    }
    const overridden = rows.find((r) => r.pairId === first)!;
    expect(overridden).toMatchObject({ override: 'drop_result', action: 'drop_result', comment: 'checked' });
  });

  it('sorts by any column both ways, nulls last, ties in pair order; filters by action and text', async () => {
    const { rows } = await table();
    const up = viewDecisions(rows, ALL, { column: 'resultChars', dir: 'ascending' }).map((r) => r.resultChars);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = viewDecisions(rows, ALL, { column: 'resultChars', dir: 'descending' }).map((r) => r.resultChars);
    expect(down).toEqual([...up].reverse());
    const byKeep = viewDecisions(rows, ALL, { column: 'keepResult', dir: 'descending' });
    const firstNull = byKeep.findIndex((r) => r.keepResult === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(byKeep.slice(firstNull).every((r) => r.keepResult === null)).toBe(true);
    expect(viewDecisions(rows, ALL, NONE)).toEqual(rows);
    for (const action of ACTIONS)
      expect(viewDecisions(rows, { text: '', action }, NONE).every((r) => r.action === action)).toBe(true);
    const candidates = viewDecisions(rows, { text: '', action: 'candidates' }, NONE);
    const guarded = viewDecisions(rows, { text: '', action: 'guarded' }, NONE);
    expect(candidates.length + guarded.length).toBe(rows.length);
    expect(guarded.every((r) => (GUARD_CODES as readonly string[]).includes(r.reason))).toBe(true);
    const reads = viewDecisions(rows, { text: 'READ_FILE', action: 'all' }, NONE);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => `${r.toolName} ${r.input}`.toLowerCase().includes('read_file'))).toBe(true);
    expect(viewDecisions(rows, { text: 'checked', action: 'all' }, NONE)).toHaveLength(1);
  });

  it('R3 R5 R12 every reason code, action and evidence kind has one line of explanation', () => {
    for (const term of [
      ...GUARD_CODES,
      ...MODEL_REASONS,
      ...ACTIONS,
      'candidate',
      'keep_call',
      'keep_result',
      'override',
      'evidence',
      'quoted_in',
      'terms',
      'superseded_by',
    ]) {
      const line = explain(term);
      expect(line, term).toBeTruthy();
      expect(line!.includes('\n'), term).toBe(false);
    }
    expect(explain('no such term')).toBeNull();
    expect(explain('constructor')).toBeNull();
  });
});
