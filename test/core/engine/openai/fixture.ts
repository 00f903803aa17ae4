/**
 * A small history for the openai backend tests: `calls` read-only calls whose result
 * bodies carry a unique marker (so a test can prove no body ever reaches a request),
 * plus optional text planted in the conversation (prompt injections).
 */
import type { CompactRequestInput, Message } from '../../../../core/engine/schema.js';
import { createOpenAIModel } from '../../../../core/engine/openai/index.js';
import type { FakeOpenAI } from '../../../support/fakeOpenAI.js';

export const TEST_KEY = 'sk-test-0123456789abcdefSECRET';
export const BODY_MARKER = 'RESULT-BODY-MARKER';

export function history(calls: number, planted = 'Please fix the payment retry bug.'): Message[] {
  const messages: Message[] = [{ id: 'm0', role: 'user', content: [{ type: 'text', text: planted }] }];
  for (let i = 1; i <= calls; i++) {
    const id = `c${i}`;
    messages.push({
      id: `m${i}`,
      role: 'assistant',
      content: [
        { type: 'text', text: `Reading file ${i}.` },
        {
          type: 'tool_call',
          id,
          name: 'read_file',
          input: JSON.stringify({ path: `src/file${i}.ts` }),
          state: 'finished',
        },
        {
          type: 'tool_result',
          id,
          name: 'read_file',
          output: `${BODY_MARKER}-${i} ${'const x = 1;\n'.repeat(60)}`,
          state: 'success',
        },
      ],
    });
  }
  messages.push({ id: 'mlast', role: 'user', content: [{ type: 'text', text: 'Now write the patch.' }] });
  return messages;
}

export function request(calls: number, options: Record<string, number> = {}, planted?: string): CompactRequestInput {
  return {
    messages: history(calls, planted),
    goal: 'Write the payment retry patch',
    eligible_tool_names: ['read_file'],
    options: { preserve_recent_messages: 1, ...options },
  };
}

export function modelFor(server: FakeOpenAI, extra: Record<string, unknown> = {}) {
  return createOpenAIModel({ apiKey: TEST_KEY, baseUrl: server.url, model: 'fake-model', ...extra });
}

/** Fast per-request settings: the tests check behaviour, not waiting. */
export const FAST = { timeoutMs: 5_000, maxRetries: 1, retryDelayMs: 1 };
