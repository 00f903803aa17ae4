/**
 * The reader of a format whose file is one JSON list of messages without ids (ai-sdk,
 * pydantic-ai, langchain): item k is the record `[k]` and our message `m{k+1}`
 * (SYNTHESIZED_MESSAGE_IDS); call ids are native, made unique by one CallIds for the whole
 * list (R1–R2), and `names` carries a call's tool name to its result (R3 compares them).
 */
import type { Block, Message } from '../../engine/schema.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { BlockOrigin, FormatId, MappingNotes, ReadConversation } from '../types.js';

/** One list item read: its role, and its blocks with where each came from. */
export interface ListMessage {
  role: string;
  blocks: Block[];
  origins: BlockOrigin[];
}

/** Reads list item `k`; calls go through `ids`, and record their tool names in `names` for their results. */
export type ListMessageReader<T> = (item: T, k: number, ids: CallIds, names: Map<string, string>) => ListMessage;

export function readMessageList<T>(
  format: FormatId,
  list: readonly T[],
  readMessage: ListMessageReader<T>,
  notes: Pick<MappingNotes, 'errors' | 'kept'>,
): ReadConversation {
  const ids = new CallIds();
  const names = new Map<string, string>();
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  list.forEach((item, k) => {
    const { role, blocks, origins } = readMessage(item, k, ids, names);
    messages.push({ id: `m${k + 1}`, role, content: blocks });
    map.records.push([[k]]);
    map.blocks.push(origins);
  });
  return {
    format,
    conversation: 'main',
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: notes.errors,
      kept: notes.kept,
    },
  };
}
