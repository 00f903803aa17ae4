/**
 * Detection of `agentscope`, our own message model (SPEC §1) in any container: messages with
 * role/content and our block types, none of another format's. The reader and writer are
 * adapters/agentscope.ts, loaded once a file is read as this format.
 */
import type { Container } from '../../engine/containers.js';
import { locateMessages } from '../../engine/containers.js';
import { isRecord } from '../document.js';
import type { Detection, FormatInfo, SourceText } from '../types.js';

export const OUR_BLOCKS = new Set(['tool_call', 'tool_result']);
/** Block and record shapes of the other formats: a list carrying them is not ours. */
export const FOREIGN_MARKERS = new Set([
  'tool_use',
  'function_call',
  'function_call_output',
  // The AI SDK's ModelMessage parts.
  'tool-call',
  'tool-result',
  'reasoning',
]);

export interface Located {
  container: Container;
  messages: unknown[];
}

export function locate(doc: SourceText): Located | null {
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

export const agentscopeInfo: FormatInfo = {
  id: 'agentscope',
  name: 'message array (AgentScope-compatible, this tool’s own model)',
  reads: 'messages: a bare array, JSON Lines, or an agent state {"context": […]} / {"state": {"context": […]}}',
  patterns: ['*.json', '*.jsonl'],
  detect,
};
