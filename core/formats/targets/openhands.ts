/**
 * OpenHands reading its events back (OpenHands @ 156d0686,
 * openhands/events/serialization/event.py `event_from_dict`): an event is an action when it has
 * `action` (a string naming a known action type, action.py `action_from_dict`), an observation
 * when it has `observation` (a string, observation.py `observation_from_dict`), and anything
 * else raises "Unknown event type". An observation's `cause` names the action event it answers
 * (the id OpenHands pairs them by when it rebuilds the conversation); a cause that names no
 * event of the conversation is an observation answering nothing.
 */
import { isRecord, valueAt } from '../document.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'openhands.event_kind': 'every event has a string `action` or a string `observation` (event_from_dict)',
  'openhands.cause_exists': 'an observation’s `cause` names an event of the conversation',
} as const;

function check(input: CheckInput): Violation[] {
  const first = input.read.map.records.find((paths) => paths.length > 0)?.[0];
  if (!first) return [];
  const base = first.slice(0, -1);
  const list = valueAt(rootOf(input.doc), base);
  const events = Array.isArray(list) ? list : [];
  const ids = new Set(events.filter(isRecord).map((e) => e.id));
  const out: Violation[] = [];
  events.forEach((event, k) => {
    const at = placeOfPath(input.doc, [...base, k]);
    if (!isRecord(event) || (typeof event.action !== 'string' && typeof event.observation !== 'string'))
      out.push({ rule: 'openhands.event_kind', place: at, message: 'neither an action nor an observation' });
    else if (typeof event.observation === 'string' && typeof event.cause === 'number' && !ids.has(event.cause))
      out.push({ rule: 'openhands.cause_exists', place: at, message: `cause ${event.cause} names no event` });
  });
  return out;
}

export const openhandsEvents: Target = {
  id: 'openhands',
  name: 'OpenHands event_from_dict',
  cites: 'OpenHands @ 156d0686: openhands/events/serialization/event.py, action.py, observation.py',
  rules: RULES,
  check,
};
