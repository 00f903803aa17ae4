/**
 * R9: pack question pairs into requests, in conversation order, so that
 * observation + questions + 256 ≤ max_request_tokens.
 */
import type { Pair } from './guards.js';
import type { DecisionQuestion } from './model.js';
import { questionsFor, renderQuestions } from './questions.js';
import type { CharClasses } from './tokens.js';
import { charClasses, estimateTokens, tokensOf } from './tokens.js';

export const REQUEST_RESERVE_TOKENS = 256;

export interface PlannedBatch {
  pairs: Pair[];
  questions: DecisionQuestion[];
  questionText: string;
  questionTokens: number;
}

export interface BatchLimits {
  observationTokens: number;
  maxRequestTokens: number;
  /** Fixed instructions of the backend; the part above the reserve counts as question tokens. */
  instructionTokens: number;
  /** Provider cap on keys in one request; two keys per pair. */
  maxKeysPerRequest: number;
}

/** The batches, or null when the observation plus one pair cannot fit (`question_does_not_fit`). */
export function planBatches(candidates: readonly Pair[], limits: BatchLimits): PlannedBatch[] | null {
  const excess = Math.max(0, limits.instructionTokens - REQUEST_RESERVE_TOKENS);
  const budget = limits.maxRequestTokens - REQUEST_RESERVE_TOKENS - limits.observationTokens - excess;
  const maxPairs = Math.max(1, Math.floor(limits.maxKeysPerRequest / 2));
  const batches: PlannedBatch[] = [];
  let current: PlannedBatch | null = null;
  // The exact estimate of the batch text as sent, kept as character counts so that adding a
  // pair costs only that pair's text (per-pair rounding would pack fewer pairs than fit).
  let text: CharClasses = { ascii: 0, other: 0 };
  for (const pair of candidates) {
    const questions = questionsFor(pair);
    const own = charClasses(renderQuestions(questions));
    if (tokensOf(own) > budget) return null;
    // Questions are joined with newlines: one separator before every pair but the first.
    const grown = current ? { ascii: text.ascii + own.ascii + 1, other: text.other + own.other } : own;
    if (!current || tokensOf(grown) > budget || current.pairs.length >= maxPairs) {
      current = { pairs: [], questions: [], questionText: '', questionTokens: 0 };
      batches.push(current);
      text = own;
    } else {
      text = grown;
    }
    current.pairs.push(pair);
    current.questions.push(...questions);
  }
  for (const batch of batches) {
    batch.questionText = renderQuestions(batch.questions);
    batch.questionTokens = estimateTokens(batch.questionText);
  }
  return batches;
}
