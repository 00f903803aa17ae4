/**
 * Claude Code's record streams, shared by the session JSONL (`claude-code`) and the SDK's
 * `stream-json` output (`claude-stream-json`): `{type: "user" | "assistant", message}` records
 * among records that are not messages (`system`, `summary`, `file-history-snapshot`, `result`).
 * One API reply is written as several assistant records (one content block each, the same
 * `message.id`); a contiguous run of them is one message of ours, as the API sent it.
 */
import type { Message } from '../../engine/schema.js';
import { applyProposal } from '../apply.js';
import { isRecord, serializeRecords } from '../document.js';
import type { DocumentEditor } from '../editor.js';
import { CallIds, idNote } from '../ids.js';
import type { FormatId, JsonPath, Proposal, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { CallNames } from './anthropicBlocks.js';
import { isEmptyContent, placeAnthropicReceipt, readAnthropicContent, setAnthropicOutput } from './anthropicBlocks.js';
import { claudeRecords, isMessageRecord } from '../detect/claudeCode.js';
import { CompactionCollector } from './claudeCompactions.js';

export { CLAUDE_MESSAGE_TYPES, claudeRecords, isMessageRecord } from '../detect/claudeCode.js';

const THINKING = new Set(['thinking', 'redacted_thinking']);

function isThinking(block: unknown): boolean {
  return isRecord(block) && typeof block.type === 'string' && THINKING.has(block.type);
}

/**
 * An assistant record that holds thinking and nothing else. Claude Code 2.1's resume skips such
 * lines when they end a reply (observed: 20 of the 100 thinking blocks of the shared session
 * were never sent after every call of their reply was dropped), and the Messages API ignores
 * thinking of earlier assistant turns anyway; only the latest turn's thinking must reach it
 * unmodified while that turn uses tools. So a reply whose every call is dropped loses its
 * thinking with them (`accompanies` in apply.ts), and a reply that keeps a call or text keeps
 * its thinking byte for byte.
 */
function thinkingOnly(record: unknown): boolean {
  if (!isRecord(record) || record.type !== 'assistant' || !isRecord(record.message)) return false;
  const content = record.message.content;
  return Array.isArray(content) && content.length > 0 && content.every(isThinking);
}

/** The note the Summary shows for thinking: how many blocks, and what an export does with them. */
function thinkingNote(blocks: number): string | undefined {
  if (blocks === 0) return undefined;
  return (
    `${blocks} thinking block${blocks === 1 ? '' : 's'}: kept unmodified in every reply that keeps a call or text; ` +
    'a reply whose every call is dropped loses its thinking too (Claude Code does not replay a reply of thinking ' +
    "alone, and the Messages API ignores earlier turns' thinking)"
  );
}

/**
 * SPEC §9 target rule `anthropic.thinking_unmodified`: the latest assistant turn, while it uses
 * tools, must reach the API with its thinking intact. A reply of thinking and calls only loses
 * its thinking when its calls go (`thinkingOnly`), so a call of such a latest turn is kept (its
 * result is shortened instead). Conservative per call: the writer does not know the other
 * decisions, and a turn with text keeps its thinking whatever is dropped.
 */
export function keepsLatestTurnCall(read: ReadConversation, call: { message: number }): string | null {
  const messages = read.messages;
  let first = messages.length - 1;
  while (first >= 0 && messages[first].role !== 'assistant') first--;
  if (first < 0 || call.message > first) return null;
  while (first > 0 && messages[first - 1].role === 'assistant') first--;
  if (call.message < first) return null;
  const blocks = messages
    .slice(first)
    .flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : []));
  const thinking = blocks.some(isThinking);
  const text = blocks.some((b) => b.type === 'text');
  return thinking && !text ? 'anthropic.thinking_unmodified' : null;
}

export interface ClaudeReadOptions {
  format: FormatId;
  conversation: string;
  /** Which message records belong to the conversation (sidechains and sub-agents are their own). */
  include(record: Record<string, unknown>): boolean;
  /** The record's own id (a `uuid`), used when the reply has no `message.id`; null → synthesized. */
  recordId(record: Record<string, unknown>): string | null;
}

export function readClaudeRecords(doc: SourceText, options: ClaudeReadOptions): ReadConversation {
  const records = claudeRecords(doc);
  if (!records) throw new FormatError('expected one JSON object per record', 'not_a_history');
  const ids = new CallIds();
  const names: CallNames = new Map();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const usedIds = new Set<string>();
  const kept = new Map<string, number>();
  let synthesized = 0;
  let elsewhere = 0;
  let runId: string | null = null;
  let thinking = 0;
  const compactions = new CompactionCollector();
  records.forEach((record, i) => {
    if (!isMessageRecord(record)) {
      // A reply never continues across a boundary: what follows it is a new context.
      if (options.include(record) && compactions.boundary(record, [i], messages.length)) runId = null;
      const type = typeof record.type === 'string' ? record.type : 'untyped';
      kept.set(type, (kept.get(type) ?? 0) + 1);
      return;
    }
    if (!options.include(record)) {
      elsewhere++;
      runId = null;
      return;
    }
    compactions.message(record);
    const message = record.message as Record<string, unknown>;
    const role = record.type as string;
    if (role === 'assistant' && Array.isArray(message.content)) thinking += message.content.filter(isThinking).length;
    const read = readAnthropicContent(message.content, [i, 'message', 'content'], ids, names);
    const replyId = role === 'assistant' && typeof message.id === 'string' ? message.id : null;
    const last = messages.length - 1;
    if (replyId !== null && replyId === runId) {
      // The next block of the same reply: one message of ours over several records.
      (messages[last].content as unknown[]).push(...read.blocks);
      map.records[last].push([i]);
      map.blocks[last].push(...read.origins);
      return;
    }
    runId = replyId;
    const own = options.recordId(record);
    let id: string;
    if (replyId !== null && !usedIds.has(replyId)) id = replyId;
    else if (own !== null && !usedIds.has(own)) id = own;
    else {
      id = `m${messages.length + 1}`;
      synthesized++;
    }
    usedIds.add(id);
    messages.push({ id, role, content: read.blocks });
    map.records.push([[i]]);
    map.blocks.push(read.origins);
  });
  const note = thinkingNote(thinking);
  const boundaries = compactions.result();
  return {
    ...(boundaries ? { compactions: boundaries } : {}),
    format: options.format,
    conversation: options.conversation,
    messages,
    map,
    notes: {
      ids: idNote({
        messages: synthesized > 0 ? `${synthesized} by position (m<n>); the rest native` : 'native',
        calls: 'native',
        repeated: ids.repeated,
      }),
      errors: 'error when a tool_result has is_error: true',
      kept:
        [
          ...[...kept].map(([type, n]) => `${n} ${type}`),
          ...(elsewhere > 0 ? [`${elsewhere} message records of other conversations`] : []),
        ].join(', ') || 'no records besides messages',
      ...(note ? { thinking: note } : {}),
    },
  };
}

/** Writes a proposal back: blocks edited or removed in place, emptied records removed. */
export function writeClaudeRecords(
  doc: SourceText,
  read: ReadConversation,
  proposal: Proposal,
  afterRemoval?: (editor: DocumentEditor, removed: readonly JsonPath[]) => void,
): string {
  const records = claudeRecords(doc);
  if (!records) throw new FormatError('expected one JSON object per record', 'not_a_history');
  const result = applyProposal(records, read, proposal, {
    setOutput: setAnthropicOutput,
    placeReceipt: placeAnthropicReceipt,
    isEmpty: (record) => isRecord(record) && isEmptyContent(record.message),
    accompanies: thinkingOnly,
    afterRemoval,
  });
  return serializeRecords(doc, result as unknown[]);
}
