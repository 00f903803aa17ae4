/**
 * `inspect-eval`: Inspect AI `.eval` logs. The archive is read into the document `inspect-log`
 * reads (zip/evalLog.ts), so a sample is a conversation keyed as there (its id; with the epoch
 * when ids repeat) and its messages, attachments and events are read and edited by that
 * adapter; the writer puts the edited sample back into its own member (SPEC §9).
 */
import { inspectEvalInfo } from '../detect/inspectEval.js';
import type { FormatAdapter, Proposal, ReadConversation, SourceText } from '../types.js';
import { writeEvalZip } from '../zip/evalLog.js';
import { applyToLog, readSample, sampleConversations } from './inspectLog.js';

function read(doc: SourceText, conversation: string): ReadConversation {
  const sample = readSample(doc, conversation);
  return {
    ...sample,
    format: 'inspect-eval',
    notes: {
      ...sample.notes,
      kept: `every ZIP member but the sample’s own byte for byte (header.json, summaries, reductions, _journal, the other samples); in the sample, ${sample.notes.kept.replace(/^the log’s eval, plan, results and stats, /, '')}`,
    },
  };
}

function write(doc: SourceText, read: ReadConversation, proposal: Proposal): Uint8Array {
  return writeEvalZip(doc, applyToLog(doc, read, proposal));
}

export const inspectEval: FormatAdapter = {
  ...inspectEvalInfo,
  conversations: sampleConversations,
  read,
  write,
};
