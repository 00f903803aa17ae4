/**
 * SPEC §9 "Restore server", `list_omissions`: from an audit record and its archive, every call
 * whose output the exported snapshot no longer holds in full, with its tool, its target (§9
 * "Marker") and how many code points of its output are gone. The snapshot is re-derived exactly
 * as `verify` does (core/audit/verify.ts), and the omissions are read from its edits, the ones
 * the format's writer applied: a drop_result that R13's only-if-shorter rule left whole is no
 * edit, and a drop_call whose call a target of the format needs was written as a drop_result
 * (`call_kept_for_target`), so it is listed as one.
 */
import { isTextOutput, outputText, resultChars } from '../engine/guards.js';
import type { Pair } from '../engine/guards.js';
import { callTarget } from '../engine/marker.js';
import { cutOf, rebuildOptionsOf } from '../engine/rebuild.js';
import { countCodePoints } from '../engine/text.js';
import type { AuditRecord } from '../records/audit.js';
import { markerSettingsOf, rederive } from '../audit/verify.js';
import type { SourceInput } from '../formats/bytes.js';

export interface Omission {
  call_id: string;
  tool_name: string;
  target: string | null;
  action: 'drop_result' | 'drop_call';
  omitted_chars: number;
}

export function listOmissions(record: AuditRecord, archive: SourceInput): Omission[] {
  const { analysis, proposal } = rederive(record, archive);
  const options = rebuildOptionsOf(markerSettingsOf(record));
  const byResult = new Map(analysis.pairs.map((pair) => [`${pair.result.message}:${pair.result.block}`, pair]));
  const omissions: Omission[] = [];
  for (const edit of proposal.edits) {
    const pair = byResult.get(`${edit.result.message}:${edit.result.block}`);
    if (!pair) throw new Error('an edit of the re-derived snapshot names no pair');
    const output = pair.resultBlock.output;
    omissions.push({
      call_id: pair.callId,
      tool_name: pair.toolName,
      target: callTarget(pair.callBlock.input),
      action: edit.kind === 'drop' ? 'drop_call' : 'drop_result',
      omitted_chars: edit.kind === 'drop' ? wholeChars(output) : cutOf(textOf(output), options).omitted,
    });
  }
  return omissions;
}

/** A removed output's size: its text in code points (R13's unit), else its JSON. */
function wholeChars(output: Pair['resultBlock']['output']): number {
  return isTextOutput(output) ? countCodePoints(outputText(output)) : resultChars(output);
}

/** Only a text output is ever truncated (R13). */
function textOf(output: Pair['resultBlock']['output']): string {
  return isTextOutput(output) ? outputText(output) : '';
}
