/**
 * AgentScope 1.x loading a session back (agentscope @ 1e22792b, the commit the shared sessions
 * come from): `JSONSession.load_session_state` (src/agentscope/session/_json_session.py) hands each
 * module its state; `InMemoryMemory.load_state_dict`
 * (src/agentscope/memory/_working_memory/_in_memory_memory.py) requires `content` ("The state_dict
 * does not contain 'content' key required for InMemoryMemory.") and takes each entry as a
 * `[msg, marks]` pair or, from older versions, a Msg dict, raising "Invalid item format in
 * state_dict for InMemoryMemory." otherwise; `Msg.from_dict` (src/agentscope/message/
 * _message_base.py) reads `name`, `content` and `role` with `[]` (KeyError when absent), and
 * `Msg.__init__` asserts that `content` is a string or a list and `role` is user, assistant or
 * system. A memory without a `content` list, or with an entry that is neither a pair nor a Msg,
 * is not read as a conversation at all (detect/agentscopeSession.ts): an export holding one fails
 * to read back before any rule runs, so those two are not rules here.
 * The messages then go to the model through AgentScope's formatters, which turn
 * `tool_use` blocks into `tool_calls` and `tool_result` blocks into `tool` messages
 * (src/agentscope/formatter/_openai_formatter.py): the Chat Completions rules (chat.ts) apply.
 */
import { isRecord, valueAt } from '../document.js';
import { placeOfPath, rootOf } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'agentscope-session.msg_fields': 'every Msg has `name`, `content` and `role` (Msg.from_dict)',
  'agentscope-session.msg_content': '`content` is a string or a list of blocks',
  'agentscope-session.msg_role': '`role` is user, assistant or system',
} as const;

function check(input: CheckInput): Violation[] {
  const first = input.read.map.records.find((paths) => paths.length > 0)?.[0];
  if (!first) return [];
  // A record's path is <module>.memory.content[k] (a Msg alone) or <module>.memory.content[k][0].
  const at = first.lastIndexOf('content');
  const contentPath = first.slice(0, at + 1);
  const out: Violation[] = [];
  const list = valueAt(rootOf(input.doc), contentPath);
  if (!Array.isArray(list)) return out;
  list.forEach((entry, k) => {
    const pair = Array.isArray(entry) && entry.length === 2;
    const msg: unknown = pair ? entry[0] : entry;
    const place = placeOfPath(input.doc, pair ? [...contentPath, k, 0] : [...contentPath, k]);
    const add = (rule: keyof typeof RULES, message: string) => out.push({ rule, place, message });
    if (!isRecord(msg)) return add('agentscope-session.msg_fields', 'the Msg is not an object');
    const missing = ['name', 'content', 'role'].filter((key) => !Object.hasOwn(msg, key));
    if (missing.length > 0) return add('agentscope-session.msg_fields', `no ${missing.join(', ')}`);
    if (typeof msg.content !== 'string' && !Array.isArray(msg.content))
      add('agentscope-session.msg_content', 'content is neither a string nor a list');
    if (msg.role !== 'user' && msg.role !== 'assistant' && msg.role !== 'system')
      add('agentscope-session.msg_role', `role ${JSON.stringify(msg.role)}`);
  });
  return out;
}

export const agentscopeSessionLoad: Target = {
  id: 'agentscope-session',
  name: 'AgentScope 1.x session load',
  cites:
    'agentscope @ 1e22792b: src/agentscope/session/_json_session.py, memory/_working_memory/_in_memory_memory.py, message/_message_base.py',
  rules: RULES,
  check,
};
