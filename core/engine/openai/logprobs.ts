/**
 * Probabilities from logprobs. The answer "yes"/"no" is one sampled token,
 * but its alternatives at that position carry the model's real belief:
 * P(yes) / (P(yes) + P(no)). Tokenizers split JSON in any way (`":"yes`, `"`+`yes`,
 * `y`+`es`, …), so we rebuild each token's character span, find the token covering the
 * value's first character, and read every alternative from that character on.
 */

export interface TopLogprob {
  token: string;
  logprob: number;
}
export interface TokenLogprob extends TopLogprob {
  top_logprobs?: TopLogprob[] | null;
}

export type Word = 'yes' | 'no';

/** The answer word an alternative starts with, ignoring leading quotes and spaces and case; a prefix ("y", "ye") counts. */
export function answerWord(rest: string): Word | null {
  const word = /^[a-z]*/.exec(rest.replace(/^[\s"]+/, '').toLowerCase())?.[0] ?? '';
  if (word === '') return null;
  for (const candidate of ['yes', 'no'] as const)
    if (candidate.startsWith(word) || word.startsWith(candidate)) return candidate;
  return null;
}

/** Character start of every token, from the token texts themselves. */
export function tokenStarts(tokens: readonly TokenLogprob[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const t of tokens) {
    starts.push(at);
    at += t.token.length;
  }
  return starts;
}

export function joinTokens(tokens: readonly TokenLogprob[]): string {
  return tokens.map((t) => t.token).join('');
}

/**
 * P(yes) for the value whose first character (inside its quotes) is at `offset` of the
 * joined token text; null when no alternative at that token reads as yes or no.
 */
export function yesProbability(
  tokens: readonly TokenLogprob[],
  starts: readonly number[],
  offset: number,
): number | null {
  let index = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (starts[i] <= offset && offset < starts[i] + tokens[i].token.length) {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  const token = tokens[index];
  const skip = offset - starts[index];
  // The sampled token is usually among its own top_logprobs; count each text once.
  const seen = new Set<string>();
  const mass = { yes: 0, no: 0 };
  for (const alternative of [token, ...(token.top_logprobs ?? [])]) {
    if (seen.has(alternative.token)) continue;
    seen.add(alternative.token);
    const word = answerWord(alternative.token.slice(skip));
    if (word && Number.isFinite(alternative.logprob)) mass[word] += Math.exp(alternative.logprob);
  }
  const total = mass.yes + mass.no;
  return total > 0 ? mass.yes / total : null;
}
