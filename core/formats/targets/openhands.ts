/**
 * OpenHands reading its events back (OpenHands @ 156d0686,
 * openhands/events/serialization/event.py `event_from_dict`): an event is an action when it has
 * `action` (a string naming a known action type, action.py `action_from_dict`), an observation
 * when it has `observation` (a string, observation.py `observation_from_dict`), and anything
 * else raises "Unknown event type". An observation's `cause` names the action event it answers
 * (the id OpenHands pairs them by when it rebuilds the conversation); a cause that names no
 * event of the conversation is an observation answering nothing. The 2024-05 evaluation output
 * holds `state.history`, a list of `(action, observation)` tuples (OpenHands @ a9823491,
 * evaluation/logic_reasoning/run_infer.py), so each item is a pair: an action, then its
 * observation (`null` when it has none).
 */
import { isRecord, valueAt } from '../document.js';
import { runs } from '../detect/openhands.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'openhands.event_kind': 'every event has a string `action` or a string `observation` (event_from_dict)',
  'openhands.cause_exists': 'an observation’s `cause` names an event of the conversation',
  'openhands.history_pair':
    'a 2024-05 history item is an [action, observation] pair (state.history’s tuples, run_infer.py)',
} as const;

function check(input: CheckInput): Violation[] {
  const run = (runs(input.doc) ?? []).find((r) => r.info.key === input.read.conversation);
  if (!run) return [];
  const out: Violation[] = [];
  if (run.layout === 'pairs') {
    const items = valueAt(rootOf(input.doc), run.base);
    (Array.isArray(items) ? items : []).forEach((item, k) => {
      const pair = Array.isArray(item) && item.length === 2;
      if (!pair || !isRecord(item[0]) || typeof item[0].action !== 'string' || !isRecord(item[1]))
        out.push({
          rule: 'openhands.history_pair',
          place: placeOfPath(input.doc, [...run.base, k]),
          message: 'not an [action, observation] pair',
        });
    });
  }
  const ids = new Set(run.events.map(({ event }) => event.id).filter((id) => id !== undefined));
  for (const { event, at } of run.events) {
    const place = placeOfPath(input.doc, [...run.base, ...at]);
    if (typeof event.action !== 'string' && typeof event.observation !== 'string')
      out.push({ rule: 'openhands.event_kind', place, message: 'neither an action nor an observation' });
    else if (typeof event.observation === 'string' && typeof event.cause === 'number' && !ids.has(event.cause))
      out.push({ rule: 'openhands.cause_exists', place, message: `cause ${event.cause} names no event` });
  }
  return out;
}

export const openhandsEvents: Target = {
  id: 'openhands',
  name: 'OpenHands event_from_dict',
  cites:
    'OpenHands @ 156d0686: openhands/events/serialization/event.py, action.py, observation.py; @ a9823491: evaluation/logic_reasoning/run_infer.py',
  rules: RULES,
  check,
};
