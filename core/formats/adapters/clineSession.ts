/**
 * `cline-session`: Cline SDK session messages (detect/clineSession.ts has the container).
 * Facts from cline/cline @ 21cb8d25:
 * - sdk/packages/shared/src/llms/messages.ts: `ToolUseContent {id, name, input}` in assistant
 *   messages, `ToolResultContent {tool_use_id, name, content: string | (Text|Image|File)[],
 *   is_error?}` in the following user message (Cline writes one message per result);
 * - sdk/packages/core/src/session/persisted-tool-result-content.ts: a structured tool output
 *   is stored as it came, e.g. `read_files`' `ToolOperationResult[]` `{query, result, error?,
 *   success}` (sdk/packages/core/src/extensions/tools/types.ts), and
 *   sdk/packages/shared/src/llms/ai-sdk-format.ts `toAiSdkToolResultOutput` sends such a list
 *   to the model as its JSON text: read as that text, and a shortened one is written as a
 *   string, which `ToolResultContent.content` allows;
 * - sdk/packages/core/src/extensions/context/compaction-shared.ts and basic-compaction.ts: an
 *   agentic compaction leaves a user message with `metadata.kind: "compaction_summary"`
 *   (`summary`, `tokensBefore`), a basic one marks the first message `metadata.kind:
 *   "compaction"` (`reason`, `messagesRemoved`) and folds notes into `<SYSTEM_NOTICE>` text.
 * The messages before the last such message are no longer sent (ReadConversation.compactions).
 * Content blocks are read as Anthropic's (anthropicBlocks.ts) with Cline's own result bodies;
 * Cline's images (`{data, mediaType}`, no `source`) are carried as they are.
 */
import type { Block, Message } from '../../engine/schema.js';
import { jsonDocumentWriter, mainConversationReader } from '../apply.js';
import { isRecord } from '../document.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { CompactionBoundary, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { ResultReader } from './anthropicBlocks.js';
import { isEmptyContent, placeAnthropicReceipt, readAnthropicContent, setAnthropicOutput } from './anthropicBlocks.js';
import { clineMessages, clineSessionInfo } from '../detect/clineSession.js';

/** `ToolOperationResult`: what `read_files`, `run_commands` and `editor` return, one per query. */
function isOperation(item: unknown): item is Record<string, unknown> {
  return isRecord(item) && typeof item.type !== 'string' && 'query' in item && typeof item.success === 'boolean';
}

function outputOf(content: unknown): { output: string | Block[]; failed: boolean } {
  if (content === undefined || content === null) return { output: '', failed: false };
  if (typeof content === 'string') return { output: content, failed: false };
  if (!Array.isArray(content)) return { output: [{ type: 'unknown', value: content }], failed: false };
  if (content.length > 0 && content.every(isOperation))
    return { output: JSON.stringify(content), failed: content.some((item) => item.success === false) };
  const output = content.map((part): Block => {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
      return { type: 'text', text: part.text };
    if (isRecord(part) && part.type === 'image' && typeof part.data === 'string')
      return { type: 'data', source: { type: 'base64', media_type: part.mediaType, data: part.data } };
    return { type: 'unknown', value: part };
  });
  return { output, failed: false };
}

/** Cline's `ToolResultContent`: its own body shapes and tool name; an operation list fails when one entry did. */
const clineResult: ResultReader = (block) => {
  const { output, failed } = outputOf(block.content);
  return {
    output,
    error: block.is_error === true || failed,
    name: typeof block.name === 'string' ? block.name : undefined,
  };
};

function summaryOf(message: Record<string, unknown>): string | null {
  const content = message.content;
  if (typeof content === 'string') return content;
  const notices = (Array.isArray(content) ? content : [])
    .filter(
      (b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string' && b.text.startsWith('<SYSTEM_NOTICE>'),
    )
    .map((b) => (b as { text: string }).text);
  return notices.length > 0 ? notices.join('\n') : null;
}

/** A compaction Cline recorded on the message at `index` of the file, if any. */
function boundaryOf(message: Record<string, unknown>, liveFrom: number, path: JsonPath): CompactionBoundary | null {
  const metadata = isRecord(message.metadata) ? message.metadata : null;
  if (metadata?.kind === 'compaction_summary')
    return {
      liveFrom,
      kept: 'a summary message (agentic compaction) in place of the earlier messages',
      summary: typeof metadata.summary === 'string' ? metadata.summary : summaryOf(message),
      ...(typeof metadata.tokensBefore === 'number' ? { tokensBefore: metadata.tokensBefore } : {}),
      path,
    };
  if (metadata?.kind === 'compaction')
    return {
      liveFrom,
      kept: `the tool pairs and answers it preserved, ${typeof metadata.messagesRemoved === 'number' ? `${metadata.messagesRemoved} messages removed` : 'earlier messages removed'} and noted in <SYSTEM_NOTICE> text (basic compaction)`,
      summary: summaryOf(message),
      ...(typeof metadata.reason === 'string' ? { trigger: metadata.reason } : {}),
      path,
    };
  return null;
}

function read(doc: SourceText): ReadConversation {
  const list = clineMessages(doc);
  if (!list) throw new FormatError('not a Cline SDK session', 'not_a_history');
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const compactions: CompactionBoundary[] = [];
  let synthesized = 0;
  list.forEach((message, k) => {
    const path: JsonPath = ['messages', k];
    const { blocks, origins } = readAnthropicContent(message.content, [...path, 'content'], ids, names, clineResult);
    const native = typeof message.id === 'string';
    if (!native) synthesized++;
    const boundary = boundaryOf(message, messages.length, path);
    if (boundary) compactions.push(boundary);
    messages.push({
      id: native ? message.id : `m${messages.length + 1}`,
      role: message.role as string,
      content: blocks,
    });
    map.records.push([path]);
    map.blocks.push(origins);
  });
  return {
    format: 'cline-session',
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({
        messages: synthesized === 0 ? 'native' : SYNTHESIZED_MESSAGE_IDS,
        calls: 'native',
        repeated: ids.repeated,
      }),
      errors:
        'error when a tool_result has is_error: true or one of its ToolOperationResult entries has success: false',
      kept: 'each message’s ts, modelInfo, metrics and metadata; the session’s version, agent, sessionId and system_prompt',
    },
    ...(compactions.length > 0 ? { compactions } : {}),
  };
}

export const clineSession: FormatAdapter = {
  ...clineSessionInfo,
  conversations: (doc) => {
    const value = doc.kind === 'json' && isRecord(doc.value) ? doc.value : {};
    return [{ key: 'main', label: typeof value.sessionId === 'string' ? `session ${value.sessionId}` : 'the session' }];
  },
  read: mainConversationReader(read),
  holdsReceipts: true,
  write: jsonDocumentWriter({
    setOutput: setAnthropicOutput,
    placeReceipt: placeAnthropicReceipt,
    isEmpty: isEmptyContent,
  }),
};
