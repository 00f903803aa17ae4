/**
 * Corpus cuts for the offline model's invariance tests: the shared real transcripts
 * (read in place through test/support/shared.ts), each cut as the evaluator makes it — the
 * history before an acting assistant message, that message as the goal, every tool eligible.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compactContext } from '../../../../core/engine/compact.js';
import { loadHistory } from '../../../../core/engine/containers.js';
import { createOfflineModel } from '../../../../core/engine/offline/model.js';
import type { Action, Message, OptionsInput, SuccessAnswer } from '../../../../core/engine/schema.js';
import type { Cut } from '../../../../core/eval/cuts.js';
import { goalOf, pickCuts } from '../../../../core/eval/cuts.js';
import { toolNames } from '../../../../core/eval/evaluate.js';
import { corpusFiles } from '../../../support/shared.js';

export interface CorpusCut {
  file: string;
  cut: Cut;
  history: Message[];
}

/** The last acting assistant message at or before `end` that leaves a future, as a cut. */
export function cutBefore(messages: readonly Message[], end: number): Cut | null {
  for (let i = Math.min(end, messages.length - 2); i >= 8; i--)
    if (messages[i].role === 'assistant' && goalOf(messages[i]) !== '') return { index: i, goal: goalOf(messages[i]) };
  return null;
}

/**
 * The evaluator's three cuts of every corpus transcript plus two late ones (at 90 % and at
 * the end), where the observation is longest and fitting (R7) has to shorten it.
 */
export function corpusCuts(dir: string): CorpusCut[] {
  const out: CorpusCut[] = [];
  for (const file of corpusFiles(dir)) {
    const { messages } = loadHistory(readFileSync(join(dir, file), 'utf8'));
    const late = [cutBefore(messages, Math.round(messages.length * 0.9)), cutBefore(messages, messages.length)];
    const cuts = [...pickCuts(messages, 3), ...late.filter((c): c is Cut => c !== null)];
    const seen = new Set<number>();
    for (const cut of cuts) {
      if (seen.has(cut.index)) continue;
      seen.add(cut.index);
      out.push({ file, cut, history: messages.slice(0, cut.index) });
    }
  }
  return out;
}

/** One offline compaction of a cut with `goal` (the cut's own by default) and `options`. */
export async function compactCut(
  cut: CorpusCut,
  options: OptionsInput = {},
  goal = cut.cut.goal,
): Promise<SuccessAnswer> {
  const response = await compactContext(
    { messages: cut.history, goal, eligible_tool_names: toolNames(cut.history), options },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error(`${cut.file} @ ${cut.cut.index}: ${response.answer.error.message}`);
  return response.answer;
}

/** Candidate pair id → action. */
export function candidateActions(answer: SuccessAnswer): Map<string, Action> {
  return new Map(answer.decisions.filter((d) => d.keep_result !== null).map((d) => [d.pair_id, d.action]));
}

/** Share of the candidates of `a` whose action in `b` is the same. */
export function agreement(
  a: ReadonlyMap<string, Action>,
  b: ReadonlyMap<string, Action>,
): { same: number; total: number } {
  let same = 0;
  for (const [id, action] of a) if (b.get(id) === action) same++;
  return { same, total: a.size };
}
