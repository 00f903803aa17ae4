/**
 * Gemini CLI's tool-output truncation, google-gemini/gemini-cli@5411f113
 * (`DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD = 40_000` in packages/core/src/config/config.ts;
 * `formatTruncatedToolOutput` in packages/core/src/utils/fileUtils.ts, called from
 * packages/core/src/scheduler/tool-executor.ts): a tool's text output longer than the threshold
 * (in characters) is cut to its first 20 % and last 80 % of the threshold around a line naming
 * the omitted count, the full output saved to a file the model can read.
 *
 * What the emulation leaves out: Gemini CLI truncates when the tool returns, and only the shell
 * tool's and MCP tools' text; here every candidate's text output over the threshold is cut,
 * whatever its tool, since a saved history says which tools were shells only by name. Characters
 * are counted in code points (R13), where Gemini CLI counts UTF-16 units; the marker is ours.
 */
import { z } from 'zod';
import { isTextOutput, outputText } from '../../engine/guards.js';
import { countCodePoints } from '../../engine/text.js';
import type { Clearing, PeerInput, PeerProposal } from './peer.js';
import { peerProposal, thousands } from './peer.js';

export const GeminiTruncationParamsSchema = z.strictObject({
  threshold: z.number().int().min(1).default(40_000).describe('characters above which an output is cut'),
  head_share: z.number().min(0).max(1).default(0.2).describe('share of the threshold kept from the start'),
});
export type GeminiTruncationParams = z.infer<typeof GeminiTruncationParamsSchema>;

export function geminiTruncation(input: PeerInput, params: GeminiTruncationParams): PeerProposal {
  const head = Math.floor(params.threshold * params.head_share);
  const rule = `tool-output truncation: over ${thousands(params.threshold)} characters, first ${thousands(head)} and last ${thousands(params.threshold - head)} kept`;
  const cleared = new Map<string, Clearing>();
  for (const pair of input.analysis.pairs) {
    const output = pair.resultBlock.output;
    if (isTextOutput(output) && countCodePoints(outputText(output)) > params.threshold)
      cleared.set(pair.pairId, { action: 'drop_result', rule });
  }
  return peerProposal(input, {
    peer: 'gemini_truncation',
    name: 'Gemini CLI truncation',
    fired: cleared.size > 0,
    note:
      cleared.size > 0
        ? `${cleared.size} outputs over ${thousands(params.threshold)} characters`
        : `no output over ${thousands(params.threshold)} characters`,
    truncation: { head, tail: params.threshold - head },
    cleared,
    keptRule: `tool-output truncation: ${thousands(params.threshold)} characters or fewer`,
  });
}
