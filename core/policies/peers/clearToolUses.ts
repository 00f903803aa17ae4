/**
 * Anthropic context editing, strategy `clear_tool_uses_20250919` (Messages API, beta
 * `context-management-2025-06-27`), as documented at
 * https://docs.claude.com/en/docs/build-with-claude/context-editing and typed by the SDKs
 * (anthropic-sdk-ruby `BetaClearToolUses20250919Edit`: trigger, keep, clear_at_least,
 * exclude_tools, clear_tool_inputs):
 * - `trigger`: the strategy runs once the request's input tokens exceed it (default 100,000);
 * - `keep`: the most recent tool uses left intact (default 3);
 * - when it runs, the oldest tool results are cleared in order, every one older than the kept
 *   ones, each replaced by a short placeholder;
 * - `clear_at_least`: the minimum tokens a run must clear, else nothing is cleared (default none);
 * - `exclude_tools`: tool names never cleared;
 * - `clear_tool_inputs`: also clear the call's parameters (default false).
 *
 * What the emulation leaves out: input tokens are our R7 estimate of the history's compact JSON,
 * not the provider's count of the whole request (system prompt and tools are not in a history);
 * the placeholder is our omission marker with no head kept; with `clear_tool_inputs` the call
 * block is removed with its result (`drop_call`), where the API keeps an emptied tool_use block.
 */
import { z } from 'zod';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { historyTokens, inputTokens, outputTokens, peerProposal, thousands } from './peer.js';

export const ClearToolUsesParamsSchema = z.strictObject({
  trigger: z.number().int().min(0).default(100_000).describe('input tokens above which it runs'),
  keep: z.number().int().min(0).default(3).describe('most recent tool uses left intact'),
  clear_at_least: z.number().int().min(0).default(0).describe('fewest tokens a run must clear, else it clears none'),
  exclude_tools: z.array(z.string()).default([]).describe('tools never cleared'),
  clear_tool_inputs: z.boolean().default(false).describe('also clear the call’s parameters (drop_call)'),
});
export type ClearToolUsesParams = z.infer<typeof ClearToolUsesParamsSchema>;

export function clearToolUses(input: PeerInput, params: ClearToolUsesParams): PeerProposal {
  const tokens = historyTokens(input.messages);
  const meta = { peer: 'clear_tool_uses', name: 'Anthropic clear_tool_uses', truncation: { head: 0, tail: 0 } };
  const keptRule = `clear_tool_uses: one of the ${params.keep} most recent tool uses, or an excluded tool`;
  if (tokens <= params.trigger)
    return peerProposal(input, {
      ...meta,
      fired: false,
      note: `trigger not reached: ${thousands(tokens)} input tokens ≤ ${thousands(params.trigger)}`,
      cleared: new Map(),
      keptRule,
    });
  // Tool uses in the order they were made; the last `keep` stay.
  const uses = input.analysis.pairs;
  const older = uses.slice(0, Math.max(0, uses.length - params.keep));
  const excluded = new Set(params.exclude_tools);
  const action = params.clear_tool_inputs ? 'drop_call' : 'drop_result';
  const cleared = new Map<string, Clearing>();
  let freed = 0;
  for (const pair of older) {
    if (excluded.has(pair.toolName)) continue;
    freed += outputTokens(pair) + (params.clear_tool_inputs ? inputTokens(pair) : 0);
    cleared.set(pair.pairId, { action, rule: `clear_tool_uses: older than the ${params.keep} most recent tool uses` });
  }
  if (freed < params.clear_at_least)
    return peerProposal(input, {
      ...meta,
      fired: false,
      note: `clear_at_least not reachable: ${thousands(freed)} clearable tokens < ${thousands(params.clear_at_least)}`,
      cleared: new Map(),
      keptRule,
    });
  return peerProposal(input, {
    ...meta,
    fired: true,
    note: `${thousands(tokens)} input tokens > ${thousands(params.trigger)}: ${cleared.size} tool uses cleared`,
    cleared,
    keptRule,
  });
}
