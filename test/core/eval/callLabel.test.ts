/**
 * The keep_call label (R8's call question) on small hand-made histories: a call is needed
 * later when its target is named, read or edited again from the next action on; a target
 * named everywhere, a short number or a device path points at no call.
 */
import { describe, expect, it } from 'vitest';
import { labelCallUse } from '../../../core/eval/callLabel.js';
import type { Cut } from '../../../core/eval/cuts.js';
import { goalOf } from '../../../core/eval/cuts.js';
import { callTarget } from '../../../core/eval/fit.js';
import { labelContext } from '../../../core/eval/labels.js';
import type { Sample } from '../../../core/eval/training.js';
import { History } from './fixtures.js';

const cutAt = (h: History, id: string): Cut => {
  const index = Number(id.slice(1));
  return { index, goal: goalOf(h.messages[index]) };
};

describe('keep_call label (R8)', () => {
  it('R8 labels a call needed when the next action edits the file it read', () => {
    const h = new History();
    h.user('Fix the rounding in the invoice totals.');
    h.tool('c1', 'read', { path: 'billing/invoice.py' }, 'def total(): ...');
    h.tool('c2', 'read', { path: 'docs/style.md' }, 'Use four spaces.');
    const goal = h.tool('c3', 'edit', { path: 'billing/invoice.py', old_string: 'a', new_string: 'b' }, 'ok');
    const labels = labelCallUse(labelContext(h.messages), cutAt(h, goal));
    expect(labels.get('c1')).toEqual({ needed: true, terms: expect.arrayContaining(['billing/invoice.py']) });
    expect(labels.get('c2')?.needed).toBe(false);
  });

  it('R8 counts a later mention after the goal, and never one before the cut', () => {
    const h = new History();
    h.user('Find the failing job.');
    h.tool('c1', 'logs', { job: 'build_assets_7731' }, 'timeout at upload');
    h.say('build_assets_7731 timed out; looking elsewhere.');
    const goal = h.say('Checking the runners.');
    h.tool('c2', 'runners', { pool: 'linux' }, 'all healthy');
    h.say('Back to build_assets_7731: it needs a longer upload timeout.');
    const context = labelContext(h.messages);
    expect(labelCallUse(context, cutAt(h, goal)).get('c1')?.needed).toBe(true);
    const noFuture = new History();
    noFuture.user('Find the failing job.');
    noFuture.tool('c1', 'logs', { job: 'build_assets_7731' }, 'timeout at upload');
    noFuture.say('build_assets_7731 timed out; looking elsewhere.');
    const g = noFuture.say('Checking the runners.');
    noFuture.tool('c2', 'runners', { pool: 'linux' }, 'all healthy');
    expect(labelCallUse(labelContext(noFuture.messages), cutAt(noFuture, g)).get('c1')?.needed).toBe(false);
  });

  it('R8 ignores short numbers, device paths and terms the agent names in most messages', () => {
    const h = new History();
    h.user('Tidy the repository.');
    for (let i = 0; i < 10; i++) h.tool(`r${i}`, 'bash', { command: `ls monorepo_root/pkg${i} 2>/dev/null` }, 'x');
    h.tool('c1', 'bash', { command: 'grep -c TODO monorepo_root 2>/dev/null | head -2024' }, '3');
    const goal = h.say('Cleaning monorepo_root now; output to /dev/null, 2024 lines.');
    h.say('done');
    const labels = labelCallUse(labelContext(h.messages), cutAt(h, goal));
    expect(labels.get('c1')).toEqual({ needed: false, terms: [] });
  });

  it('the keep_call target is 1 for a named call, else the keep_result target (mean of the labels)', () => {
    const base = { used: { 'later-use': true, strict: false }, callNamed: false } as unknown as Sample;
    expect(callTarget(base)).toBe(0.5);
    expect(callTarget({ ...base, callNamed: true })).toBe(1);
    expect(callTarget({ ...base, used: { 'later-use': false, strict: false } })).toBe(0);
  });
});
