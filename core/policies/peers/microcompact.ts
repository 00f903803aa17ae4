/**
 * Claude Code's microcompact (`src/services/compact/microCompact.ts` in the Claude Code CLI,
 * closed source; described from the shipped bundle by "Harness engineering from Claude Code",
 * ch. 11, https://zhanghandong.github.io/harness-engineering-from-cc-to-ai-coding/en/part3/ch11.html,
 * and https://wiki.coder.dog/wiki-kb/wiki/sources/claude-code-compaction-policy/): the results of
 * its compactable tools (Read, Bash, Grep, Glob, WebSearch, WebFetch, Edit, Write) older than
 * the 5 most recent such results have their content replaced by "[Old tool result content
 * cleared]"; other tools' results are never touched.
 *
 * What the emulation leaves out: the trigger. Claude Code runs it when the gap since the last
 * assistant message exceeds a server-configured time (the prompt cache has gone cold) or, cached,
 * when the count of compactable results passes a server-configured number; neither is in a saved
 * history, so it runs on every history ("always on"). Tool names match exactly (Claude Code's
 * own names); `compactable_tools: null` makes every tool compactable, for histories of other agents.
 */
import { z } from 'zod';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { inResultOrder, peerProposal } from './peer.js';

export const CLAUDE_CODE_COMPACTABLE_TOOLS = ['Read', 'Bash', 'Grep', 'Glob', 'WebSearch', 'WebFetch', 'Edit', 'Write'];

export const MicrocompactParamsSchema = z.strictObject({
  keep_recent: z.number().int().min(0).default(5).describe('most recent compactable results left intact'),
  compactable_tools: z
    .array(z.string())
    .nullable()
    .default(CLAUDE_CODE_COMPACTABLE_TOOLS)
    .describe('tools whose results it clears; null: every tool'),
});
export type MicrocompactParams = z.infer<typeof MicrocompactParamsSchema>;

export function microcompact(input: PeerInput, params: MicrocompactParams): PeerProposal {
  const tools = params.compactable_tools === null ? null : new Set(params.compactable_tools);
  const compactable = inResultOrder(input.analysis.pairs).filter((p) => tools === null || tools.has(p.toolName));
  const older = compactable.slice(0, Math.max(0, compactable.length - params.keep_recent));
  const rule = `microcompact: a compactable tool's result older than the ${params.keep_recent} most recent`;
  const cleared = new Map<string, Clearing>(older.map((p) => [p.pairId, { action: 'drop_result', rule }]));
  return peerProposal(input, {
    peer: 'microcompact',
    name: 'Claude Code microcompact',
    fired: compactable.length > 0,
    note:
      compactable.length === 0
        ? 'no result of a compactable tool in the history'
        : `${compactable.length} compactable results: ${older.length} cleared`,
    truncation: { head: 0, tail: 0 },
    cleared,
    keptRule: `microcompact: one of the ${params.keep_recent} most recent compactable results, or a tool it never compacts`,
  });
}
