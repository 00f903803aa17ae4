/**
 * The AI SDK's own prompt conversion, which every provider call goes through: vercel/ai
 * packages/ai/src/prompt/convert-to-language-model-prompt.ts @ cbd6b907 collects the ids of
 * the assistant's tool-call parts (not provider-executed), removes those a tool message's
 * tool-result answers, and throws MissingToolResultsError when any is left at the next user
 * or system message or at the end.
 */
import type { Block } from '../../engine/schema.js';
import { placeOfMessage } from './places.js';
import type { CheckInput, Target, Violation } from './types.js';

export const RULES = {
  'ai-sdk.tool_results_present':
    'every tool-call (not provider-executed) has its tool-result before the next user or system message and before the end',
} as const;

function check(input: CheckInput): Violation[] {
  const out: Violation[] = [];
  const open = new Map<unknown, number>();
  const report = () => {
    for (const [id, message] of open)
      out.push({
        rule: 'ai-sdk.tool_results_present',
        place: placeOfMessage(input, message),
        message: `tool-call ${String(id)} has no tool-result (MissingToolResultsError)`,
      });
    open.clear();
  };
  input.read.messages.forEach((message, index) => {
    const blocks: Block[] = Array.isArray(message.content) ? message.content : [];
    if (message.role === 'assistant')
      for (const block of blocks) if (block.type === 'tool_call') open.set(block.id, index);
    for (const block of blocks) if (block.type === 'tool_result') open.delete(block.id);
    if (message.role === 'user' || message.role === 'system') report();
  });
  report();
  return out;
}

export const aiSdkPrompt: Target = {
  id: 'ai-sdk-prompt',
  name: 'AI SDK prompt conversion',
  cites: 'vercel/ai @ cbd6b907: packages/ai/src/prompt/convert-to-language-model-prompt.ts',
  rules: RULES,
  check,
};
