/**
 * `intercode`: InterCode results (detect/intercode.ts). Each episode is a conversation: the
 * query is the user's message; turn i is an assistant message of `thoughts[i]` and a call of
 * `actions[i]` (the ReAct action text, `execute[…]` or `submit`, as input `{command}`), answered
 * by `observations[i]`. The tool is the episode's environment without its `ic_` prefix (`bash`).
 * An action InterCode did not execute cleanly (`valid_action[i]` false) is an error. Ids are
 * synthesized by position.
 *
 * Writing: a shortened output replaces `observations[i]`. The five turn lists stay aligned, one
 * entry per turn (targets/intercode.ts), and a turn's thought is text the agent wrote, so an
 * export writes drop_call as drop_result (`keepsCall`); asked directly, a drop removes the turn
 * from all five lists.
 */
import type { Block, Message } from '../../engine/schema.js';
import { jsonDocumentWriter } from '../apply.js';
import { idNote, SYNTHESIZED_CALL_IDS, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { outputText } from './chatMessages.js';
import { episodeInfo, episodesOf, intercodeInfo, TURN_LISTS } from '../detect/intercode.js';

const text = (value: unknown) => (typeof value === 'string' ? value : String(value ?? ''));

function read(doc: SourceText, conversation: string): ReadConversation {
  const episode = (episodesOf(doc) ?? []).find(([key]) => key === conversation)?.[1];
  if (!episode) throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const history = episode.turn_history;
  const tool = text(episode.environment).replace(/^ic_/, '') || 'action';
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  const push = (role: string, blocks: Block[], origins: JsonPath[], record: JsonPath) => {
    messages.push({ id: `m${messages.length + 1}`, role, content: blocks });
    map.records.push([record]);
    map.blocks.push(origins.map((path) => ({ path })));
  };
  const turnHistory = [conversation, 'turn_history'];
  push('user', [{ type: 'text', text: text(episode.query) }], [[conversation, 'query']], [conversation, 'query']);
  history.actions.forEach((action, i) => {
    const id = `c${i + 1}`;
    const thought = text(history.thoughts[i]);
    const blocks: Block[] = thought ? [{ type: 'text', text: thought }] : [];
    const origins: JsonPath[] = thought ? [[...turnHistory, 'thoughts', i]] : [];
    blocks.push({
      type: 'tool_call',
      id,
      name: tool,
      input: JSON.stringify({ command: text(action) }),
      state: 'finished',
    });
    origins.push([...turnHistory, 'actions', i]);
    // The reply's record is its thought: the call at `actions[i]` is then removed by the hook,
    // which takes the turn's entry out of every list but `observations` (the result's record).
    push('assistant', blocks, origins, [...turnHistory, 'thoughts', i]);
    if (i >= history.observations.length) return;
    const valid = Array.isArray(history.valid_action) ? history.valid_action[i] : true;
    push(
      'user',
      [
        {
          type: 'tool_result',
          id,
          name: tool,
          output: text(history.observations[i]),
          state: valid === false ? 'error' : 'success',
        },
      ],
      [[...turnHistory, 'observations', i]],
      [...turnHistory, 'observations', i],
    );
  });
  return {
    format: 'intercode',
    conversation,
    messages,
    map,
    notes: {
      ids: idNote({ messages: SYNTHESIZED_MESSAGE_IDS, calls: SYNTHESIZED_CALL_IDS }),
      errors: 'no error flag on the observation: error when valid_action is false for the turn',
      kept: 'the episode’s environment, dataset, task_id, rewards, valid_action and summary',
    },
  };
}

/** The turn index an origin inside turn_history names. */
const turnOf = (path: JsonPath) => path[path.length - 1] as number;

export const intercode: FormatAdapter = {
  ...intercodeInfo,
  conversations: (doc) => (episodesOf(doc) ?? []).map(episodeInfo),
  read,
  keepsCall: () => 'intercode.turn_lists',
  write: jsonDocumentWriter({
    setOutput: (editor, origin, output) => editor.set(origin.path, outputText(output)),
    removeBlock: (editor, origin) => {
      const turnHistory = origin.path.slice(0, 2);
      for (const list of TURN_LISTS)
        if (list !== 'observations' && Array.isArray(editor.get([...turnHistory, list])))
          editor.remove([...turnHistory, list, turnOf(origin.path)]);
    },
    isEmpty: () => false,
  }),
};
