/**
 * `agentscope`: our own message model (SPEC §1) in the containers the engine's containers
 * module knows — a bare array, JSON Lines, or an agent state. Reading is identity (the
 * messages are the file's own objects); writing puts the rebuilt messages back into the same
 * container with `containerValue`, so there is one home for what a container is, and splices
 * that into the source text (SPEC §9 byte-preserving export).
 */
import type { Container } from '../../engine/containers.js';
import { containerValue, locateMessages, validatedMessages } from '../../engine/containers.js';
import type { Message } from '../../engine/schema.js';
import { isRecord, serializeRecords, serializeValue } from '../document.js';
import type { Detection, FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';

const OUR_BLOCKS = new Set(['tool_call', 'tool_result']);
/** Block and record shapes of the other formats: a list carrying them is not ours. */
const FOREIGN_MARKERS = new Set(['tool_use', 'function_call', 'function_call_output']);

interface Located {
  container: Container;
  messages: unknown[];
}

function locate(doc: SourceText): Located | null {
  if (doc.kind === 'jsonl') return { container: { kind: 'jsonl', wrapper: null, indent: 0 }, messages: doc.records };
  const found = locateMessages(doc.value);
  if (found && Array.isArray(found.messages)) {
    const wrapper = found.kind === 'array' ? null : doc.value;
    return { container: { kind: found.kind, wrapper, indent: doc.indent }, messages: found.messages };
  }
  // One message on its own is a one-line JSON Lines history (as the containers module reads it).
  if (isRecord(doc.value) && (doc.value.role !== undefined || doc.value.content !== undefined))
    return { container: { kind: 'jsonl', wrapper: null, indent: 0 }, messages: [doc.value] };
  return null;
}

function detect(doc: SourceText): Detection | null {
  const found = locate(doc);
  if (!found || found.messages.length === 0) return null;
  let ours = 0;
  for (const message of found.messages) {
    if (!isRecord(message) || (message.role === undefined && message.content === undefined)) return null;
    // Messages of other formats: OpenAI's tool role and tool_calls, Claude Code's envelopes.
    if (message.role === 'tool' || 'tool_calls' in message || 'message' in message || 'type' in message) return null;
    if (message.content !== undefined && typeof message.content !== 'string' && !Array.isArray(message.content))
      return null;
    for (const block of Array.isArray(message.content) ? message.content : []) {
      if (!isRecord(block) || typeof block.type !== 'string' || FOREIGN_MARKERS.has(block.type)) return null;
      if (OUR_BLOCKS.has(block.type)) ours++;
    }
  }
  const where =
    found.container.kind === 'array' ? 'an array' : found.container.kind === 'jsonl' ? 'JSON Lines' : 'an agent state';
  return ours > 0
    ? {
        format: 'agentscope',
        confidence: 0.9,
        reason: `${where} of messages with ${ours} tool_call/tool_result blocks`,
      }
    : { format: 'agentscope', confidence: 0.5, reason: `${where} of role/content messages without tool blocks` };
}

function read(doc: SourceText): ReadConversation {
  const found = locate(doc);
  if (!found)
    throw new FormatError(
      'not a history: expected an array of messages, JSON Lines, or an object with "context" or "state.context"',
      'not_a_history',
    );
  const where =
    found.container.kind === 'array' ? 'array' : found.container.kind === 'jsonl' ? 'JSON Lines' : 'agent state';
  let messages: Message[];
  try {
    messages = validatedMessages(found.messages, where);
  } catch (error) {
    throw new FormatError((error as Error).message, 'invalid_shape');
  }
  const base: Array<string | number> =
    found.container.kind === 'state'
      ? ['context']
      : found.container.kind === 'nested_state'
        ? ['state', 'context']
        : [];
  return {
    format: 'agentscope',
    conversation: 'main',
    container: found.container.kind,
    messages,
    map: {
      records: messages.map((_, i) => [[...base, i]]),
      blocks: messages.map((m, i) =>
        (Array.isArray(m.content) ? m.content : []).map((_, b) => ({ path: [...base, i, 'content', b] })),
      ),
    },
    notes: {
      ids: 'message and call ids native',
      errors: 'error when a tool_result state is "error" (SPEC §1 states)',
      kept:
        found.container.kind === 'state' || found.container.kind === 'nested_state'
          ? 'the agent state around "context"'
          : 'nothing else in the file',
    },
  };
}

export const agentscope: FormatAdapter = {
  id: 'agentscope',
  name: 'AgentScope 2.x messages (this tool’s own model)',
  reads: 'SPEC §1 messages: a bare array, JSON Lines, or an agent state {"context": […]} / {"state": {"context": […]}}',
  patterns: ['*.json', '*.jsonl'],
  detect,
  conversations: () => [{ key: 'main', label: 'the history' }],
  read: (doc) => read(doc),
  write: (doc, _read, proposal) => {
    const { container } = locateOrThrow(doc);
    return container.kind === 'jsonl'
      ? serializeRecords(doc, proposal.messages)
      : serializeValue(doc, containerValue(container, proposal.messages));
  },
};

function locateOrThrow(doc: SourceText): Located {
  const found = locate(doc);
  if (!found) throw new FormatError('not an AgentScope history', 'not_a_history');
  return found;
}
