/**
 * The baselines a decision model must beat, as actions per candidate pair id.
 *
 * - Observation masking ("The Complexity Trap", 2025): the last M tool results of the
 *   history stay in full, older ones are truncated. M counts every tool result (candidate or
 *   not), like the paper's "last M observations"; only candidates can be truncated.
 * - Random: the model's own actions dealt to the candidates in a random order, so it keeps
 *   exactly as many results (and truncates and drops as many) as the policy it is compared with.
 */
import type { Analysis } from '../engine/guards.js';
import type { Action } from '../engine/schema.js';
import { seededRandom } from '../engine/random.js';

export type Actions = Map<string, Action>;

export function keepAll(analysis: Analysis): Actions {
  return new Map(analysis.candidates.map((p) => [p.pairId, 'keep' as const]));
}

export function masking(analysis: Analysis, m: number): Actions {
  // Pairs are in conversation order of their calls; order by result position instead.
  const byResult = [...analysis.pairs].sort(
    (a, b) => a.result.message - b.result.message || a.result.block - b.result.block,
  );
  const recent = new Set(byResult.slice(Math.max(0, byResult.length - m)).map((p) => p.pairId));
  return new Map(analysis.candidates.map((p) => [p.pairId, recent.has(p.pairId) ? 'keep' : 'drop_result']));
}

export { seededRandom };

/** The actions of `like`, shuffled over the same candidates (Fisher–Yates). */
export function randomLike(analysis: Analysis, like: Actions, seed: number): Actions {
  const ids = analysis.candidates.map((p) => p.pairId);
  const actions = ids.map((id) => like.get(id) ?? 'keep');
  const random = seededRandom(seed);
  for (let i = actions.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [actions[i], actions[j]] = [actions[j], actions[i]];
  }
  return new Map(ids.map((id, i) => [id, actions[i]]));
}

/** Random with a given share kept and the rest truncated: the random curve's points. */
export function randomShare(analysis: Analysis, share: number, seed: number): Actions {
  const ids = analysis.candidates.map((p) => p.pairId);
  const keep = Math.round(share * ids.length);
  const template: Actions = new Map(ids.map((id, i) => [id, i < keep ? 'keep' : 'drop_result']));
  return randomLike(analysis, template, seed);
}
