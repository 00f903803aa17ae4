/**
 * Later-use labels and cut points on small hand-made histories: a result is
 * used later only through distinctive content first seen in it that the agent writes or calls
 * after the goal — not content known before, not the goal's words, not the call's own input.
 */
import { describe, expect, it } from 'vitest';
import { goalOf, MIN_HISTORY, pickCuts } from '../../../core/eval/cuts.js';
import type { Cut } from '../../../core/eval/cuts.js';
import { labelContext, labelLaterUse } from '../../../core/eval/labels.js';
import { debuggingSession, History } from './fixtures.js';

function cutAt(h: History, index: number): Cut {
  return { index, goal: goalOf(h.messages[index]) };
}

describe('later-use labels', () => {
  it('labels a result used when the agent later calls with an identifier first seen in it', () => {
    const h = new History();
    h.user('Find the failing job.');
    h.tool('c1', 'search', { query: 'nightly failures' }, 'job build_assets_7731 failed at step upload');
    const goal = h.say('Looking at the logs next.');
    h.tool('c2', 'logs', { job: 'build_assets_7731' }, 'timeout');
    const labels = labelLaterUse(labelContext(h.messages), cutAt(h, Number(goal.slice(1))));
    expect(labels.get('c1')).toEqual({ used: true, terms: ['build_assets_7731'] });
  });

  it('does not count content that was known before the call', () => {
    const h = new History();
    h.user('The job build_assets_7731 keeps failing.');
    h.tool('c1', 'search', { query: 'nightly failures' }, 'job build_assets_7731 failed at step upload');
    const goal = h.say('Looking at the logs next.');
    h.tool('c2', 'logs', { job: 'build_assets_7731' }, 'timeout');
    expect(labelLaterUse(labelContext(h.messages), cutAt(h, Number(goal.slice(1)))).get('c1')?.used).toBe(false);
  });

  it("does not count the call's own input or the goal's own words", () => {
    const h = new History();
    h.user('Find the failing job.');
    h.tool('c1', 'logs', { job: 'deploy_web_12' }, 'deploy_web_12: exit 3 in stage smoke_tests_eu');
    const goal = h.tool('c2', 'rerun', { stage: 'smoke_tests_eu' }, 'queued');
    h.say('Re-ran deploy_web_12 stage smoke_tests_eu.');
    const labels = labelLaterUse(labelContext(h.messages), cutAt(h, Number(goal.slice(1))));
    // deploy_web_12 is the call's input; smoke_tests_eu is in the goal (the next action).
    expect(labels.get('c1')?.used).toBe(false);
  });

  it('does not count a term that reappears only in a later tool result, which the agent did not write', () => {
    const h = new History();
    h.user('Check the queue.');
    h.tool('c1', 'queue', { name: 'jobs' }, 'oldest message id msg_55120');
    const goal = h.say('Checking the consumers.');
    h.tool('c2', 'consumers', { name: 'jobs' }, 'consumer A stuck on msg_55120');
    expect(labelLaterUse(labelContext(h.messages), cutAt(h, Number(goal.slice(1)))).get('c1')?.used).toBe(false);
  });

  it('labels only successful results before the cut', () => {
    const h = debuggingSession();
    const labels = labelLaterUse(labelContext(h.messages), cutAt(h, 12));
    expect([...labels.keys()]).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(labels.get('c1')?.used).toBe(true);
    expect(labels.get('c2')?.used).toBe(false);
  });
});

describe('cut points', () => {
  it('cuts at acting assistant messages, spread over the transcript, after a minimum history', () => {
    const h = debuggingSession();
    const cuts = pickCuts(h.messages, 2);
    expect(cuts.length).toBe(2);
    for (const cut of cuts) {
      expect(h.messages[cut.index].role).toBe('assistant');
      expect(cut.index).toBeGreaterThanOrEqual(MIN_HISTORY);
      expect(cut.index).toBeLessThan(h.messages.length - 1);
      expect(cut.goal).toBe(goalOf(h.messages[cut.index]));
    }
    expect(cuts[0].index).toBeLessThan(cuts[1].index);
  });

  it('makes the next action the goal: its text and its calls', () => {
    const h = new History();
    const at = h.tool('c1', 'read', { path: 'a.py' }, 'x', 'Reading a.py.');
    expect(goalOf(h.messages[Number(at.slice(1))])).toBe('Reading a.py.\nCall read with {"path":"a.py"}');
  });

  it('has no cut in a history too short to have a past and a future', () => {
    const h = new History();
    h.user('hi');
    h.say('hello');
    expect(pickCuts(h.messages, 3)).toEqual([]);
  });
});
