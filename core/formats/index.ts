/**
 * Native transcript formats (SPEC §9 "Sources"): the registry, detection, and the two calls
 * hosts make — open a file into one conversation of our message model, and export a proposal
 * back into the file's own format. `compaction-inspector/formats` for library users.
 */
import { writeHistory } from '../engine/containers.js';
import type { MarkerSettings } from '../engine/rebuild.js';
import { blocksOf } from '../engine/pairing.js';
import type { Pair } from '../engine/guards.js';
import type { Action, Message } from '../engine/schema.js';
import { agentscope } from './adapters/agentscope.js';
import { agentscopeSession } from './adapters/agentscopeSession.js';
import { anthropicMessages } from './adapters/anthropicMessages.js';
import { claudeCode } from './adapters/claudeCode.js';
import { claudeStreamJson } from './adapters/claudeStreamJson.js';
import { inspectLog } from './adapters/inspectLog.js';
import { miniSweAgent } from './adapters/miniSweAgent.js';
import { openaiChat } from './adapters/openaiChat.js';
import { openaiResponses } from './adapters/openaiResponses.js';
import { openhands } from './adapters/openhands.js';
import { sweAgent } from './adapters/sweAgent.js';
import { parseSource } from './document.js';
import { actionsForTargets, proposalOf, withoutThinkingOnlyReplies } from './proposal.js';
import { findToolShapes } from './toolShapes.js';
import type {
  ConversationInfo,
  Detection,
  ExportAs,
  FormatAdapter,
  FormatId,
  Proposal,
  ReadConversation,
  SourceText,
} from './types.js';
import { FORMAT_IDS, FormatError } from './types.js';

export * from './types.js';
export { parseSource, serializeRecords, serializeValue } from './document.js';
export { unchangedProposal } from './proposal.js';
export {
  isProjectSessionPath,
  isSessionUuid,
  resumableSession,
  resumeCommand,
  sessionFileName,
} from './adapters/claudeResume.js';

/** Every format, in the order ties are broken (our own first: a plain role/content list is ours). */
export const FORMATS: readonly FormatAdapter[] = [
  agentscope,
  agentscopeSession,
  claudeCode,
  claudeStreamJson,
  openaiChat,
  openaiResponses,
  anthropicMessages,
  inspectLog,
  openhands,
  sweAgent,
  miniSweAgent,
];

export function isFormatId(id: string): id is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(id);
}

export function adapterFor(id: string): FormatAdapter {
  const adapter = FORMATS.find((f) => f.id === id);
  if (!adapter)
    throw new FormatError(`unknown format "${id}" (formats: ${FORMATS.map((f) => f.id).join(', ')})`, 'unknown_format');
  return adapter;
}

/** Every format that recognizes the document, most confident first. */
export function detectFormats(doc: SourceText): Detection[] {
  const found: Detection[] = [];
  for (const adapter of FORMATS) {
    const detection = adapter.detect(doc);
    if (detection) found.push(detection);
  }
  // A stable sort keeps FORMATS order among equals.
  return found.sort((a, b) => b.confidence - a.confidence);
}

/** A parsed file whose format is known, before a conversation is chosen. */
export interface InspectedSource {
  doc: SourceText;
  format: FormatId;
  detection: Detection;
  conversations: ConversationInfo[];
}

/** Parses and detects (or takes `format` as given); lists the conversations. */
export function inspectSource(text: string, format?: string): InspectedSource {
  const doc = parseSource(text);
  let detection: Detection;
  if (format !== undefined) {
    const adapter = adapterFor(format);
    detection = adapter.detect(doc) ?? { format: adapter.id, confidence: 0, reason: 'named by the caller' };
  } else {
    const [best] = detectFormats(doc);
    if (!best)
      throw new FormatError(
        `not a history in any known format (${FORMATS.map((f) => f.id).join(', ')}); expected, for example, an array of messages, JSON Lines, or an agent state {"context": [...]}`,
        'not_a_history',
      );
    detection = best;
  }
  return { doc, format: detection.format, detection, conversations: adapterFor(detection.format).conversations(doc) };
}

/** A conversation of a file, read: what every host works with. */
export interface OpenedSource extends InspectedSource {
  read: ReadConversation;
}

/** Reads one conversation: `conversation`, or the only one; several and none named is an error listing them. */
export function openConversation(source: InspectedSource, conversation?: string): OpenedSource {
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
  const read = adapterFor(source.format).read(source.doc, key);
  checkToolCallsFound(source, read);
  return { ...source, read };
}

/** `inspectSource` then `openConversation`. */
export function openSource(text: string, choice: { format?: string; conversation?: string } = {}): OpenedSource {
  return openConversation(inspectSource(text, choice.format), choice.conversation);
}

/** The proposal in the source's own format and container, as text. */
export function exportSource(source: Pick<OpenedSource, 'doc' | 'read'>, proposal: Proposal): string {
  return adapterFor(source.read.format).write(source.doc, source.read, proposal);
}

/**
 * A proposal as the writers need it (R13–R14 edits and the rebuilt messages). With `source`
 * (an export in the source's own format), a drop_call whose call a target of the format needs
 * is written as drop_result and listed in `keptForTargets` (SPEC §9 "Target checks").
 */
export function proposalFor(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  request: MarkerSettings,
  source?: Pick<OpenedSource, 'doc' | 'read'>,
): Proposal {
  if (!source) return proposalOf(messages, pairs, actions, request);
  const adapter = adapterFor(source.read.format);
  const written = actionsForTargets(adapter, source, pairs, actions);
  const proposal = { ...proposalOf(messages, pairs, written.actions, request), keptForTargets: written.kept };
  return adapter.thinkingGoesWithReply ? withoutThinkingOnlyReplies(messages, proposal) : proposal;
}

/** The snapshot an export writes (`as`): the source's own format, or our message array (SPEC §1). */
export function exportText(source: Pick<OpenedSource, 'doc' | 'read'>, proposal: Proposal, as: ExportAs): string {
  return as === 'messages'
    ? writeHistory({ kind: 'array', wrapper: null, indent: 2 }, proposal.messages)
    : exportSource(source, proposal);
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
    `read as ${source.format} (${source.detection.reason}) but found no tool calls, while the file holds ${shapes.count} tool-call-shaped object${shapes.count === 1 ? '' : 's'} (first: ${shapes.first}); name the right format (formats: ${FORMATS.map((f) => f.id).join(', ')})`,
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
