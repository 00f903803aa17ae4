/**
 * R14 through the command line with an API key configured: the history's own text is never
 * rewritten, whatever the key is. The key is kept out of output where provider text enters
 * (core/engine/openai/scrub.ts), so stdout is the envelope exactly as the engine built it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

function history(text: string) {
  return [
    { id: 'm0', role: 'user', content: [{ type: 'text', text }] },
    {
      id: 'm1',
      role: 'assistant',
      content: [
        { type: 'text', text: `noted: ${text}` },
        { type: 'tool_call', id: 'c1', name: 'read_file', input: '{"path":"a"}', state: 'finished' },
        { type: 'tool_result', id: 'c1', name: 'read_file', output: 'e1 '.repeat(300), state: 'success' },
      ],
    },
    { id: 'm2', role: 'user', content: [{ type: 'text', text: 'go on' }] },
  ];
}

describe('the configured key and the history (R14)', () => {
  for (const key of ['local-token', '1', 'e', ' sk-spaced-0123456789 ']) {
    it(`R14 with DECISION_MODEL_API_KEY=${JSON.stringify(key)}, user and assistant text mentioning it come back unchanged and stdout is JSON`, async () => {
      tmp = tempDir();
      const messages = history(`my server key is ${key.trim()}; the value 1e3 stays`);
      tmp.write('h.json', JSON.stringify(messages));
      const result = await runCli(
        ['compact_context', 'goal=go on', 'messages=@h.json', 'eligible_tool_names=["read_file"]'],
        { cwd: tmp.dir, env: { DECISION_MODEL_API_KEY: key } },
      );
      expect(result.code).toBe(0);
      const envelope = JSON.parse(result.stdout) as { answer: { messages: typeof messages } };
      const [first, second] = envelope.answer.messages;
      expect(JSON.stringify(first)).toBe(JSON.stringify(messages[0]));
      expect(JSON.stringify(second.content[0])).toBe(JSON.stringify(messages[1].content[0]));
      expect(result.stdout).not.toContain('[redacted]');
    });
  }
});
