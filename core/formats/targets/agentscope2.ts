/**
 * AgentScope 2.x's `Msg` validation (agentscope 2.0.6 @ da00849f, src/agentscope/message/
 * _base.py `Msg` and `validate_role_content`, _block.py `ToolCallBlock`/`ToolResultBlock`):
 * `name` (str), `role` (user/assistant/system) and `content` (a list of blocks) are required; a
 * `user` message holds only `text` and `data` blocks ("User message can only contain text
 * blocks or data blocks."), a `system` message only `text`; a `tool_call` needs `id`, `name`
 * and a string `input`, a `tool_result` needs `id`, `name` and `output`. SPEC §1.
 */
import type { Message } from '../../engine/schema.js';
import { placeOfMessage } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'agentscope2.name': 'every message has a string `name`',
  'agentscope2.role': '`role` is user, assistant or system',
  'agentscope2.content_list': '`content` is a list of blocks',
  'agentscope2.user_blocks':
    'a user message holds only text and data blocks (results go in the assistant message that made the call)',
  'agentscope2.system_blocks': 'a system message holds only text blocks',
  'agentscope2.tool_call_fields': 'a tool_call has string `id`, `name` and `input`',
  'agentscope2.tool_result_fields': 'a tool_result has string `id` and `name`, and an `output`',
} as const;

export function agentscope2Violations(
  input: CheckInput,
  messages: readonly Message[] = input.read.messages,
): Violation[] {
  const out: Violation[] = [];
  messages.forEach((m, k) => {
    const add = (rule: keyof typeof RULES, message: string) =>
      out.push({ rule, place: placeOfMessage(input, k), message });
    if (typeof m.name !== 'string') add('agentscope2.name', 'no name');
    if (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'system')
      add('agentscope2.role', `role ${String(m.role)}`);
    if (!Array.isArray(m.content)) return add('agentscope2.content_list', 'content is not a list');
    for (const block of m.content) {
      if (m.role === 'user' && block.type !== 'text' && block.type !== 'data')
        add('agentscope2.user_blocks', `a ${block.type} block in a user message`);
      if (m.role === 'system' && block.type !== 'text')
        add('agentscope2.system_blocks', `a ${block.type} block in a system message`);
      if (
        block.type === 'tool_call' &&
        !(typeof block.id === 'string' && typeof block.name === 'string' && typeof block.input === 'string')
      )
        add('agentscope2.tool_call_fields', `tool_call ${String(block.id)} lacks id, name or a string input`);
      if (
        block.type === 'tool_result' &&
        !(typeof block.id === 'string' && typeof block.name === 'string' && 'output' in block)
      )
        add('agentscope2.tool_result_fields', `tool_result ${String(block.id)} lacks id, name or output`);
    }
  });
  return out;
}

export const agentscope2: Target = {
  id: 'agentscope-2',
  name: 'AgentScope 2.x Msg',
  cites: 'agentscope 2.0.6 @ da00849f: src/agentscope/message/_base.py, _block.py',
  rules: RULES,
  check: (input) => agentscope2Violations(input),
};
