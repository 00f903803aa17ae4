/**
 * SWE-agent's own readers of a `.traj` (SWE-agent @ 3ea751c0):
 *  - the trajectory inspector, sweagent/inspector/server.py `get_action_summary`: reads
 *    `item["action"]` of every non-demo assistant history item (a missing key is a KeyError);
 *  - `run-replay`, sweagent/run/run_replay.py `_create_actions_file`: when any assistant item
 *    has `tool_calls`, the config is function calling and every assistant item must have
 *    non-null `tool_calls` (an assert);
 *  - the trajectory steps mirror the acting history items, in order, each step with its
 *    item's action (sweagent/agent/agents.py `add_step_to_trajectory`); a run may end with a
 *    step (submit) the history has no item for.
 * Its model is called through litellm with the history as Chat Completions messages, so a
 * function-calling trajectory is checked against that API too (chat.ts).
 */
import { isRecord } from '../document.js';
import { placeOfPath } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

type Entry = Record<string, unknown>;

function partsOf(input: CheckInput): { history: Entry[]; trajectory: Entry[] } {
  const root = input.doc.kind === 'json' && isRecord(input.doc.value) ? input.doc.value : {};
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  return { history: list(root.history), trajectory: list(root.trajectory) };
}

export const RULES = {
  'swe-agent.inspector_action': 'every non-demo assistant history item has `action` (the inspector reads it)',
  'swe-agent.replay_tool_calls':
    'in a function-calling trajectory every assistant history item has `tool_calls` (run-replay asserts it)',
  'swe-agent.steps_follow_history':
    'the trajectory steps repeat the actions of the acting history items, in order, one step each',
} as const;

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const { history, trajectory } = partsOf(input);
  const at = (i: number) => placeOfPath(input.doc, ['history', i]);
  const functionCalling = history.some(
    (h) => h.role === 'assistant' && h.tool_calls !== undefined && h.tool_calls !== null,
  );
  const actions: Array<{ action: string; index: number }> = [];
  history.forEach((h, i) => {
    if (h.role !== 'assistant' || h.is_demo === true) return;
    if (!('action' in h))
      out.push({ rule: 'swe-agent.inspector_action', place: at(i), message: 'assistant item has no action' });
    else if (typeof h.action === 'string') actions.push({ action: h.action, index: i });
    if (functionCalling && (h.tool_calls === undefined || h.tool_calls === null))
      out.push({ rule: 'swe-agent.replay_tool_calls', place: at(i), message: 'assistant item has no tool_calls' });
  });
  const steps = trajectory.map((s) => s.action);
  if (trajectory.length > 0) {
    const firstOff = actions.findIndex((a, k) => steps[k] !== a.action);
    if (firstOff >= 0)
      out.push({
        rule: 'swe-agent.steps_follow_history',
        place: placeOfPath(input.doc, ['trajectory', firstOff]),
        message: `step ${firstOff} does not carry the action of history item ${actions[firstOff].index}`,
      });
    else if (steps.length > actions.length + 1)
      out.push({
        rule: 'swe-agent.steps_follow_history',
        place: placeOfPath(input.doc, ['trajectory', actions.length]),
        message: `${steps.length} steps for ${actions.length} acting history items`,
      });
  }
  return out;
}

export const sweAgentTools: Target = {
  id: 'swe-agent',
  name: 'SWE-agent inspector and run-replay',
  cites: 'SWE-agent @ 3ea751c0: sweagent/inspector/server.py, sweagent/run/run_replay.py',
  rules: RULES,
  check,
};
