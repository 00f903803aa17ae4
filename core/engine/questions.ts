/** R8: two binary questions per candidate, keyed by the internal pair id. */
import type { Pair } from './guards.js';
import type { DecisionQuestion } from './model.js';

export function callKey(pairId: string): string {
  return `call_${pairId}`;
}
export function resultKey(pairId: string): string {
  return `result_${pairId}`;
}

/** The question pair for one candidate; the two always travel together. */
export function questionsFor(pair: Pair): [DecisionQuestion, DecisionQuestion] {
  const base = { pairId: pair.pairId, callId: pair.callId, toolName: pair.toolName };
  return [
    {
      ...base,
      key: callKey(pair.pairId),
      kind: 'call',
      text: `${callKey(pair.pairId)}: Do call ${pair.pairId} (${pair.toolName}) and its input still matter for the next action?`,
    },
    {
      ...base,
      key: resultKey(pair.pairId),
      kind: 'result',
      text: `${resultKey(pair.pairId)}: Must the full output of call ${pair.pairId} stay verbatim, such that later retrieval from the archive would be insufficient?`,
    },
  ];
}

export function renderQuestions(questions: readonly DecisionQuestion[]): string {
  return questions.map((q) => q.text).join('\n');
}
