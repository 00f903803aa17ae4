/**
 * `mini-swe-agent`: mini-swe-agent `.traj.json` — `{info: {exit_status, submission,
 * model_stats, mini_version, config}, messages, trajectory_format}`. Format 1 (1.x) has no
 * structured calls: an assistant message's action is its one ```` ```bash ```` block (the
 * agent's own rule: exactly one block, else a format error and no command ran), and the
 * observation is the next user message, `<returncode>N</returncode>\n<output>…</output>`.
 * Pairing is by position, so call ids are `c1`, `c2`, … and message ids `m1`, `m2`, … . A
 * non-zero return code, or the agent's "timed out" reply, is the error state. Format 1.1
 * (`mini-swe-agent-1.1`) stores OpenAI-style `tool_calls` and is read as chat messages.
 *
 * The agent needs exactly one bash block in every reply and user/assistant alternation
 * (core/formats/targets/miniSweAgent.ts), and cutting the block would cut text the agent
 * wrote, so a drop_call is written as drop_result: the reply stays whole and the observation
 * is shortened (`keepsCall`). The raw `extra` response copies stay.
 */
import type { Block, Message } from '../../engine/schema.js';
import { jsonDocumentWriter } from '../apply.js';

import { CallIds, idNote, SYNTHESIZED_CALL_IDS, SYNTHESIZED_MESSAGE_IDS } from '../ids.js';
import type { BlockOrigin, FormatAdapter, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { chatHooks, outputText, readChatMessages, roleOf } from './chatMessages.js';
import type { Traj } from '../detect/miniSweAgent.js';
import { miniSweAgentInfo, trajOf } from '../detect/miniSweAgent.js';

/** mini-swe-agent 1.x's `action_regex`. */
const ACTION = /```bash\s*\n(.*?)\n```/gs;
const RETURN_CODE = /^\s*<returncode>(-?\d+)<\/returncode>/;

/** A failed observation as the agent's users read it: a non-zero return code, or a timeout. */
function failed(observation: string): boolean {
  const code = RETURN_CODE.exec(observation);
  if (code) return Number(code[1]) !== 0;
  return /^The last command <command>[\s\S]*<\/command> timed out/.test(observation);
}

function readText(traj: Traj): { messages: Message[]; map: ReadConversation['map']; calls: number } {
  const messages: Message[] = [];
  const map: ReadConversation['map'] = { records: [], blocks: [] };
  let calls = 0;
  let open: string | null = null;
  traj.messages.forEach((m, k) => {
    const path = ['messages', k];
    const content = typeof m.content === 'string' ? m.content : '';
    const blocks: Block[] = [];
    const origins: BlockOrigin[] = [];
    const addText = (text: string) => {
      if (text === '') return;
      blocks.push({ type: 'text', text });
      origins.push({ path: [...path, 'content'] });
    };
    const pending = open;
    open = null;
    if (m.role === 'user' && pending !== null) {
      blocks.push({
        type: 'tool_result',
        id: pending,
        name: 'bash',
        output: content,
        state: failed(content) ? 'error' : 'success',
      });
      origins.push({ path });
    } else if (m.role === 'assistant') {
      const actions = [...content.matchAll(ACTION)];
      if (actions.length === 1) {
        const [whole, command] = actions[0];
        const start = actions[0].index;
        const rest = content.slice(0, start) + content.slice(start + whole.length);
        addText(rest);
        const id = `c${++calls}`;
        blocks.push({ type: 'tool_call', id, name: 'bash', input: JSON.stringify({ command }), state: 'finished' });
        origins.push({ path: [...path, 'content'], span: [start, start + whole.length] });
        open = id;
      } else addText(content);
    } else addText(content);
    messages.push({ id: `m${messages.length + 1}`, role: roleOf(m.role), content: blocks });
    map.records.push([path]);
    map.blocks.push(origins);
  });
  return { messages, map, calls };
}

function read(doc: SourceText): ReadConversation {
  const traj = trajOf(doc);
  if (!traj) throw new FormatError('not a mini-swe-agent trajectory', 'not_a_history');
  const structured = traj.messages.some((m) => Array.isArray(m.tool_calls));
  const ids = new CallIds();
  const read = structured
    ? { ...readChatMessages(traj.messages, ['messages'], ids, (k) => `m${k + 1}`), calls: 0 }
    : readText(traj);
  if (structured)
    for (const message of read.messages)
      for (const block of message.content as Block[])
        if (block.type === 'tool_result')
          block.state = failed(outputText(block.output as string | Block[])) ? 'error' : 'success';
  return {
    format: 'mini-swe-agent',
    conversation: 'main',
    messages: read.messages,
    map: read.map,
    notes: {
      ids: idNote({
        messages: SYNTHESIZED_MESSAGE_IDS,
        calls: structured ? 'native' : SYNTHESIZED_CALL_IDS,
        repeated: ids.repeated,
      }),
      errors: 'no error flag: error when <returncode> is not 0, or the command timed out',
      kept: 'info (config, model_stats, submission) and each message’s raw extra response',
    },
  };
}

export const miniSweAgent: FormatAdapter = {
  ...miniSweAgentInfo,
  conversations: () => [{ key: 'main', label: 'the trajectory' }],
  read: (doc) => read(doc),
  keepsCall: (doc) =>
    trajOf(doc)?.messages.some((m) => Array.isArray(m.tool_calls))
      ? 'mini-swe-agent.alternation'
      : 'mini-swe-agent.one_action',
  write: jsonDocumentWriter({
    ...chatHooks,
    setOutput: (editor, origin, output) => editor.set([...origin.path, 'content'], outputText(output)),
    removeBlock: (editor, origin) => {
      if (!origin.span) return void editor.remove(origin.path);
      const content = editor.get(origin.path) as string;
      editor.set(origin.path, content.slice(0, origin.span[0]) + content.slice(origin.span[1]));
    },
  }),
};
