/**
 * mini-swe-agent 1.x reading its own trajectory back as model input (mini-swe-agent v1.9.1 @
 * 68d367bf, src/minisweagent/agents/default.py): `parse_action` finds the actions with
 * `action_regex` (```` ```bash\s*\n(.*?)\n``` ````) and raises FormatError unless there is exactly
 * one ("Please always provide EXACTLY ONE action in triple backticks", config/default.yaml);
 * every assistant reply of a clean run therefore holds one bash block, and each is answered
 * by one user message (the observation or the format error), so user and assistant alternate.
 * Format 1.1 (`tool_calls`) is checked as Chat Completions messages instead (chat.ts).
 */
import { isRecord } from '../document.js';
import { placeOfPath } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const ACTION = /```bash\s*\n(.*?)\n```/gs;

export const RULES = {
  'mini-swe-agent.one_action': 'every assistant reply holds exactly one ```bash block',
  'mini-swe-agent.alternation': 'after the system message, user and assistant messages alternate',
} as const;

function messagesOf(input: CheckInput): Array<Record<string, unknown>> {
  const root = input.doc.kind === 'json' && isRecord(input.doc.value) ? input.doc.value : {};
  return Array.isArray(root.messages) ? root.messages.filter(isRecord) : [];
}

export function isTextFormat(input: CheckInput): boolean {
  return !messagesOf(input).some((m) => Array.isArray(m.tool_calls));
}

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const messages = messagesOf(input);
  messages.forEach((m, k) => {
    const at = placeOfPath(input.doc, ['messages', k]);
    if (m.role === 'assistant') {
      const found = typeof m.content === 'string' ? [...m.content.matchAll(ACTION)].length : 0;
      if (found !== 1)
        out.push({ rule: 'mini-swe-agent.one_action', place: at, message: `reply holds ${found} bash blocks` });
    }
    const previous = messages[k - 1];
    if (previous && (m.role === 'user' || m.role === 'assistant') && previous.role === m.role)
      out.push({
        rule: 'mini-swe-agent.alternation',
        place: at,
        message: `two ${String(m.role)} messages in a row`,
      });
  });
  return out;
}

export const miniSweAgentTool: Target = {
  id: 'mini-swe-agent',
  name: 'mini-swe-agent agent',
  cites: 'mini-swe-agent v1.9.1 @ 68d367bf: src/minisweagent/agents/default.py parse_action, config/default.yaml',
  rules: RULES,
  applies: isTextFormat,
  check,
};
