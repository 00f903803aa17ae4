/**
 * LangChain's own loading of a stored list, which every reuse of a saved history goes through:
 * @langchain/core 1.4.0 dist/messages/utils.js `mapStoredMessageToChatMessage` throws on an
 * unknown `type`, a `tool` message without `tool_call_id` ("Tool call ID must be defined for tool
 * messages"), a `function` message without `name`, and a `generic` one without `role`.
 */
import { isRecord } from '../document.js';
import { placeOfMessage } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'langchain.loadable':
    'every stored message has a known type; tool messages a tool_call_id, function messages a name, generic ones a role',
} as const;

const LOADED = new Set(['human', 'ai', 'system', 'tool', 'function', 'generic']);
const REQUIRED: Readonly<Record<string, string>> = { tool: 'tool_call_id', function: 'name', generic: 'role' };

function check(input: CheckInput): Violation[] {
  const list = input.doc.kind === 'json' && Array.isArray(input.doc.value) ? input.doc.value : [];
  const out: Violation[] = [];
  list.forEach((stored: unknown, k) => {
    if (!isRecord(stored)) return;
    const type = String(stored.type);
    const data = isRecord(stored.data) ? stored.data : {};
    const key = REQUIRED[type];
    const problem = !LOADED.has(type)
      ? `unexpected type "${type}"`
      : key && (data[key] === undefined || data[key] === null)
        ? `a ${type} message without ${key}`
        : null;
    if (problem)
      out.push({
        rule: 'langchain.loadable',
        place: placeOfMessage(
          input,
          input.read.map.records.findIndex((r) => r[0]?.[0] === k),
        ),
        message: `${problem} (mapStoredMessageToChatMessage throws)`,
      });
  });
  return out;
}

export const langchainLoad: Target = {
  id: 'langchain-load',
  name: 'LangChain stored-message loading',
  cites: '@langchain/core 1.4.0: dist/messages/utils.js mapStoredMessageToChatMessage',
  rules: RULES,
  check,
};
