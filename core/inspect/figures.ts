/**
 * The figures more than one screen shows of a proposal, each computed here once: the action
 * counts (over every §6 decision, so a call kept by a guard counts as `keep`) and the next
 * request's cache cost (§9) from one set of token counts. The header, the Cache tab, both
 * Compare tables and the peer comparison read these; none counts or prices on its own.
 */
import type { Action } from '../engine/schema.js';
import { ACTIONS } from '../engine/schema.js';
import type { CacheCost, PriceTable } from './cache.js';
import { cacheCost } from './cache.js';

/** How many calls take each action: one entry per well-formed pair (§6 `decisions`). */
export function countActions(actions: Iterable<Action>): Record<Action, number> {
  const counts = Object.fromEntries(ACTIONS.map((action) => [action, 0])) as Record<Action, number>;
  for (const action of actions) counts[action]++;
  return counts;
}

/** One proposal's token counts (gpt-4o BPE in the inspector): before, after and the unchanged prefix (§9); null while counting. */
export interface TokenFigures {
  before: number | null;
  after: number | null;
  prefix: number | null;
}

/** The next request's cost at `prices`; null until every count is in. */
export function costOf(tokens: TokenFigures | null, prices: PriceTable): CacheCost | null {
  if (!tokens || tokens.before === null || tokens.after === null || tokens.prefix === null) return null;
  // BPE counts of the prefix and the whole can differ by a token or two at the cut; never beyond.
  const unchangedPrefix = Math.min(tokens.prefix, tokens.after, tokens.before);
  return cacheCost({ before: tokens.before, after: tokens.after, unchangedPrefix }, prices);
}

/** The unchanged prefix the cost is quoted on: never more than the history before or after. */
export function prefixTokensOf(tokens: TokenFigures | null): number | null {
  if (!tokens || tokens.before === null || tokens.after === null || tokens.prefix === null) return null;
  return Math.min(tokens.prefix, tokens.after, tokens.before);
}
