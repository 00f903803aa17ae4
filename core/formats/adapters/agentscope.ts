/**
 * `agentscope`: our own message model (SPEC §1) in the containers the engine's containers
 * module knows — a bare array, JSON Lines, or an agent state. Reading is identity (the
 * messages are the file's own objects); writing puts the rebuilt messages back into the same
 * container with `containerValue`, so there is one home for what a container is, and splices
 * that into the source text (SPEC §9 byte-preserving export).
 */
import { containerValue, validatedMessages } from '../../engine/containers.js';
import type { Message } from '../../engine/schema.js';
import { serializeRecords, serializeValue } from '../document.js';
import type { FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { Located } from '../detect/agentscope.js';
import { agentscopeInfo, locate } from '../detect/agentscope.js';

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
      errors: 'error when a tool_result state is "error" (its documented states)',
      kept:
        found.container.kind === 'state' || found.container.kind === 'nested_state'
          ? 'the agent state around "context"'
          : 'nothing else in the file',
    },
  };
}

export const agentscope: FormatAdapter = {
  ...agentscopeInfo,
  conversations: () => [{ key: 'main', label: 'the history' }],
  read: (doc) => read(doc),
  // Written from the proposal's messages, which carry a receipt as the `text` block 2.x allows.
  holdsReceipts: true,
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
