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
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 4) + other;
}
