/**
 * Observation masking ("The Complexity Trap", Lindenbauer et al., 2025: the last M observations
 * in full, older ones replaced), as the peer of the same name: the `masking` baseline of
 * core/policies/baselines.ts with its decisions spelled out. Older results are shortened by R13 at
 * the request's own settings, as the baseline always measured them.
 */
import { z } from 'zod';
import { masking } from '../baselines.js';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { peerProposal } from './peer.js';

export const MaskingParamsSchema = z.strictObject({
  m: z.number().int().min(0).default(10).describe('most recent tool results kept in full'),
});
export type MaskingParams = z.infer<typeof MaskingParamsSchema>;

export function observationMasking(input: PeerInput, params: MaskingParams): PeerProposal {
  const rule = `masking: older than the last ${params.m} tool results`;
  const cleared = new Map<string, Clearing>();
  for (const [pairId, action] of masking(input.analysis, params.m))
    if (action !== 'keep') cleared.set(pairId, { action, rule });
  return peerProposal(input, {
    peer: 'masking',
    name: `observation masking M=${params.m}`,
    fired: input.analysis.pairs.length > params.m,
    note:
      input.analysis.pairs.length > params.m
        ? `${input.analysis.pairs.length} tool results > M = ${params.m}`
        : `${input.analysis.pairs.length} tool results ≤ M = ${params.m}: nothing masked`,
    truncation: null,
    cleared,
    keptRule: `masking: one of the last ${params.m} tool results`,
  });
}
