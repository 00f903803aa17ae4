/**
 * SPEC §9 "Restore server", `list_omissions`: from an audit record and its archive, every call
 * the approved snapshot shortened (drop_result) or removed (drop_call), with its tool, its target
 * (§9 "Marker") and how many code points of its output the snapshot no longer holds. The
 * snapshot is re-derived exactly as `verify` does (core/audit/verify.ts), from the archive's text
 * or, for an Inspect `.eval` log, its bytes; so a drop_result that R13's only-if-shorter rule
 * left whole counts 0.
 */
import { isTextOutput, outputText, resultChars } from '../engine/guards.js';
import type { MarkedCall } from '../engine/marker.js';
import { callTarget } from '../engine/marker.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { rebuildOptionsOf, truncateOutput } from '../engine/rebuild.js';
import { countCodePoints } from '../engine/text.js';
import type { AuditRecord } from '../audit/schema.js';
import { markerSettingsOf, rederive } from '../audit/verify.js';
import type { SourceInput } from '../formats/bytes.js';

export interface Omission {
  call_id: string;
  tool_name: string;
  target: string | null;
  action: 'drop_result' | 'drop_call';
  omitted_chars: number;
}

/** Code points of `output` a drop_result leaves out: the text minus the kept head and tail, 0 when R13 kept it whole. */
export function omittedChars(output: unknown, call: string | MarkedCall, options: RebuildOptions): number {
  if (!isTextOutput(output) || truncateOutput(output, call, options) === null) return 0;
  const total = countCodePoints(outputText(output));
  const head = Math.min(options.truncateHeadChars, total);
  return total - head - Math.min(options.truncateTailChars, total - head);
}

export function listOmissions(record: AuditRecord, archive: SourceInput): Omission[] {
  const { analysis, actions } = rederive(record, archive);
  const options = rebuildOptionsOf(markerSettingsOf(record));
  const out: Omission[] = [];
  for (const pair of analysis.pairs) {
    const action = actions.get(pair.pairId);
    if (action !== 'drop_result' && action !== 'drop_call') continue;
    const output = pair.resultBlock.output;
    const whole = isTextOutput(output) ? countCodePoints(outputText(output)) : resultChars(output);
    out.push({
      call_id: pair.callId,
      tool_name: pair.toolName,
      target: callTarget(pair.callBlock.input),
      action,
      omitted_chars: action === 'drop_call' ? whole : omittedChars(output, pair, options),
    });
  }
  return out;
}
