/**
 * Chat-completion bodies as an OpenAI-compatible server sends them, for the fake server
 * and for tests that need a precise answer: verbalized numbers, or yes/no answers with
 * logprobs whose tokens are split the way different tokenizers split JSON.
 */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}
export interface TopLogprob {
  token: string;
  logprob: number;
  bytes: number[] | null;
}
export interface TokenLogprob extends TopLogprob {
  top_logprobs: TopLogprob[];
}

/**
 * How the answer JSON is cut into tokens:
 * - `word`: the value is its own token (`":"`, `yes`, `","`);
 * - `glued`: the value shares a token with the text before it (`":"yes`);
 * - `letters`: the value's first letter travels with its opening quote, the rest follows (`"y`, `es`);
 * - `chars`: one token per character (`y`, `e`, `s`).
 */
export type TokenSplit = 'word' | 'glued' | 'letters' | 'chars';
export const TOKEN_SPLITS: readonly TokenSplit[] = ['word', 'glued', 'letters', 'chars'];

export function completion(
  content: string | null,
  extra: { logprobs?: TokenLogprob[] | null; usage?: Usage; model?: string } = {},
) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_765_000_000,
    model: extra.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: extra.logprobs === undefined ? null : { content: extra.logprobs, refusal: null },
        finish_reason: 'stop',
      },
    ],
    usage: extra.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function bytes(text: string): number[] {
  return [...new TextEncoder().encode(text)];
}

function plain(token: string): TokenLogprob {
  return { token, logprob: 0, bytes: bytes(token), top_logprobs: [{ token, logprob: 0, bytes: bytes(token) }] };
}

/**
 * The token where a value starts: `before` is the text this token carries ahead of the
 * value, `word` the sampled answer; the other answer and one junk token are the alternatives.
 * P(yes) among the yes/no alternatives equals `pYes` exactly.
 */
function valueToken(before: string, word: 'yes' | 'no', head: (w: string) => string, pYes: number): TokenLogprob {
  const alternatives: TopLogprob[] = [];
  const share = 0.97;
  for (const [w, p] of [
    ['yes', pYes],
    ['no', 1 - pYes],
  ] as const) {
    if (p > 0)
      alternatives.push({ token: before + head(w), logprob: Math.log(p * share), bytes: bytes(before + head(w)) });
  }
  alternatives.push({ token: `${before} `, logprob: Math.log(1 - share), bytes: bytes(`${before} `) });
  alternatives.sort((a, b) => b.logprob - a.logprob);
  const chosen = alternatives.find((a) => a.token === before + head(word)) ?? alternatives[0];
  return { ...chosen, top_logprobs: alternatives };
}

/** Tokens spelling `{"k1":"yes","k2":"no"}` (in `order`) with the given split. */
export function yesNoTokens(
  order: readonly string[],
  pYes: (key: string) => number,
  split: TokenSplit,
): { content: string; tokens: TokenLogprob[] } {
  const tokens: TokenLogprob[] = [];
  order.forEach((key, i) => {
    const p = pYes(key);
    const word = p >= 0.5 ? 'yes' : 'no';
    const lead = `${i === 0 ? '{' : ','}${JSON.stringify(key)}`;
    if (split === 'word') {
      tokens.push(
        plain(lead),
        plain(':"'),
        valueToken('', word, (w) => w, p),
        plain('"'),
      );
    } else if (split === 'glued') {
      tokens.push(
        plain(lead),
        valueToken(':"', word, (w) => w, p),
        plain('"'),
      );
    } else if (split === 'letters') {
      tokens.push(
        plain(`${lead}:`),
        valueToken('"', word, (w) => w[0], p),
        plain(word.slice(1)),
        plain('"'),
      );
    } else {
      for (const ch of `${lead}:"`) tokens.push(plain(ch));
      tokens.push(valueToken('', word, (w) => w[0], p));
      for (const ch of `${word.slice(1)}"`) tokens.push(plain(ch));
    }
  });
  tokens.push(plain('}'));
  return { content: tokens.map((t) => t.token).join(''), tokens };
}

/** The question keys a request asks for, in schema order. */
export function schemaKeys(body: unknown): string[] {
  const schema = (body as { response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } } })
    ?.response_format?.json_schema?.schema;
  return Object.keys(schema?.properties ?? {});
}

export type KeyOrder = 'schema' | 'reversed' | 'interleaved';

export function ordered(keys: readonly string[], order: KeyOrder): string[] {
  if (order === 'reversed') return [...keys].reverse();
  if (order === 'interleaved') return [...keys.filter((_, i) => i % 2 === 1), ...keys.filter((_, i) => i % 2 === 0)];
  return [...keys];
}

/** A well-formed answer to `body` in whichever mode it asks for. */
export function answerTo(
  body: unknown,
  pYes: (key: string) => number,
  options: { split?: TokenSplit; order?: KeyOrder; usage?: Usage } = {},
) {
  const keys = ordered(schemaKeys(body), options.order ?? 'schema');
  if ((body as { logprobs?: boolean }).logprobs) {
    const { content, tokens } = yesNoTokens(keys, pYes, options.split ?? 'word');
    return completion(content, { logprobs: tokens, usage: options.usage });
  }
  const answer: Record<string, number> = {};
  for (const key of keys) answer[key] = pYes(key);
  return completion(JSON.stringify(answer), { usage: options.usage });
}
