/**
 * Opening a file (SPEC §9 "Sources"), given the adapter of its format: list its conversations,
 * choose one (`conversation`, or the only one) and read it, refusing a reading that found no
 * tool calls where the file holds tool-call-shaped data. index.ts passes adapters loaded with
 * the registry, lazy.ts the one it imported.
 */
import { blocksOf } from '../engine/pairing.js';
import type { Message } from '../engine/schema.js';
import { formatList } from './detection.js';
import { findToolShapes } from './toolShapes.js';
import type { ConversationInfo, Detection, FormatAdapter, FormatId, ReadConversation, SourceText } from './types.js';
import { FormatError } from './types.js';

/** A parsed file whose format is known, before a conversation is chosen. */
export interface InspectedSource {
  doc: SourceText;
  format: FormatId;
  detection: Detection;
  conversations: ConversationInfo[];
}

/** A conversation of a file, read: what every host works with. */
export interface OpenedSource extends InspectedSource {
  read: ReadConversation;
}

/** `doc` as `detection` found it, with the conversations `adapter` (its format's) lists. */
export function inspectWith(doc: SourceText, detection: Detection, adapter: FormatAdapter): InspectedSource {
  return { doc, format: detection.format, detection, conversations: adapter.conversations(doc) };
}

/** Reads one conversation: `conversation`, or the only one; several and none named is an error listing them. */
export function readWith(source: InspectedSource, adapter: FormatAdapter, conversation?: string): OpenedSource {
  let key = conversation;
  if (key === undefined) {
    if (source.conversations.length !== 1) throw conversationRequired(source);
    key = source.conversations[0].key;
  } else if (!source.conversations.some((c) => c.key === key)) {
    throw new FormatError(
      `no conversation "${key}" in this ${source.format} file (${keyList(source.conversations)})`,
      'unknown_conversation',
    );
  }
  const read = adapter.read(source.doc, key);
  checkToolCallsFound(source, read);
  return { ...source, read };
}

function keyList(conversations: readonly ConversationInfo[]): string {
  const shown = conversations.slice(0, 20).map((c) => (c.label && c.label !== c.key ? `${c.key} (${c.label})` : c.key));
  return `keys: ${shown.join(', ')}${conversations.length > 20 ? `, … ${conversations.length - 20} more` : ''}`;
}

function conversationRequired(source: InspectedSource): FormatError {
  if (source.conversations.length === 0)
    return new FormatError(`this ${source.format} file holds no conversation`, 'not_a_history');
  return new FormatError(
    `this ${source.format} file holds ${source.conversations.length} conversations; choose one (${keyList(source.conversations)})`,
    'conversation_required',
  );
}

export function countToolBlocks(messages: readonly Message[]): { calls: number; results: number } {
  let calls = 0;
  let results = 0;
  for (const message of messages)
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_call') calls++;
      else if (block.type === 'tool_result') results++;
    }
  return { calls, results };
}

/**
 * SPEC §9: a reader that finds no tool calls where the conversation's own records hold
 * tool-call-shaped data misread the file — an error naming the guess and why, never a silent 0.
 */
function checkToolCallsFound(source: InspectedSource, read: ReadConversation): void {
  const { calls, results } = countToolBlocks(read.messages);
  if (calls + results > 0) return;
  const shapes = findToolShapes(source.doc, read.map.records.flat());
  if (shapes.count === 0) return;
  throw new FormatError(
    `read as ${source.format} (${source.detection.reason}) but found no tool calls, while the file holds ${shapes.count} tool-call-shaped object${shapes.count === 1 ? '' : 's'} (first: ${shapes.first}); name the right format (formats: ${formatList()})`,
    'no_tool_calls',
  );
}

/** Where a snapshot came from, as the envelope's `metadata.source` and the audit record name it. */
export function sourceSummary(source: Pick<OpenedSource, 'format' | 'conversations' | 'read'>): {
  format: FormatId;
  conversation: string;
  conversations: number;
} {
  return { format: source.format, conversation: source.read.conversation, conversations: source.conversations.length };
}
