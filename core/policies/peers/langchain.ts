/**
 * LangChain's `ClearToolUsesEdit` (ContextEditingMiddleware), Python
 * `libs/langchain_v1/langchain/agents/middleware/context_editing.py`, documented at
 * https://reference.langchain.com/python/langchain/agents/middleware/context_editing/ClearToolUsesEdit
 * (trigger 100,000 tokens, clear_at_least 0, keep 3, clear_tool_inputs false, exclude_tools (),
 * placeholder "[cleared]"). Before each model call, when the messages' approximate token count
 * exceeds `trigger`, every tool message but the `keep` most recent is a candidate; oldest first,
 * each one not of an excluded tool is replaced by the placeholder (and with `clear_tool_inputs`
 * its call's arguments emptied); with `clear_at_least` > 0 it stops as soon as that many
 * tokens have been reclaimed. Unlike Anthropic's `clear_at_least`, a minimum that cannot be
 * reached does not stop the edit: it only ends it early once reached.
 *
 * What the emulation leaves out: tokens are our R7 estimate (LangChain's
 * `count_tokens_approximately` is also about four characters a token, plus a few per message);
 * the placeholder is our omission marker with no head; with `clear_tool_inputs` the call is
 * removed with its result (`drop_call`).
 */
import { z } from 'zod';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { historyTokens, inputTokens, inResultOrder, outputTokens, peerProposal, thousands } from './peer.js';

export const ClearToolUsesEditParamsSchema = z.strictObject({
  trigger: z.number().int().min(0).default(100_000).describe('tokens above which it runs'),
  clear_at_least: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('stop once this many tokens are reclaimed (0: clear all)'),
  keep: z.number().int().min(0).default(3).describe('most recent tool messages left intact'),
  clear_tool_inputs: z.boolean().default(false).describe('also clear the call’s arguments (drop_call)'),
  exclude_tools: z.array(z.string()).default([]).describe('tools never cleared'),
});
export type ClearToolUsesEditParams = z.infer<typeof ClearToolUsesEditParamsSchema>;

export function clearToolUsesEdit(input: PeerInput, params: ClearToolUsesEditParams): PeerProposal {
  const tokens = historyTokens(input.messages);
  const meta = {
    peer: 'langchain_clear_tool_uses',
    name: 'LangChain ClearToolUsesEdit',
    truncation: { head: 0, tail: 0 },
  };
  const keptRule = `ClearToolUsesEdit: one of the ${params.keep} most recent tool messages, or an excluded tool`;
  if (tokens <= params.trigger)
    return peerProposal(input, {
      ...meta,
      fired: false,
      note: `trigger not reached: ${thousands(tokens)} tokens ≤ ${thousands(params.trigger)}`,
      cleared: new Map(),
      keptRule,
    });
  const results = inResultOrder(input.analysis.pairs);
  const older = params.keep >= results.length ? [] : results.slice(0, results.length - params.keep);
  const excluded = new Set(params.exclude_tools);
  const action = params.clear_tool_inputs ? 'drop_call' : 'drop_result';
  const cleared = new Map<string, Clearing>();
  let reclaimed = 0;
  for (const pair of older) {
    if (excluded.has(pair.toolName)) continue;
    cleared.set(pair.pairId, {
      action,
      rule: `ClearToolUsesEdit: older than the ${params.keep} most recent tool messages`,
    });
    reclaimed += outputTokens(pair) + (params.clear_tool_inputs ? inputTokens(pair) : 0);
    if (params.clear_at_least > 0 && reclaimed >= params.clear_at_least) break;
  }
  return peerProposal(input, {
    ...meta,
    fired: true,
    note: `${thousands(tokens)} tokens > ${thousands(params.trigger)}: ${cleared.size} tool messages cleared`,
    cleared,
    keptRule,
  });
}
