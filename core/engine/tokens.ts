/**
 * The one local token estimator used for fitting (R7) and batching (R9).
 *
 * Rule: one token per 4 ASCII characters (rounded up) plus one token per non-ASCII UTF-16
 * unit. English prose and JSON average close to 4 characters a token in BPE tokenizers, and
 * scripts outside ASCII rarely pack more than one character a token, so the estimate errs on
 * the high side. It is fast (one pass, no tables) and independent of any provider; it is not
 * a billing count.
 */
export function estimateTokens(text: string): number {
  return tokensOf(charClasses(text));
}

/** The estimator's inputs, additive over concatenation, so batching can grow a text cheaply. */
export interface CharClasses {
  ascii: number;
  other: number;
}

export function charClasses(text: string): CharClasses {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return { ascii, other };
}

export function tokensOf(classes: CharClasses): number {
  return Math.ceil(classes.ascii / 4) + classes.other;
}
