/**
 * From a chat completion to one probability per question key. Unreadable
 * answers are `invalid_answer` and retryable (R10); a provider that sends no logprobs is
 * a configuration problem, so that fails at once with the way out.
 */
import { DecisionModelError } from '../model.js';
import { memberSpans } from './jsonSpans.js';
import type { TokenLogprob } from './logprobs.js';
import { joinTokens, tokenStarts, yesProbability } from './logprobs.js';
import type { ProbabilityMode } from './settings.js';

interface CompletionLike {
  choices?: Array<{
    message?: { content?: string | null; refusal?: string | null } | null;
    logprobs?: { content?: TokenLogprob[] | null } | null;
  }> | null;
}

function invalid(message: string): DecisionModelError {
  return new DecisionModelError(message, { retryable: true, code: 'invalid_answer' });
}

function excerpt(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

/**
 * The probabilities of one batch. Keys are passed on as the model gave them (extra or
 * missing ones included) so the engine's one validation (R11) judges them.
 */
export function readAnswer(completion: CompletionLike, mode: ProbabilityMode): Record<string, unknown> {
  const choice = completion?.choices?.[0];
  if (!choice) throw invalid('the response has no choices');
  const content = choice.message?.content;
  if (typeof content !== 'string') {
    const refusal = choice.message?.refusal;
    throw invalid(refusal ? `the model refused: ${excerpt(refusal)}` : 'the response has no message content');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw invalid(`the answer is not JSON: ${excerpt(content)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(`the answer is not a JSON object: ${excerpt(content)}`);
  const answers = parsed as Record<string, unknown>;
  if (mode === 'verbalized') return answers;

  for (const [key, value] of Object.entries(answers)) {
    if (value !== 'yes' && value !== 'no')
      throw invalid(`answer for "${key}" is ${excerpt(JSON.stringify(value) ?? String(value))}, not "yes" or "no"`);
  }
  const tokens = choice.logprobs?.content;
  if (!Array.isArray(tokens) || tokens.length === 0) {
    throw new DecisionModelError(
      'the provider returned no logprobs, so no probabilities can be read; use a model or server that supports logprobs, or set DECISION_MODEL_PROBABILITY=verbalized',
      { retryable: false, code: 'model_error' },
    );
  }
  const spans = memberSpans(joinTokens(tokens));
  if (spans === null) throw invalid('the logprobs tokens do not spell one JSON object');
  const starts = tokenStarts(tokens);
  const probabilities: Record<string, unknown> = {};
  for (const key of Object.keys(answers)) {
    const offset = spans.get(key)?.innerStart;
    if (offset === undefined || offset === null) throw invalid(`the logprobs tokens hold no string value for "${key}"`);
    const p = yesProbability(tokens, starts, offset);
    if (p === null) throw invalid(`no "yes" or "no" among the top logprobs where the answer for "${key}" starts`);
    probabilities[key] = p;
  }
  return probabilities;
}
