/**
 * `eval --policies`, per cut: each peer policy's proposal (core/policies/peers/) measured exactly as
 * the model's actions are — the same rebuild (R13/R14, with the peer's own head and tail), both
 * labels, candidates only — plus what the next request pays: the first message the compaction
 * changes and the R7 token estimate of the history before, after, and before that message (§9
 * unchanged prefix). A fine threshold sweep over the model's one set of probabilities (R15, no
 * model call) lets the pooled report find the threshold whose reduction matches each peer's.
 */
import { decisionsFor } from '../engine/compact.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { rebuild } from '../engine/rebuild.js';
import { estimateTokens } from '../engine/tokens.js';
import type { CacheTokens } from '../inspect/cache.js';
import type { CutSubject, Tallies } from './measure.js';
import { tally, tallyRebuilt } from './measure.js';
import type { PeerRun } from '../policies/peers/index.js';
import { proposeRun } from '../policies/peers/index.js';
import type { PeerTruncation } from '../policies/peers/peer.js';
import type { Actions } from '../policies/baselines.js';

/** Thresholds 0.00…1.00 in steps of 0.01: fine enough to match a peer's reduction. */
export const MATCH_THRESHOLDS = Array.from({ length: 101 }, (_, i) => i / 100);

/** What one set of actions does to a cut: the tallies, and the next request's tokens. */
export interface Measured {
  tally: Tallies;
  tokens: CacheTokens;
  /** The first history index the actions change; null when nothing changed. */
  firstChanged: number | null;
}

export interface PeerCut extends Measured {
  id: string;
  name: string;
  fired: boolean;
  /** Why the peer fired or not, in its own terms. */
  note: string;
}

export interface PoliciesCut {
  model: Measured;
  peers: PeerCut[];
  /** The model's actions at each of MATCH_THRESHOLDS (R15). */
  matchSweep: Array<{ threshold: number; tally: Tallies }>;
}

function optionsFor(subject: CutSubject, truncation: PeerTruncation | null): RebuildOptions {
  if (truncation === null) return subject.rebuildOptions;
  return { ...subject.rebuildOptions, truncateHeadChars: truncation.head, truncateTailChars: truncation.tail };
}

/** One rebuild: the tallies and the R7 tokens before, after and of the unchanged prefix. */
export function measureWithTokens(
  subject: CutSubject,
  actions: Actions,
  tokensBefore: number,
  options: RebuildOptions = subject.rebuildOptions,
): Measured {
  const rebuilt = rebuild(subject.history, subject.analysis.pairs, actions, options, false);
  const { firstChanged } = rebuilt;
  return {
    tally: tallyRebuilt(subject, actions, rebuilt),
    tokens: {
      before: tokensBefore,
      after: rebuilt.changed ? estimateTokens(JSON.stringify(rebuilt.messages)) : tokensBefore,
      unchangedPrefix:
        firstChanged === null ? tokensBefore : estimateTokens(JSON.stringify(subject.history.slice(0, firstChanged))),
    },
    firstChanged,
  };
}

export function measurePolicies(
  subject: CutSubject,
  runs: readonly PeerRun[],
  modelActions: Actions,
  probabilities: ReadonlyMap<string, number>,
): PoliciesCut {
  const before = estimateTokens(JSON.stringify(subject.history));
  const input = { messages: subject.history, analysis: subject.analysis };
  return {
    model: measureWithTokens(subject, modelActions, before),
    peers: runs.map((run) => {
      const proposal = proposeRun(run, input);
      const measured = measureWithTokens(subject, proposal.actions, before, optionsFor(subject, proposal.truncation));
      return { id: run.id, name: run.name, fired: proposal.fired, note: proposal.note, ...measured };
    }),
    matchSweep: MATCH_THRESHOLDS.map((threshold) => ({
      threshold,
      tally: tally(
        subject,
        new Map(decisionsFor(subject.analysis, probabilities, threshold).map((d) => [d.pair_id, d.action])),
      ),
    })),
  };
}
