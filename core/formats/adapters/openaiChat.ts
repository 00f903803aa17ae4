/**
 * `openai-chat`: OpenAI Chat Completions message lists — a bare list, an API request body as
 * proxies log it (`{model, messages, tools…}`), or a results file whose entries hold a list
 * (tau-bench's `[{task_id, trial, reward, info, traj: [...]}]`), each entry a conversation.
 * Messages have no ids: ours are synthesized by position (`m1`…) and say so in the notes.
 */
import { applyProposal } from '../apply.js';
import { serializeValue } from '../document.js';
import { CallIds, idNote, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { CHAT_ERROR_NOTE, chatHooks, placeChatReceipt, readChatMessages } from './chatMessages.js';
import type { Located } from '../detect/openaiChat.js';
import { openaiChatInfo, locate } from '../detect/openaiChat.js';

function find(doc: SourceText, conversation: string): Located {
  const found = locate(doc);
  if (!found) throw new FormatError('not an OpenAI chat message list', 'not_a_history');
  const hit = found.find((f) => f.info.key === conversation);
  if (!hit) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  return hit;
}

function read(doc: SourceText, conversation: string): ReadConversation {
  const hit = find(doc, conversation);
  const ids = new CallIds();
  const { messages, map } = readChatMessages(hit.list, hit.path, ids, (k) => `m${k + 1}`);
  return {
    format: 'openai-chat',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: 'native', repeated: ids.repeated }),
      errors: CHAT_ERROR_NOTE,
      kept: [
        hit.path.length > 1
          ? 'the entry’s other fields (task, reward, info)'
          : hit.path.length === 1
            ? 'the request’s other fields (model, tools, …)'
            : 'nothing else in the file',
        hit.note,
      ]
        .filter(Boolean)
        .join('; '),
    },
  };
}

export const openaiChat: FormatAdapter = {
  ...openaiChatInfo,
  conversations: (doc) => (locate(doc) ?? []).map((f) => f.info),
  read,
  holdsReceipts: true,
  receiptsBeforeCalls: true,
  write: (doc, read, proposal) =>
    serializeValue(
      doc,
      applyProposal((doc as { value: unknown }).value, read, proposal, {
        ...chatHooks,
        placeReceipt: placeChatReceipt,
      }),
    ),
};
