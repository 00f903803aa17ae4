/**
 * A small Claude Code session whose one Read call a drop removes, and the receipt §9
 * `drop_receipts` leaves for it when the archive is `session.0123456789abcdef.jsonl`.
 */

/** `n` numbered lines of code, as Claude Code's Read returns a file. */
export const receiptLines = (n: number) =>
  Array.from({ length: n }, (_, i) => `${i + 1}\tconst x${i} = ${i};`).join('\n');

const env = { sessionId: 's', cwd: '/w', isSidechain: false };
const session = [
  { ...env, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Fix the retry bug' } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    message: { id: 'msg_1', role: 'assistant', content: [{ type: 'thinking', thinking: 'look', signature: 'sig' }] },
  },
  {
    ...env,
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'a1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_01', name: 'Read', input: { file_path: 'src/retry.ts' } }],
    },
  },
  {
    ...env,
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a2',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: receiptLines(212) }] },
    toolUseResult: { file: { filePath: 'src/retry.ts', content: receiptLines(212) } },
  },
  {
    ...env,
    type: 'assistant',
    uuid: 'a3',
    parentUuid: 'u2',
    message: {
      id: 'msg_2',
      role: 'assistant',
      content: [{ type: 'text', text: 'I read retry.ts: the loop is fine.' }],
    },
  },
  { ...env, type: 'user', uuid: 'u3', parentUuid: 'a3', message: { role: 'user', content: 'go on' } },
];
export const sessionText = session.map((r) => JSON.stringify(r)).join('\n') + '\n';
export const RECEIPT = `[compacted: ran Read file_path=src/retry.ts → 212 lines, ${receiptLines(212).length} chars, ok; original: archive session.0123456789abcdef.jsonl call toolu_01]`;
