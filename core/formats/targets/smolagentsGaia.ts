/**
 * smolagents' steps as its GAIA script writes them (huggingface/smolagents @ 6a324659,
 * src/smolagents/agents.py step dataclasses; examples/GAIA_submission/scripts/run_agents.py
 * `str(log)`): every step is the repr of a step dataclass, its fields read back; an
 * `ActionStep` that made a call keeps its `llm_output`, the model's Thought and Code for that
 * call (the code is in both, so dropping the call alone would cut text the agent wrote).
 */
import { valueAt } from '../document.js';
import { callFields, callsInList, stringField } from '../pyRepr.js';
import { runPath } from '../detect/smolagentsGaia.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'smolagents.step_repr': 'every step is a step dataclass repr whose fields read back',
  'smolagents.step_text': 'an ActionStep that made a call keeps its llm_output',
} as const;

function check(input: CheckInput): Violation[] {
  const line = Number(input.read.conversation);
  const base = [...runPath(input.doc, line), 'intermediate_steps'];
  const steps = valueAt(rootOf(input.doc), base);
  const out: Violation[] = [];
  (Array.isArray(steps) ? steps : []).forEach((step, k) => {
    const place = placeOfPath(input.doc, [...base, k]);
    const call = typeof step === 'string' ? callFields(step) : null;
    if (!call || call.end !== (step as string).length)
      return void out.push({ rule: 'smolagents.step_repr', place, message: 'not a step repr that reads back' });
    const toolCalls = call.fields.get('tool_calls');
    if (call.name === 'ActionStep' && toolCalls && callsInList(step as string, toolCalls).length > 0)
      if (stringField(step as string, call.fields, 'llm_output') === null)
        out.push({ rule: 'smolagents.step_text', place, message: 'a step with a call has no llm_output' });
  });
  return out;
}

export const smolagentsSteps: Target = {
  id: 'smolagents-gaia',
  name: 'smolagents GAIA steps',
  cites: 'huggingface/smolagents @ 6a324659: src/smolagents/agents.py, examples/GAIA_submission/scripts/run_agents.py',
  rules: RULES,
  check,
};
