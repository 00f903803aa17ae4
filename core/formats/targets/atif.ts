/**
 * ATIF (Harbor RFC 0001, ATIF-v1.7): what Harbor's trajectory models refuse, from the schema's
 * field table (harbor-framework/harbor rfcs/0001-trajectory-format.md; read through its v1.4
 * mirror OpenAgentsInc/openagents docs/atif/0001-trajectory-format.md @ d39efb6f, whose rules
 * v1.5–v1.7 keep): `step_id` is the "ordinal index of the turn (starting from 1)"; a result's
 * `source_call_id` is "the tool_call_id from the tool_calls array in StepObject" — of its own
 * step; `tool_call_id` is the "unique identifier for this specific tool call"; `tool_calls`,
 * `reasoning_content` and `metrics` are "only applicable when source is agent".
 */
import { isRecord } from '../document.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'atif.step_ids_sequential': 'step_id values are 1, 2, … in the order of the steps',
  'atif.result_has_call': 'every observation result with a source_call_id names a tool_call_id of its own step',
  'atif.call_ids_unique': 'a tool_call_id occurs once in its step',
  'atif.agent_only_fields': 'tool_calls, reasoning_content and metrics appear on agent steps only',
} as const;

const AGENT_ONLY = ['tool_calls', 'reasoning_content', 'metrics'] as const;

function check(input: CheckInput): Violation[] {
  const root = rootOf(input.doc);
  const steps = isRecord(root) && Array.isArray(root.steps) ? root.steps : [];
  const out: Violation[] = [];
  steps.forEach((step, k) => {
    if (!isRecord(step)) return;
    const at = (...rest: Array<string | number>) => placeOfPath(input.doc, ['steps', k, ...rest]);
    if (step.step_id !== k + 1)
      out.push({
        rule: 'atif.step_ids_sequential',
        place: at('step_id'),
        message: `step ${k + 1} has step_id ${JSON.stringify(step.step_id)}`,
      });
    if (step.source !== 'agent')
      for (const field of AGENT_ONLY)
        if (step[field] !== undefined)
          out.push({
            rule: 'atif.agent_only_fields',
            place: at(field),
            message: `a ${String(step.source)} step carries ${field}`,
          });
    const ids = new Set<unknown>();
    (Array.isArray(step.tool_calls) ? step.tool_calls : []).forEach((call: unknown, j) => {
      const id = isRecord(call) ? call.tool_call_id : undefined;
      if (ids.has(id))
        out.push({ rule: 'atif.call_ids_unique', place: at('tool_calls', j), message: `${String(id)} repeats` });
      ids.add(id);
    });
    const results =
      isRecord(step.observation) && Array.isArray(step.observation.results) ? step.observation.results : [];
    results.forEach((result: unknown, i) => {
      const id = isRecord(result) ? result.source_call_id : undefined;
      if (id !== undefined && id !== null && !ids.has(id))
        out.push({
          rule: 'atif.result_has_call',
          place: at('observation', 'results', i),
          message: `source_call_id ${String(id)} names no tool call of step ${k + 1}`,
        });
    });
  });
  return out;
}

export const atifSchema: Target = {
  id: 'atif-schema',
  name: 'ATIF schema (Harbor)',
  cites:
    'harbor-framework/harbor rfcs/0001-trajectory-format.md (ATIF-v1.7); mirror OpenAgentsInc/openagents docs/atif/0001-trajectory-format.md @ d39efb6f',
  rules: RULES,
  check,
};
