/**
 * `openai-responses`: OpenAI Responses API items — a bare item list, a request body as proxies
 * log it (`{model, instructions?, input: [...]}`), or a Response object as SDKs and proxies
 * record it (`{object: "response", output: [...]}`). The items are read by responsesItems.ts.
 * `compaction` items (the server's compacted context, opaque `encrypted_content`) and items of
 * types this reader does not know (a Response object's `program` of programmatic tool calling,
 * recorded by vercel/ai's provider tests @ ed857f50) are kept untouched, as is a reasoning
 * item's `encrypted_content`; a function call made by such a program (`caller: {type:
 * "program"}`) is read as any call. There is no error flag: an output whose text starts with
 * `Error:` is read as an error.
 */
import { jsonDocumentWriter } from '../apply.js';
import { isRecord, valueAt } from '../document.js';
import { startsWithError } from '../ids.js';
import type { FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { CHAT_ERROR_NOTE } from './chatMessages.js';
import { ResponsesItemReader, setItemOutput } from './responsesItems.js';
import { openaiResponsesInfo, locate } from '../detect/openaiResponses.js';

function read(doc: SourceText): ReadConversation {
  const found = locate(doc);
  if (!found) throw new FormatError('not an OpenAI Responses item list', 'not_a_history');
  const reader = new ResponsesItemReader(startsWithError);
  if (typeof found.instructions === 'string' && found.instructions !== '')
    reader.push(
      null,
      'system',
      [{ type: 'text', text: found.instructions }],
      [{ path: ['instructions'] }],
      ['instructions'],
    );
  found.items.forEach((item, k) => reader.item(item, [...found.base, k], [...found.base, k]));
  return {
    format: 'openai-responses',
    conversation: 'main',
    messages: reader.messages,
    map: reader.map,
    notes: {
      ids: reader.idsNote(),
      errors: CHAT_ERROR_NOTE,
      ...reader.thinkingNote(),
      kept:
        [
          reader.keptNote(),
          found.base.length > 0
            ? `the ${found.base[0] === 'input' ? 'request' : 'response'}’s other fields (model, …)`
            : null,
        ]
          .filter(Boolean)
          .join('; ') || 'nothing else in the file',
    },
  };
}

export const openaiResponses: FormatAdapter = {
  ...openaiResponsesInfo,
  conversations: () => [{ key: 'main', label: 'the conversation' }],
  read: (doc) => read(doc),
  keepsCall: (doc, read, call) => {
    // A call right after a reasoning item is the item that reasoning must be followed by:
    // removing it leaves the reasoning without it, which the API refuses (targets/responses.ts).
    const path = read.map.blocks[call.message]?.[call.block]?.path;
    const k = path?.[path.length - 1];
    if (!path || typeof k !== 'number' || k === 0) return null;
    const before = valueAt((doc as { value: unknown }).value, [...path.slice(0, -1), k - 1]);
    return isRecord(before) && before.type === 'reasoning' ? 'responses.reasoning_followed' : null;
  },
  write: jsonDocumentWriter({
    setOutput: (editor, origin, output) => setItemOutput(editor, origin.path, output),
    isEmpty: (record) => isRecord(record) && Array.isArray(record.content) && record.content.length === 0,
  }),
};
