/**
 * opencode's prune (`SessionCompaction.prune`, packages/opencode/src/session/compaction.ts;
 * constants `PRUNE_MINIMUM = 20_000`, `PRUNE_PROTECT = 40_000`, `PRUNE_PROTECTED_TOOLS =
 * ["skill"]`, as restated from that file by okwinds/openagentic-sdk
 * docs/plans/opencode-parity-v2-06-compaction.md and hi-ogawa/llm-tasks
 * tasks/2026-01-13-llm-tooling/notes/opencode-compaction.md): walking back from the newest
 * message, the last two user turns are skipped; then every completed tool output's estimated
 * tokens are summed, and once the sum passes 40,000 each further (older) output is marked for
 * pruning; the outputs are pruned ("[Old tool result content cleared]") only when the marked
 * ones hold more than 20,000 tokens. Outputs of protected tools are skipped and not counted.
 *
 * What the emulation leaves out: a user turn is a user message with text of its own (a message
 * holding only tool results, as foreign layouts have, is not one); tokens are our R7 estimate
 * (opencode's `Token.estimate` is characters / 4 as well); opencode stops at its own summary
 * message or an output it already pruned, neither of which a saved history marks.
 */
import { z } from 'zod';
import { blocksOf } from '../../engine/pairing.js';
import type { Message } from '../../engine/schema.js';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { outputTokens, peerProposal, thousands } from './peer.js';

export const OpencodePruneParamsSchema = z.strictObject({
  protect_tokens: z.number().int().min(0).default(40_000).describe('newest tokens of tool output never pruned'),
  minimum_tokens: z
    .number()
    .int()
    .min(0)
    .default(20_000)
    .describe('prunes only when more tokens than this are prunable'),
  protected_tools: z.array(z.string()).default(['skill']).describe('tools never pruned'),
  protected_turns: z.number().int().min(0).default(2).describe('most recent user turns skipped'),
});
export type OpencodePruneParams = z.infer<typeof OpencodePruneParamsSchema>;

const isUserTurn = (message: Message) =>
  message.role === 'user' && (typeof message.content === 'string' || blocksOf(message).some((b) => b.type === 'text'));

export function opencodePrune(input: PeerInput, params: OpencodePruneParams): PeerProposal {
  const byResultMessage = new Map<number, typeof input.analysis.pairs>();
  for (const pair of input.analysis.pairs)
    byResultMessage.set(pair.result.message, [...(byResultMessage.get(pair.result.message) ?? []), pair]);
  const protectedTools = new Set(params.protected_tools);
  let turns = 0;
  let total = 0;
  let pruned = 0;
  const marked: string[] = [];
  for (let m = input.messages.length - 1; m >= 0; m--) {
    if (isUserTurn(input.messages[m])) turns++;
    if (turns < params.protected_turns) continue;
    const pairs = [...(byResultMessage.get(m) ?? [])].sort((a, b) => b.result.block - a.result.block);
    for (const pair of pairs) {
      if (protectedTools.has(pair.toolName)) continue;
      const estimate = outputTokens(pair);
      total += estimate;
      if (total <= params.protect_tokens) continue;
      pruned += estimate;
      marked.push(pair.pairId);
    }
  }
  const fired = pruned > params.minimum_tokens;
  const rule = `prune: beyond the newest ${thousands(params.protect_tokens)} tokens of tool output`;
  return peerProposal(input, {
    peer: 'opencode_prune',
    name: 'opencode prune',
    fired,
    note: fired
      ? `${thousands(pruned)} prunable tokens > ${thousands(params.minimum_tokens)}: ${marked.length} outputs pruned`
      : `minimum not reached: ${thousands(pruned)} prunable tokens ≤ ${thousands(params.minimum_tokens)}`,
    truncation: { head: 0, tail: 0 },
    cleared: new Map<string, Clearing>(marked.map((id) => [id, { action: 'drop_result', rule }])),
    keptRule: `prune: within the newest ${thousands(params.protect_tokens)} tokens of tool output, the last ${params.protected_turns} turns, or a protected tool`,
  });
}
