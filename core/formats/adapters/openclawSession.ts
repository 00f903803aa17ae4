/**
 * `openclaw-session` (detect/openclawSession.ts): the session is one conversation, in file
 * order. A `user` message is the user's; an `assistant` message's `text`, `thinking` and
 * `toolCall` blocks are ours (`arguments` as the call's input); a `toolResult` message answers
 * its `toolCallId`, an error when `isError` is true. A `custom_message` is a user message (the
 * pi agent sends it as one, `buildSessionContext`), and so is a `compaction`'s `summary`, which
 * the agent sends in place of every message before it: the compaction is a boundary
 * (`compactions`), its summary the first live message. Sub-agents write their own session files
 * (named by sessionId beside this one); here they are `sessions_spawn` calls and the announce
 * messages the runtime injects. Bookkeeping entries are kept untouched.
 *
 * Writing: a shortened output replaces the `toolResult`'s `content` (a list of text blocks
 * stays one); a dropped call removes its `toolCall` block and its result's line, and the lines
 * that hung from a removed line are re-linked to its parent, so the `parentId` path the agent
 * walks back from its leaf stays whole (session-manager.ts `buildSessionContext`).
 */
import type { Block, Message } from '../../engine/schema.js';
import { applyProposal, nativeOutput } from '../apply.js';
import { isRecord, serializeRecords } from '../document.js';
import { CallIds, idNote } from '../ids.js';
import { relinkChains } from '../relink.js';
import type {
  BlockOrigin,
  CompactionBoundary,
  FormatAdapter,
  JsonPath,
  ReadConversation,
  SourceText,
} from '../types.js';
import { FormatError } from '../types.js';
import { outputOf } from './anthropicBlocks.js';
import type { Entry } from '../detect/openclawSession.js';
import { messageOf, openclawSessionInfo, sessionEntries } from '../detect/openclawSession.js';

/** Keys of an entry that name another entry by id: its parent, and a `leaf`'s targets. */
const LINKS = { id: 'id', parent: 'parentId', links: ['parentId', 'targetId', 'appendParentId'] } as const;

function contentBlocks(content: unknown, path: JsonPath, ids: CallIds): { blocks: Block[]; origins: BlockOrigin[] } {
  if (typeof content === 'string')
    return content === ''
      ? { blocks: [], origins: [] }
      : { blocks: [{ type: 'text', text: content }], origins: [{ path }] };
  const out = { blocks: [] as Block[], origins: [] as BlockOrigin[] };
  (Array.isArray(content) ? content : []).forEach((block, i) => {
    if (!isRecord(block)) return;
    if (block.type === 'toolCall') {
      const input = JSON.stringify(block.arguments ?? {});
      const id = ids.call(typeof block.id === 'string' ? block.id : `toolCall@${path.join('.')}.${i}`);
      out.blocks.push({ type: 'tool_call', id, name: String(block.name), input, state: 'finished' });
      // text and thinking (its thinkingSignature kept) are our blocks as they are.
    } else out.blocks.push(block as Block);
    out.origins.push({ path: [...path, i] });
  });
  return out;
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const entries = sessionEntries(doc);
  if (!entries) throw new FormatError('not an OpenClaw session', 'not_a_history');
  if (conversation !== 'main') throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const compactions: CompactionBoundary[] = [];
  const counts = new Map<string, number>();
  const push = (entry: Entry, role: string, blocks: Block[], origins: BlockOrigin[], line: number) => {
    messages.push({ id: String(entry.id), role, content: blocks });
    map.records.push([[line]]);
    map.blocks.push(origins);
  };
  entries.forEach((entry, line) => {
    const message = messageOf(entry);
    if (message?.role === 'toolResult') {
      const native = String(message.toolCallId);
      const id = ids.result(native);
      const name = typeof message.toolName === 'string' ? message.toolName : (names.get(id) ?? '');
      const output = outputOf(message.content);
      const state = message.isError === true ? 'error' : 'success';
      push(entry, 'user', [{ type: 'tool_result', id, name, output, state }], [{ path: [line] }], line);
    } else if (message && (message.role === 'user' || message.role === 'assistant')) {
      const read = contentBlocks(message.content, [line, 'message', 'content'], ids);
      for (const b of read.blocks) if (b.type === 'tool_call') names.set(b.id as string, b.name as string);
      push(entry, message.role, read.blocks, read.origins, line);
    } else if (entry.type === 'custom_message') {
      const read = contentBlocks(entry.content, [line, 'content'], ids);
      push(entry, 'user', read.blocks, read.origins, line);
    } else if (entry.type === 'compaction' && typeof entry.summary === 'string') {
      compactions.push({
        liveFrom: messages.length,
        kept: 'the summary in place of every earlier message (the entries from firstKeptEntryId on are sent after it)',
        summary: entry.summary,
        ...(typeof entry.tokensBefore === 'number' ? { tokensBefore: entry.tokensBefore } : {}),
        path: [line],
      });
      push(entry, 'user', [{ type: 'text', text: entry.summary }], [{ path: [line, 'summary'] }], line);
    } else counts.set(String(entry.type), (counts.get(String(entry.type)) ?? 0) + 1);
  });
  return {
    format: 'openclaw-session',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: 'native', calls: 'native', repeated: ids.repeated }).replace(
        'message ids native',
        'message ids: entry ids',
      ),
      errors: 'error when the toolResult has isError: true',
      kept: [...counts].map(([type, n]) => `${n} ${type}`).join(', ') || 'nothing else',
    },
    ...(compactions.length > 0 ? { compactions } : {}),
  };
}

function write(doc: SourceText, read: ReadConversation, proposal: Parameters<FormatAdapter['write']>[2]): string {
  const result = applyProposal((doc as { records: unknown[] }).records, read, proposal, {
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'message', 'content'], nativeOutput(output)),
    // §9 drop_receipts: a `text` block in the `toolCall` block's place.
    placeReceipt: (editor, call, text) => editor.set(call.path, { type: 'text', text }),
    isEmpty: (record) => {
      const message = isRecord(record) ? messageOf(record) : null;
      return message?.role === 'assistant' && Array.isArray(message.content) && message.content.length === 0;
    },
    afterRemoval: (editor, removed) => relinkChains(editor, removed, LINKS),
  });
  return serializeRecords(doc, result as unknown[]);
}

export const openclawSession: FormatAdapter = {
  ...openclawSessionInfo,
  conversations: (doc) => [{ key: 'main', label: `session ${String(sessionEntries(doc)?.[0]?.id ?? '')}` }],
  read,
  holdsReceipts: true,
  write,
};
