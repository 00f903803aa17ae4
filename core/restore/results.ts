/**
 * The tool results of an archived conversation by call id, as `restore_result` and
 * `search_archive` find them (SPEC §9 "Restore server"). The ids are those the format adapter
 * gives when it reads the archive, the same it gave when the export was made (synthesized ids
 * are stable for the same bytes), so the call id a marker names finds its result.
 */
import { isTextOutput, outputText } from '../engine/guards.js';
import { blocksOf } from '../engine/pairing.js';
import type { Block, Message } from '../engine/schema.js';

export interface ArchivedResult {
  callId: string;
  toolName: string | null;
  /** The call's input (a JSON string in our model), or null when the call is not in the archive. */
  input: unknown;
  /** The output as text (a list of text blocks joined with `\n`, R13); null when it holds data blocks. */
  text: string | null;
}

export interface ResultIndex {
  results: Map<string, ArchivedResult>;
  /** Ids that occur on more than one tool_result: R2 gives them no single result to restore. */
  duplicated: Set<string>;
}

export function indexResults(messages: readonly Message[]): ResultIndex {
  const calls = new Map<string, Block>();
  const results = new Map<string, ArchivedResult>();
  const duplicated = new Set<string>();
  for (const message of messages)
    for (const block of blocksOf(message)) {
      if (typeof block.id !== 'string') continue;
      if (block.type === 'tool_call' && !calls.has(block.id)) calls.set(block.id, block);
      else if (block.type === 'tool_result') {
        if (results.has(block.id)) duplicated.add(block.id);
        const output = block.output;
        results.set(block.id, {
          callId: block.id,
          toolName: typeof block.name === 'string' ? block.name : null,
          input: null,
          text: isTextOutput(output) ? outputText(output) : output === undefined ? '' : null,
        });
      }
    }
  for (const [id, result] of results) {
    const call = calls.get(id);
    if (call) {
      result.input = call.input;
      if (typeof call.name === 'string') result.toolName = call.name;
    }
  }
  return { results, duplicated };
}
