/**
 * InterCode's results as its own tools read them (princeton-nlp/intercode @ c3e46d82,
 * experiments/eval_react.py): every turn appends one entry to each of `thoughts`, `actions`,
 * `observations`, `rewards` and `valid_action`, so entry i of each list is turn i and the lists
 * have one length; `summary.turns_taken` and the rewards are read per turn by position.
 */
import { isRecord, valueAt } from '../document.js';
import { TURN_LISTS } from '../detect/intercode.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'intercode.turn_lists': 'thoughts, actions, observations, rewards and valid_action hold one entry per turn',
} as const;

function check(input: CheckInput): Violation[] {
  const path = [input.read.conversation, 'turn_history'];
  const history = valueAt(rootOf(input.doc), path);
  if (!isRecord(history)) return [];
  const lengths = TURN_LISTS.filter((list) => Array.isArray(history[list])).map(
    (list) => [list, (history[list] as unknown[]).length] as const,
  );
  const turns = (history.actions as unknown[]).length;
  const off = lengths.filter(([, n]) => n !== turns);
  return off.map(([list, n]) => ({
    rule: 'intercode.turn_lists',
    place: placeOfPath(input.doc, [...path, list]),
    message: `${list} holds ${n} entries for ${turns} actions`,
  }));
}

export const intercodeResults: Target = {
  id: 'intercode',
  name: 'InterCode results',
  cites: 'princeton-nlp/intercode @ c3e46d82: experiments/eval_react.py (turn_history)',
  rules: RULES,
  check,
};
