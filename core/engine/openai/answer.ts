/**
 * From a chat completion to one probability per question key. Unreadable answers
 * are `invalid_answer` and retryable (R10); a provider that sends no logprobs is a
 * configuration problem, so that fails at once with the way out.
 *
 * The probabilities are read from the answer as received; every provider text that leaves
 * here (an excerpt in a message, an answer key passed on) goes through the key scrubber
 * first, so no message can carry the key and no excerpt can cut it where it goes unseen.
 */
import { DecisionModelError } from '../model.js';
import { memberSpans } from './jsonSpans.js';
import type { TokenLogprob } from './logprobs.js';
import { joinTokens, tokenStarts, yesProbability } from './logprobs.js';
import type { KeyScrubber } from './scrub.js';
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

/** At most 80 characters of provider text, scrubbed before it is cut. */
export function excerpt(text: string, scrub: KeyScrubber): string {
  const clean = scrub.text(text);
  return JSON.stringify(clean.length > 80 ? `${clean.slice(0, 80)}…` : clean);
}

/**
 * The probabilities of one batch. Keys are passed on as the model gave them (extra or
 * missing ones included) so the engine's one validation (R11) judges them.
 */
export function readAnswer(
  completion: CompletionLike,
  mode: ProbabilityMode,
  scrub: KeyScrubber,
): Record<string, unknown> {
  const choice = completion?.choices?.[0];
  if (!choice) throw invalid('the response has no choices');
  const content = choice.message?.content;
  if (typeof content !== 'string') {
    const refusal = choice.message?.refusal;
    throw invalid(refusal ? `the model refused: ${excerpt(refusal, scrub)}` : 'the response has no message content');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw invalid(`the answer is not JSON: ${excerpt(content, scrub)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(`the answer is not a JSON object: ${excerpt(content, scrub)}`);
  const answers = parsed as Record<string, unknown>;
  // Keys are provider text too: scrubbed, and kept own even when one is "__proto__".
  if (mode === 'verbalized') return scrub.value(answers) as Record<string, unknown>;

  for (const [key, value] of Object.entries(answers)) {
    if (value !== 'yes' && value !== 'no')
      throw invalid(
        `answer for "${scrub.text(key)}" is ${excerpt(JSON.stringify(value) ?? String(value), scrub)}, not "yes" or "no"`,
      );
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
  const probabilities: Array<[string, number]> = [];
  for (const key of Object.keys(answers)) {
    const offset = spans.get(key)?.innerStart;
    if (offset === undefined || offset === null)
      throw invalid(`the logprobs tokens hold no string value for "${scrub.text(key)}"`);
    const p = yesProbability(tokens, starts, offset);
    if (p === null)
      throw invalid(`no "yes" or "no" among the top logprobs where the answer for "${scrub.text(key)}" starts`);
    probabilities.push([scrub.text(key), p]);
  }
  return Object.fromEntries(probabilities);
}
