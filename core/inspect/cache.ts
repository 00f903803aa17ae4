/**
 * What a compaction costs in the provider's prompt cache (SPEC §9 stats). Providers cache the
 * longest unchanged prefix of a prompt, so the request after a compaction reads the messages
 * before the first changed one from the cache (`unchanged_prefix_tokens`) and writes everything
 * from there on again; every later request then reads a shorter history. Pure arithmetic.
 *
 * Assumptions, stated where the figures are shown: the previous request's prompt (the whole
 * history before compaction) is in the cache, as it is when requests come within the cache's
 * lifetime; the new part of each request (the next messages, the system prompt and tools) is the
 * same with and without the compaction and is left out; prices are per million tokens.
 */
import { z } from 'zod';

const price = z.number().min(0);

/** USD per million tokens. Where a provider has no write surcharge, `cacheWrite` equals `input`. */
export const PriceTableSchema = z.strictObject({ input: price, cacheWrite: price, cacheRead: price });
export type PriceTable = z.infer<typeof PriceTableSchema>;

export interface PricePreset {
  id: string;
  label: string;
  /** Whose tokenizer the prices are per token of (tokenizerNote). */
  provider: 'anthropic' | 'openai';
  prices: PriceTable;
}

/*
 * Published prices, checked 2 December 2026 (editable in the inspector; prices change):
 * - Anthropic, https://platform.claude.com/docs/en/about-claude/pricing ("Model pricing": base
 *   input, 5m cache writes, cache hits): Claude Opus 5 $5 / $6.25 / $0.50, Claude Haiku 4.5
 *   $1 / $1.25 / $0.10. Claude Sonnet 5.5 from its model page
 *   (https://platform.claude.com/docs/en/models/sonnet-5-5/overview): $2 / $2.50 / $0.20; a price
 *   tracker that re-read the pricing page on 2026-10-24 reports cache hits cut to $0.10 from
 *   2026-10-07 — check before relying on the Sonnet 5.5 read price.
 * - OpenAI caches automatically with no write surcharge (a write costs the input price); input /
 *   cached input as listed from https://openai.com/api/pricing in June 2026 (morphllm.com/openai-api-pricing,
 *   docs.apiyi.com/models): GPT-5.5 $5 / $0.50, GPT-5.4 mini $0.75 / $0.075.
 * Google's explicit context caching also bills storage per hour, which a three-price table cannot
 * express; enter its implicit-caching prices by hand.
 */
export const PRICE_PRESETS: readonly PricePreset[] = [
  {
    id: 'claude-opus-5',
    label: 'Anthropic Claude Opus 5',
    provider: 'anthropic',
    prices: { input: 5, cacheWrite: 6.25, cacheRead: 0.5 },
  },
  {
    id: 'claude-sonnet-5.5',
    label: 'Anthropic Claude Sonnet 5.5',
    provider: 'anthropic',
    prices: { input: 2, cacheWrite: 2.5, cacheRead: 0.2 },
  },
  {
    id: 'claude-haiku-4.5',
    label: 'Anthropic Claude Haiku 4.5',
    provider: 'anthropic',
    prices: { input: 1, cacheWrite: 1.25, cacheRead: 0.1 },
  },
  { id: 'gpt-5.5', label: 'OpenAI GPT-5.5', provider: 'openai', prices: { input: 5, cacheWrite: 5, cacheRead: 0.5 } },
  {
    id: 'gpt-5.4-mini',
    label: 'OpenAI GPT-5.4 mini',
    provider: 'openai',
    prices: { input: 0.75, cacheWrite: 0.75, cacheRead: 0.075 },
  },
];

/** The token figures of one compaction: the history before and after, and its unchanged prefix. */
export interface CacheTokens {
  before: number;
  after: number;
  /** Tokens of the messages before the first changed one (`unchanged_prefix_tokens`). */
  unchangedPrefix: number;
}

export interface CacheCost {
  /** USD for the history part of the next request without the compaction: all read from the cache. */
  nextWithout: number;
  /** With it: the unchanged prefix read from the cache, the rest written to it again. */
  nextWith: number;
  /** `nextWith - nextWithout`: what the compaction costs the next request (negative: it saves). */
  extra: number;
  /** USD every later request saves: the history it reads from the cache is shorter. */
  savingPerRequest: number;
  /**
   * Requests after the next one until the compaction has paid for itself: 0 when the next request
   * is already no dearer, null when it never pays (nothing is saved later).
   */
  breakEvenRequests: number | null;
  /** The same two prompts with no cache at all, for scale. */
  uncachedWithout: number;
  uncachedWith: number;
}

const PER_MILLION = 1_000_000;

/** The next request's cost with and without the compaction, and when the compaction pays off. */
export function cacheCost(tokens: CacheTokens, prices: PriceTable): CacheCost {
  const { before, after, unchangedPrefix } = checkedTokens(tokens);
  const nextWithout = (before * prices.cacheRead) / PER_MILLION;
  const nextWith = (unchangedPrefix * prices.cacheRead + (after - unchangedPrefix) * prices.cacheWrite) / PER_MILLION;
  const extra = nextWith - nextWithout;
  const savingPerRequest = ((before - after) * prices.cacheRead) / PER_MILLION;
  return {
    nextWithout,
    nextWith,
    extra,
    savingPerRequest,
    breakEvenRequests: breakEven(extra, savingPerRequest),
    uncachedWithout: (before * prices.input) / PER_MILLION,
    uncachedWith: (after * prices.input) / PER_MILLION,
  };
}

// Float products such as 0.3 × n can land a hair above an integer ratio; a billionth of a
// request is not a request.
const RATIO_TOLERANCE = 1e-9;

function breakEven(extra: number, saving: number): number | null {
  if (extra <= 0) return 0;
  if (saving <= 0) return null;
  return Math.max(0, Math.ceil(extra / saving - RATIO_TOLERANCE));
}

function checkedTokens(tokens: CacheTokens): CacheTokens {
  for (const [name, value] of Object.entries(tokens))
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} tokens must be a number ≥ 0, got ${value}`);
  if (tokens.unchangedPrefix > tokens.after || tokens.unchangedPrefix > tokens.before)
    throw new RangeError(
      `the unchanged prefix (${tokens.unchangedPrefix} tokens) cannot exceed the history before (${tokens.before}) or after (${tokens.after})`,
    );
  return tokens;
}

/** The tokenizer every token figure of the inspector is counted with (the renderer's worker). */
export const COUNTING_TOKENIZER = 'OpenAI o200k_base (the gpt-4o tokenizer)';

/**
 * Which tokenizer the figures are counted with, and whether it is the priced model's own.
 * OpenAI's current models use o200k_base; Anthropic publishes no tokenizer for its current
 * models (only a token-counting API call), so for a Claude preset, or hand-edited prices, the
 * counts stand in for the model's own and the note says so.
 */
export function tokenizerNote(presetId: string | null): { tokenizer: string; fits: boolean; note: string } {
  const preset = PRICE_PRESETS.find((p) => p.id === presetId);
  if (preset?.provider === 'openai')
    return { tokenizer: COUNTING_TOKENIZER, fits: true, note: `${preset.label} counts with this tokenizer too.` };
  if (preset?.provider === 'anthropic')
    return {
      tokenizer: COUNTING_TOKENIZER,
      fits: false,
      note: `${preset.label} counts with Anthropic's own tokenizer, which is not published: its counts differ, so these costs are estimates.`,
    };
  return {
    tokenizer: COUNTING_TOKENIZER,
    fits: false,
    note: 'Hand-edited prices: check that they are per token of this tokenizer.',
  };
}

/**
 * What the break-even picture draws: the cumulative USD of the history part of the next
 * `requests` requests without and with the compaction. Both are straight lines (each later
 * request costs the same), so each is its two ends: without, `k × nextWithout`; with,
 * `nextWith + (k − 1) × (nextWithout − savingPerRequest)`. The lines meet where `breakEvenRequests`
 * (further requests after the next) says; the horizon shows that point with room after it.
 */
export interface BreakEvenChart {
  /** Requests drawn, the next one first (k = 1 … requests). */
  requests: number;
  without: { first: number; last: number };
  with: { first: number; last: number };
  /** The request (k, the next one being 1) from which the compaction has paid for itself; null when never. */
  paidAt: number | null;
}

const MIN_HORIZON = 10;
const MAX_HORIZON = 10_000;

export function cumulativeCost(cost: CacheCost, requests: number): { without: number; with: number } {
  const later = cost.nextWithout - cost.savingPerRequest;
  return { without: requests * cost.nextWithout, with: cost.nextWith + (requests - 1) * later };
}

export function breakEvenChart(cost: CacheCost): BreakEvenChart {
  const paidAt = cost.breakEvenRequests === null ? null : cost.breakEvenRequests + 1;
  const requests = Math.min(MAX_HORIZON, Math.max(MIN_HORIZON, Math.ceil((paidAt ?? 0) * 1.5)));
  const first = cumulativeCost(cost, 1);
  const last = cumulativeCost(cost, requests);
  return {
    requests,
    without: { first: first.without, last: last.without },
    with: { first: first.with, last: last.with },
    paidAt,
  };
}
