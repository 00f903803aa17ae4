/**
 * Anthropic Messages: what the API refuses in a `messages` list, checked on our model of the
 * conversation (its blocks are the native ones: `tool_call`/`tool_result` stand for
 * `tool_use`/`tool_result`, server-tool blocks are carried as they came). Consecutive messages
 * of one role are one turn, as the API merges them.
 *
 * Sources: https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls
 * ("tool_result blocks must immediately follow their corresponding tool_use blocks … in the
 * next user message, and must come first in its content array"),
 * https://platform.claude.com/docs/build-with-claude/thinking-tool-workflows ("Pass thinking
 * blocks back complete and unmodified" while the turn uses tools), and the SDK's content block
 * types (anthropic-sdk-typescript src/resources/messages/messages.ts @ bfa9197f:
 * `ServerToolUseBlock` answered by `WebSearchToolResultBlock` & co. in the same turn,
 * `BetaMCPToolUseBlock` by `BetaMCPToolResultBlock`, matched by `tool_use_id`).
 */
import type { Block, Message } from '../../engine/schema.js';
import { placeOfMessage } from './places.js';
import { THINKING_BINDING, THINKING_BINDING_RULE, thinkingBinding } from './thinkingBinding.js';
import type { CheckInput, Target, Violation } from './types.js';

interface Turn {
  role: string;
  blocks: Array<{ block: Block; message: number }>;
}

function turnsOf(messages: readonly Message[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'user' && message.role !== 'assistant') return;
    const blocks = (Array.isArray(message.content) ? message.content : []).map((block) => ({ block, message: index }));
    const last = turns[turns.length - 1];
    if (last && last.role === message.role) last.blocks.push(...blocks);
    else turns.push({ role: message.role, blocks });
  });
  return turns;
}

const isServerUse = (b: Block) => b.type === 'server_tool_use' || b.type === 'mcp_tool_use';
const isServerResult = (b: Block) =>
  typeof b.type === 'string' && b.type !== 'tool_result' && b.type.endsWith('_tool_result');

export const RULES = {
  'anthropic.tool_use_answered': 'every tool_use has its tool_result in the very next user turn',
  'anthropic.tool_result_first': 'in that turn, every tool_result comes before any other block',
  'anthropic.tool_result_has_call': 'every tool_result answers a tool_use of the assistant turn just before it',
  'anthropic.server_tool_pairs':
    'server_tool_use / mcp_tool_use and their *_tool_result (web_search_tool_result, mcp_tool_result, …) stay together in one turn',
  'anthropic.thinking_unmodified':
    'the latest assistant turn, while it uses tools, keeps its thinking blocks exactly (checked against the source of an export)',
  ...THINKING_BINDING,
} as const;

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const at = (message: number) => placeOfMessage(input, message);
  const turns = turnsOf(input.read.messages);
  turns.forEach((turn, t) => {
    if (turn.role === 'assistant') {
      const uses = turn.blocks.filter(({ block }) => block.type === 'tool_call');
      const next = turns[t + 1];
      const answered = new Set(
        next?.role === 'user'
          ? next.blocks.filter(({ block }) => block.type === 'tool_result').map(({ block }) => block.id)
          : [],
      );
      // A final turn still waiting for its results is what a live session looks like.
      if (next !== undefined)
        for (const { block, message } of uses)
          if (!answered.has(block.id))
            out.push({
              rule: 'anthropic.tool_use_answered',
              place: at(message),
              message: `tool_use ${String(block.id)} has no tool_result in the next user turn`,
            });
      const serverUses = new Map(
        turn.blocks.filter(({ block }) => isServerUse(block)).map(({ block, message }) => [block.id, message]),
      );
      const serverResults = turn.blocks.filter(({ block }) => isServerResult(block));
      const resultIds = new Set(serverResults.map(({ block }) => block.tool_use_id));
      for (const [id, message] of serverUses)
        if (!resultIds.has(id) && t < turns.length - 1)
          out.push({
            rule: 'anthropic.server_tool_pairs',
            place: at(message),
            message: `server tool use ${String(id)} has no result block in its turn`,
          });
      for (const { block, message } of serverResults)
        if (!serverUses.has(block.tool_use_id))
          out.push({
            rule: 'anthropic.server_tool_pairs',
            place: at(message),
            message: `${block.type} for ${String(block.tool_use_id)} has no server tool use in its turn`,
          });
      return;
    }
    const previous = turns[t - 1];
    const calls = new Set(
      previous?.role === 'assistant'
        ? previous.blocks.filter(({ block }) => block.type === 'tool_call').map(({ block }) => block.id)
        : [],
    );
    let other: number | null = null;
    for (const { block, message } of turn.blocks) {
      if (block.type !== 'tool_result') {
        other ??= message;
        continue;
      }
      if (!calls.has(block.id))
        out.push({
          rule: 'anthropic.tool_result_has_call',
          place: at(message),
          message: `tool_result ${String(block.id)} answers no tool_use of the assistant turn before it`,
        });
      else if (other !== null)
        out.push({
          rule: 'anthropic.tool_result_first',
          place: at(message),
          message: `tool_result ${String(block.id)} comes after another block of its user turn (message ${other})`,
        });
    }
  });
  if (input.source) out.push(...thinkingKept(input, turns), ...thinkingBinding(input));
  return out;
}

/** The latest assistant turn of the source, when it uses tools, keeps its thinking in the export. */
function thinkingKept(input: CheckInput, turns: Turn[]): Violation[] {
  const sourceTurns = turnsOf(input.source?.read.messages ?? []);
  const latest = (list: Turn[]) => [...list].reverse().find((turn) => turn.role === 'assistant');
  const before = latest(sourceTurns);
  if (!before || !before.blocks.some(({ block }) => block.type === 'tool_call')) return [];
  const thinking = (turn: Turn | undefined) =>
    (turn?.blocks ?? [])
      .filter(({ block }) => block.type === 'thinking' || block.type === 'redacted_thinking')
      .map(({ block }) => JSON.stringify(block));
  const after = latest(turns);
  const want = thinking(before);
  const have = thinking(after);
  if (want.length === have.length && want.every((block, i) => block === have[i])) return [];
  return [
    {
      rule: 'anthropic.thinking_unmodified',
      place: placeOfMessage(input, after?.blocks[0]?.message ?? 0),
      message: `the latest assistant turn uses tools and had ${want.length} thinking block(s); the export has ${have.length} of them unchanged`,
    },
  ];
}

export const anthropicMessages: Target = {
  id: 'anthropic-messages',
  name: 'Anthropic Messages',
  cites:
    'platform.claude.com/docs: tool-use/handle-tool-calls, build-with-claude/thinking-tool-workflows, build-with-claude/preserved-thinking',
  rules: RULES,
  advisory: [THINKING_BINDING_RULE],
  check,
};
