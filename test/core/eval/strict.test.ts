/**
 * The strict later-use label: at least two distinct distinctive tokens first seen in a result,
 * or one of 16+ characters, must reappear in what the agent later writes or calls (the goal
 * included) — not in its thinking, not in user text, not known before the result.
 */
import { describe, expect, it } from 'vitest';
import type { Cut } from '../../../core/eval/cuts.js';
import { goalOf } from '../../../core/eval/cuts.js';
import { isDistinctiveToken, labelStrictUse, strictContext, strictTokens } from '../../../core/eval/strict.js';
import { History } from './fixtures.js';

function cutAt(h: History, id: string): Cut {
  const index = Number(id.slice(1));
  return { index, goal: goalOf(h.messages[index]) };
}

/** A search result with two identifiers, a goal, then `later` as the agent's next message. */
function session(later: (h: History) => void, known = 'Find the failing job.'): { h: History; goal: string } {
  const h = new History();
  h.user(known);
  h.tool('c1', 'search', { query: 'nightly failures' }, 'job build_7731 failed on runner ci-eu-west-2b');
  const goal = h.say('Looking at the logs next.');
  later(h);
  return { h, goal };
}

const usedIn = ({ h, goal }: { h: History; goal: string }) =>
  labelStrictUse(strictContext(h.messages), cutAt(h, goal)).get('c1');

describe('strict later-use label', () => {
  it('counts a result used when two distinct tokens first seen in it reappear in later call inputs or assistant text', () => {
    const result = usedIn(
      session((h) => {
        h.tool('c2', 'logs', { job: 'build_7731' }, 'timeout');
        h.say('The job ran on ci-eu-west-2b.');
      }),
    );
    expect(result).toEqual({ used: true, terms: ['build_7731', 'ci-eu-west-2b'] });
  });

  it('needs two tokens, or one of at least 16 characters', () => {
    expect(usedIn(session((h) => h.tool('c2', 'logs', { job: 'build_7731' }, 'timeout')))?.used).toBe(false);
    const h = new History();
    h.user('Find the config.');
    h.tool('c1', 'find', { name: 'settings' }, 'config/environments/production_eu.yaml');
    const goal = h.say('Opening it.');
    h.tool('c2', 'read', { path: 'config/environments/production_eu.yaml' }, 'x: 1');
    expect(usedIn({ h, goal })?.used).toBe(true);
  });

  it('does not count thinking or user text', () => {
    const thought = session((h) => {
      h.messages.push({
        id: 'mt',
        role: 'assistant',
        content: [{ type: 'thinking', thinking: 'build_7731 on ci-eu-west-2b again' }],
      });
      h.user('Is build_7731 on ci-eu-west-2b?');
    });
    expect(usedIn(thought)?.used).toBe(false);
  });

  it('does not count tokens known before the result existed, its call input included', () => {
    const known = session(
      (h) => h.say('build_7731 on ci-eu-west-2b.'),
      'The job build_7731 keeps failing on ci-eu-west-2b.',
    );
    expect(usedIn(known)?.used).toBe(false);
    const h = new History();
    h.user('Check the runner.');
    h.tool('c1', 'logs', { runner: 'ci-eu-west-2b' }, 'ci-eu-west-2b: job build_7731 stuck_in_queue_42');
    const goal = h.say('Retrying build_7731 on ci-eu-west-2b.');
    expect(usedIn({ h, goal })?.used).toBe(false);
  });

  it('counts use by the goal itself: the next action is what the decision is about', () => {
    const h = new History();
    h.user('Find the failing job.');
    h.tool('c1', 'search', { query: 'nightly failures' }, 'job build_7731 failed on runner ci-eu-west-2b');
    const goal = h.tool('c2', 'logs', { job: 'build_7731', runner: 'ci-eu-west-2b' }, 'timeout');
    h.say('Done.');
    expect(usedIn({ h, goal })?.used).toBe(true);
  });

  it('never takes plain words, short tokens or short numbers as distinctive', () => {
    expect([...strictTokens('The Error in README: value 2024 at line 88, user-defined HTTP URLs.')]).toEqual([]);
    expect(isDistinctiveToken('build_7731')).toBe(true);
    expect(isDistinctiveToken('models.py')).toBe(true);
    expect(isDistinctiveToken('88123')).toBe(true);
    expect(isDistinctiveToken('Content-Length')).toBe(false);
    expect(isDistinctiveToken('x-request-id')).toBe(true);
  });
});
