/**
 * `eval --policies` in core: a peer measured on a cut is measured exactly as the baselines are,
 * and the model's matched threshold is re-derived from its one set of probabilities (R15).
 */
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { pickCuts } from '../../../core/eval/cuts.js';
import type { CutResult } from '../../../core/eval/evaluate.js';
import { evaluateCut } from '../../../core/eval/evaluate.js';
import { LABELS, labelContext } from '../../../core/eval/labels.js';
import { figures } from '../../../core/eval/measure.js';
import { MATCH_THRESHOLDS } from '../../../core/eval/peerEval.js';
import { poolPolicies } from '../../../core/eval/peerReport.js';
import { PEER_IDS, peerRuns } from '../../../core/policies/peers/index.js';
import { configReads } from './fixtures.js';

describe('eval --policies in core', () => {
  it('R15 the masking peer equals the masking baseline, and the matched threshold is the lowest that reaches the peer', async () => {
    const { messages } = configReads();
    const context = labelContext(messages);
    const runs = peerRuns(PEER_IDS, { masking: { m: 2 } });
    const results: CutResult[] = [];
    for (const cut of pickCuts(messages, 2))
      results.push(
        await evaluateCut('session', context, cut, createOfflineModel(), {
          maskM: 2,
          seeds: 1,
          options: { preserve_recent_messages: 0 },
          peers: runs,
        }),
      );
    for (const result of results) {
      const masking = result.peerPolicies!.peers.find((p) => p.id === 'masking')!;
      expect(masking.tally).toEqual(result.policies.masking);
      expect(result.peerPolicies!.matchSweep).toHaveLength(MATCH_THRESHOLDS.length);
      // t = 0 keeps every result (R12): the keep-all tallies.
      expect(result.peerPolicies!.matchSweep[0].tally).toEqual(result.policies.keepAll);
    }
    const pooled = poolPolicies(results, 'offline')!;
    const peer = pooled.policies.find((p) => p.id === 'masking')!;
    const target = peer.figures[LABELS[0]].reduction;
    expect(target).toBeGreaterThan(0);
    const at = (t: number) => {
      const i = MATCH_THRESHOLDS.indexOf(t);
      const sum = results.reduce(
        (acc, r) => {
          const tally = r.peerPolicies!.matchSweep[i].tally[LABELS[0]];
          return { before: acc.before + tally.charsBefore, after: acc.after + tally.charsAfter };
        },
        { before: 0, after: 0 },
      );
      return (sum.before - sum.after) / sum.before;
    };
    const matched = peer.matched!;
    expect(at(matched.threshold)).toBeCloseTo(matched.reduction, 12);
    expect(matched.reduction).toBeGreaterThanOrEqual(target);
    if (matched.threshold > 0) expect(at(Math.round((matched.threshold - 0.01) * 100) / 100)).toBeLessThan(target);
    // The model row carries no match; every row pools every cut.
    expect(pooled.policies[0]).toMatchObject({ id: 'model', matched: null, cuts: results.length });
    expect(figures(results[0].peerPolicies!.model.tally[LABELS[0]]).reduction).toBeGreaterThanOrEqual(0);
  });
});
