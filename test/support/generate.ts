/**
 * A deterministic synthetic agent history for tests and benchmarks: `calls` finished,
 * successful read-only tool calls whose text outputs bring the compact JSON to about
 * `targetBytes`. Both SPEC §1 layouts: results inside the calling assistant message
 * (AgentScope 2.x) or in the next message (older and foreign histories).
 */
import type { Block, Message } from '../../core/engine/schema.js';
import { seededRandom } from '../../core/engine/random.js';

export interface GenerateOptions {
  calls: number;
  /** Approximate size of `JSON.stringify(messages)` in UTF-8 bytes. */
  targetBytes: number;
  layout?: 'same_message' | 'next_message';
  seed?: number;
}

export const GENERATED_TOOLS = ['read_file', 'grep', 'list_dir'] as const;

const WORDS = (
  'payment retry invoice refund ledger backoff queue worker timeout config icon theme css logo ' +
  'deploy rollback replica wal offset schema index cache session token parser lexer render build test ' +
  'fixture handler router request response header status error warning metric trace span café naïve 数据 🙂'
).split(' ');

const random = seededRandom;

function words(next: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]);
  return out.join(' ');
}

/** Source-like output: numbered lines, quotes and tabs so JSON escaping is exercised. */
function output(next: () => number, chars: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < chars; n++) {
    const line = `${n}\t${words(next, 4 + Math.floor(next() * 8))}${next() < 0.2 ? ' "quoted\\path"' : ''}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

function input(tool: string, next: () => number, i: number): string {
  if (tool === 'read_file') return JSON.stringify({ path: `src/${words(next, 1)}/${words(next, 1)}_${i}.ts` });
  if (tool === 'grep') return JSON.stringify({ pattern: words(next, 2), path: 'src' });
  return JSON.stringify({ path: `src/${words(next, 1)}` });
}

export function generateHistory(options: GenerateOptions): Message[] {
  const next = random(options.seed ?? 1);
  const layout = options.layout ?? 'same_message';
  // About 400 bytes of JSON around each output (ids, names, input, prose, thinking).
  const outputChars = Math.max(16, Math.floor(options.targetBytes / Math.max(1, options.calls)) - 400);
  const messages: Message[] = [
    {
      id: 'm0',
      role: 'user',
      name: 'user',
      content: [{ type: 'text', text: `Task: ${words(next, 12)}` }],
      metadata: {},
      created_at: '2026-12-01 09:00:00.000',
    },
  ];
  for (let i = 0; i < options.calls; i++) {
    const tool = GENERATED_TOOLS[i % GENERATED_TOOLS.length];
    const id = `call_${String(i).padStart(5, '0')}`;
    const call: Block = { type: 'tool_call', id, name: tool, input: input(tool, next, i), state: 'finished' };
    const result: Block = { type: 'tool_result', id, name: tool, output: output(next, outputChars), state: 'success' };
    const stamp = new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString();
    const prose: Block[] = [
      { type: 'thinking', thinking: words(next, 10), signature: 'sig' },
      { type: 'text', text: words(next, 8) },
    ];
    if (layout === 'same_message') {
      messages.push({
        id: `m${i + 1}`,
        role: 'assistant',
        name: 'agent',
        content: [...prose, call, result],
        metadata: {},
        created_at: stamp,
      });
    } else {
      messages.push({
        id: `m${i + 1}a`,
        role: 'assistant',
        name: 'agent',
        content: [...prose, call],
        metadata: {},
        created_at: stamp,
      });
      messages.push({
        id: `m${i + 1}r`,
        role: 'user',
        name: 'tools',
        content: [result],
        metadata: {},
        created_at: stamp,
      });
    }
  }
  messages.push({
    id: 'mlast',
    role: 'user',
    name: 'user',
    content: [{ type: 'text', text: 'Now finish the payment retry fix.' }],
    metadata: {},
    created_at: '2026-12-02 09:00:00.000',
  });
  return messages;
}
