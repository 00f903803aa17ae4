/**
 * The side-by-side alignment is re-derived after every threshold step (R15); for the same
 * analysis it re-aligns only the rows whose pairs changed action. It must always equal an
 * alignment made from scratch, and leave untouched rows the same objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../../core/engine/guards.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Action, Block, Message } from '../../../core/engine/schema.js';
import { alignRows } from '../../../core/inspect/align.js';
import type { Truncation } from '../../../core/inspect/sizeModel.js';
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

const call = (id: string, name = 'read_file'): Block => ({
  type: 'tool_call',
  id,
  name,
  input: '{"path":"a.txt"}',
  state: 'finished',
});
const result = (id: string, output: string, name = 'read_file'): Block => ({
  type: 'tool_result',
  id,
  name,
  output,
  state: 'success',
});
const everyTool: Policy = {
  eligibleToolNames: ['read_file'],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 0,
};

describe('blockLines: each replacement beside the block it replaces', () => {
  it('R14 a dropped call and its result share one marker on their own lines; R13 a shortened result stays on its line', () => {
    const messages: Message[] = [
      { id: 'u0', role: 'user', content: 'task' },
      {
        id: 'a1',
        role: 'assistant',
        content: [
          { type: 'text', text: 'reading' },
          call('c1'),
          result('c1', 'x'.repeat(2000)),
          call('c2'),
          result('c2', 'y'.repeat(2000)),
          { type: 'text', text: 'done' },
        ],
      },
    ];
    const analysis = analyze(messages, everyTool);
    const [p1, p2] = analysis.pairs.map((p) => p.pairId);
    const truncated = new Map<string, Truncation | null>([[p2, { output: 'y…', blockChars: 10 }]]);
    const actions = new Map<string, Action>([
      [p1, 'drop_call'],
      [p2, 'drop_result'],
    ]);
    const [first, row] = alignRows(messages, analysis, actions, truncated);
    expect(first.lines).toEqual([{ block: 0, shows: 'same', span: 1, pairId: null }]);
    expect(row.lines).toEqual([
      { block: 0, shows: 'same', span: 1, pairId: null },
      { block: 1, shows: 'removed', span: 2, pairId: p1 },
      { block: 2, shows: 'removed', span: 0, pairId: p1 },
      { block: 3, shows: 'same', span: 1, pairId: p2 },
      { block: 4, shows: 'truncated', span: 1, pairId: p2 },
      { block: 5, shows: 'same', span: 1, pairId: null },
    ]);
  });

  it('R14 a call whose result is in a later message is marked on its own line in each message', () => {
    const messages: Message[] = [
      { id: 'u0', role: 'user', content: 'task' },
      { id: 'a1', role: 'assistant', content: [call('c1'), { type: 'text', text: 'waiting' }] },
      { id: 'u2', role: 'user', content: [result('c1', 'z'.repeat(900))] },
    ];
    const analysis = analyze(messages, everyTool);
    const actions = new Map<string, Action>([[analysis.pairs[0].pairId, 'drop_call']]);
    const rows = alignRows(messages, analysis, actions);
    expect(rows[1].lines.map((l) => [l.shows, l.span])).toEqual([
      ['removed', 1],
      ['same', 1],
    ]);
    expect(rows[2].lines.map((l) => [l.shows, l.span])).toEqual([['removed', 1]]);
    expect(rows[2].status).toBe('removed');
  });

  it('R14 two dropped calls side by side keep a marker each (one per call, never merged across pairs)', () => {
    fc.assert(
      fc.property(historyArb, fc.array(actionArb, { minLength: 10, maxLength: 10 }), (messages, step) => {
        const analysis = analyze(messages, { ...everyTool, eligibleToolNames: [...TOOL_NAMES] });
        const actions = new Map(analysis.pairs.map((p, i) => [p.pairId, step[i % step.length]] as const));
        for (const [i, row] of alignRows(messages, analysis, actions).entries()) {
          const count = typeof messages[i].content === 'string' ? 1 : (messages[i].content?.length ?? 0);
          // One line per original block, in order, and the spans cover each line exactly once.
          expect(row.lines.map((l) => l.block)).toEqual([...Array(count).keys()]);
          expect(row.lines.reduce((n, l) => n + l.span, 0)).toBe(count);
          row.lines.forEach((line, b) => {
            expect(line.shows === 'removed').toBe(row.blocks.get(b)?.fate === 'removed');
            if (line.span === 0) expect(row.lines[b - 1].pairId).toBe(line.pairId);
            if (line.span === 2) expect(row.lines[b + 1].pairId).toBe(line.pairId);
          });
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
