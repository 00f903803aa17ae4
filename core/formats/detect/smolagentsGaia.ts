/**
 * Detection of `smolagents-gaia`: the JSON Lines smolagents' GAIA script writes, one run a line
 * (huggingface/smolagents @ 6a324659, examples/GAIA_submission/scripts/run_agents.py:
 * `{agent_name, question, prediction, intermediate_steps, …, agent_error}`), each step the
 * `str()` of a smolagents step dataclass (src/smolagents/agents.py: `SystemPromptStep`,
 * `TaskStep`, `PlanningStep`, `ActionStep`). Python's json.dumps writes a missing
 * `agent_error` as a bare `NaN` (nonFinite.ts reads it). The reader and writer are
 * adapters/smolagentsGaia.ts, loaded once a file is read as this format.
 */
import { isRecord, recordsOf } from '../document.js';
import type { ConversationInfo, Detection, FormatInfo, JsonPath, SourceText } from '../types.js';

export type Run = Record<string, unknown> & { intermediate_steps: string[] };

const STEP = /^(SystemPromptStep|TaskStep|PlanningStep|ActionStep)\(/;

function isRun(value: unknown): value is Run {
  return (
    isRecord(value) &&
    typeof value.agent_name === 'string' &&
    Array.isArray(value.intermediate_steps) &&
    value.intermediate_steps.length > 0 &&
    value.intermediate_steps.every((s) => typeof s === 'string' && STEP.test(s))
  );
}

/** The runs, one a line, or null when the document is not such an output. */
export function runsOf(doc: SourceText): Run[] | null {
  const records = recordsOf(doc);
  return records && records.length > 0 && records.every(isRun) ? (records as Run[]) : null;
}

/** Where run `i` is: a line of JSON Lines (or an element of an array), or the one object of a one-line file. */
export function runPath(doc: SourceText, i: number): JsonPath {
  return doc.kind === 'jsonl' || Array.isArray(doc.value) ? [i] : [];
}

export function runInfo(run: Run, i: number): ConversationInfo {
  const question = typeof run.question === 'string' ? run.question : '';
  return { key: String(i), label: `run ${i}: ${question.length > 60 ? `${question.slice(0, 60)}…` : question}` };
}

function detect(doc: SourceText): Detection | null {
  const runs = runsOf(doc);
  if (!runs) return null;
  const steps = runs.reduce((n, r) => n + r.intermediate_steps.filter((s) => s.startsWith('ActionStep(')).length, 0);
  return {
    format: 'smolagents-gaia',
    confidence: 0.95,
    reason: `${runs.length} smolagents runs (agent ${String(runs[0].agent_name)}) whose intermediate_steps are step reprs; ${steps} ActionSteps`,
  };
}

export const smolagentsGaiaInfo: FormatInfo = {
  id: 'smolagents-gaia',
  name: 'smolagents GAIA output (run_agents.py)',
  reads:
    'JSON Lines runs whose intermediate_steps are step reprs: the task, each ActionStep’s llm_output and ToolCall answered by its observations',
  patterns: ['examples/GAIA_submission/output*/<agent>.jsonl'],
  detect,
};
