/**
 * `eval --policies`, pooled: per peer policy (and the model), over every cut, under both
 * labels — reduction, recall, precision, used results destroyed (used later, not kept intact),
 * the cuts where its trigger fired, the share of the history's tokens before the first change
 * (what the provider's cache still holds, §9) and the next request's cost against no
 * compaction at one price table; and the model's recall at a matched reduction: the threshold
 * re-derived from the same probabilities (R15) whose pooled reduction first reaches the peer's.
 */
import type { CacheTokens, PricePreset } from '../inspect/cache.js';
import { cacheCost, PRICE_PRESETS } from '../inspect/cache.js';
import type { CutResult } from './evaluate.js';
import type { LabelName } from './labels.js';
import { LABELS } from './labels.js';
import type { Figures, Tally } from './measure.js';
import { add, figures, perLabel, ZERO_TALLY } from './measure.js';
import { MATCH_THRESHOLDS } from './peerEval.js';
import type { Measured } from './peerEval.js';

/** The price table next-request costs are quoted at (the inspector's default too). */
export const PEER_PRICES: PricePreset = PRICE_PRESETS[0];

/** The model at one threshold (reduction does not depend on the label; recall does). */
export interface Matched {
  threshold: number;
  reduction: number;
  recall: Record<LabelName, number | null>;
}

export interface PooledPolicy {
  id: string;
  name: string;
  cuts: number;
  fired: number;
  figures: Record<LabelName, Figures>;
  /** Used-later results the policy did not keep intact. */
  destroyed: Record<LabelName, number>;
  /** Tokens before the first changed message / tokens before: null without tokens. */
  prefixShare: number | null;
  /** The next request's cost with the compaction / without it (cache read vs rewrite). */
  nextRequest: number | null;
  /**
   * The model at the lowest threshold whose reduction reaches this policy's; null for the model
   * row, a policy that reduces nothing, or a reduction the model never reaches (`unreached`).
   */
  matched: Matched | null;
  unreached: boolean;
}

export interface PeerPoolReport {
  prices: string;
  policies: PooledPolicy[];
  /** Per transcript, the peers whose trigger never fired on any of its cuts. */
  neverFired: Array<{ source: string; peers: string[] }>;
}

const sum = (tallies: Tally[]) => tallies.reduce(add, ZERO_TALLY);

function cacheFigures(measured: readonly Measured[]): Pick<PooledPolicy, 'prefixShare' | 'nextRequest'> {
  const tokens: CacheTokens = { before: 0, after: 0, unchangedPrefix: 0 };
  let nextWith = 0;
  let nextWithout = 0;
  for (const m of measured) {
    tokens.before += m.tokens.before;
    tokens.after += m.tokens.after;
    tokens.unchangedPrefix += m.tokens.unchangedPrefix;
    const cost = cacheCost(m.tokens, PEER_PRICES.prices);
    nextWith += cost.nextWith;
    nextWithout += cost.nextWithout;
  }
  return {
    prefixShare: tokens.before === 0 ? null : tokens.unchangedPrefix / tokens.before,
    nextRequest: nextWithout === 0 ? null : nextWith / nextWithout,
  };
}

function pooledOf(id: string, name: string, measured: readonly Measured[], fired: number): PooledPolicy {
  const byLabel = perLabel((label) => figures(sum(measured.map((m) => m.tally[label]))));
  return {
    id,
    name,
    cuts: measured.length,
    fired,
    figures: byLabel,
    destroyed: perLabel((label) => byLabel[label].used - byLabel[label].usedKept),
    ...cacheFigures(measured),
    matched: null,
    unreached: false,
  };
}

/** The model's sweep pooled, and for a reduction the lowest threshold (the keep-all end) that reaches it. */
function matcher(ok: readonly CutResult[]): (reduction: number) => Matched | null {
  const sweep = MATCH_THRESHOLDS.map((threshold, i) => ({
    threshold,
    byLabel: perLabel((label) => figures(sum(ok.map((r) => r.peerPolicies!.matchSweep[i].tally[label])))),
  }));
  // R12: a higher threshold keeps fewer results; t = 0 keeps every one. Walk up from there.
  return (reduction) => {
    const point = sweep.find((p) => p.byLabel[LABELS[0]].reduction >= reduction - 1e-12);
    if (!point) return null;
    return {
      threshold: point.threshold,
      reduction: point.byLabel[LABELS[0]].reduction,
      recall: perLabel((label) => point.byLabel[label].recall),
    };
  };
}

export function poolPolicies(results: readonly CutResult[], modelName: string): PeerPoolReport | null {
  const ok = results.filter((r) => r.error === null && r.peerPolicies);
  if (ok.length === 0) return null;
  const runs = ok[0].peerPolicies!.peers.map((p) => ({ id: p.id, name: p.name }));
  const match = matcher(ok);
  const model = pooledOf(
    'model',
    modelName,
    ok.map((r) => r.peerPolicies!.model),
    ok.length,
  );
  const peers = runs.map((run, i) => {
    const cuts = ok.map((r) => r.peerPolicies!.peers[i]);
    const pooled = pooledOf(run.id, run.name, cuts, cuts.filter((c) => c.fired).length);
    const reduction = pooled.figures[LABELS[0]].reduction;
    const matched = reduction > 0 ? match(reduction) : null;
    return { ...pooled, matched, unreached: reduction > 0 && matched === null };
  });
  const sources = [...new Set(ok.map((r) => r.source))];
  return {
    prices: PEER_PRICES.label,
    policies: [model, ...peers],
    neverFired: sources
      .map((source) => {
        const own = ok.filter((r) => r.source === source);
        return {
          source,
          peers: runs.filter((_, i) => own.every((r) => !r.peerPolicies!.peers[i].fired)).map((run) => run.id),
        };
      })
      .filter((t) => t.peers.length > 0),
  };
}

const pct = (x: number | null) => (x === null ? '    – ' : `${(x * 100).toFixed(1).padStart(5)}%`);
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const NAME = 40;

/** The two tables of `eval --policies`, and the transcripts where a trigger never fired. */
export function renderPolicies(report: PeerPoolReport): string[] {
  const lines = [
    `PEER POLICIES (pooled; tokens by the R7 estimate; next request against no compaction at ${report.prices} cache prices)`,
    `${' '.repeat(NAME + 17)}${'later-use label'.padEnd(25)}strict label`,
    `  ${'policy'.padEnd(NAME)} fired  reduct.  recall precis. destr.  recall precis. destr.  prefix  next req.`,
  ];
  for (const p of report.policies) {
    const cells = LABELS.map(
      (l) => `${pct(p.figures[l].recall)} ${pct(p.figures[l].precision)} ${num(p.destroyed[l]).padStart(5)}`,
    );
    const next = p.nextRequest === null ? '    –' : `${p.nextRequest.toFixed(2)}×`.padStart(8);
    lines.push(
      `  ${p.name.padEnd(NAME)} ${`${p.fired}/${p.cuts}`.padStart(5)}  ${pct(p.figures[LABELS[0]].reduction)}  ${cells.join('  ')}  ${pct(p.prefixShare)}  ${next}`,
    );
  }
  lines.push(
    '',
    "OURS AT MATCHED REDUCTION (the lowest threshold whose reduction reaches the peer's: R15, no model call)",
  );
  lines.push(
    `  ${'policy'.padEnd(NAME)} reduct.     t    ours  ${LABELS.map((l) => `${l} recall: ours (peer)`.padEnd(32)).join('')}`.trimEnd(),
  );
  for (const p of report.policies.slice(1)) {
    const reduction = pct(p.figures[LABELS[0]].reduction);
    const m = p.matched;
    if (m === null) {
      const why = p.unreached ? 'the model never reduces this much' : 'no reduction to match';
      lines.push(`  ${p.name.padEnd(NAME)} ${reduction}  ${why}`);
      continue;
    }
    const cells = LABELS.map((l) =>
      `${pct(m.recall[l]).padStart(l.length + 15)} (${pct(p.figures[l].recall).trim()})`.padEnd(32),
    );
    lines.push(
      `  ${p.name.padEnd(NAME)} ${reduction}  ${m.threshold.toFixed(2)} ${pct(m.reduction)}  ${cells.join('')}`.trimEnd(),
    );
  }
  if (report.neverFired.length > 0) {
    lines.push('', 'TRIGGERS THAT NEVER FIRED (every action keep on every cut of the transcript)');
    for (const t of report.neverFired) lines.push(`  ${t.source}: ${t.peers.join(', ')}`);
  }
  return lines;
}
