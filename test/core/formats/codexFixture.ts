/**
 * A Codex CLI rollout of our own, because the two hand-written third-party ones
 * (../shared/formats/codex-rollout-jsonl) have no `compacted` line, local shell call or custom
 * tool call, and no real public rollout exists (SOURCES.md). Written from openai/codex:
 *  [P] codex-rs/protocol/src/models.rs @ 001cb8e2: `ResponseItem` — `local_shell_call {call_id,
 *      status, action: {type: "exec", command: [...]}}`, `custom_tool_call {status?, call_id,
 *      name, input}`, `custom_tool_call_output {call_id, output: string}`, `function_call_output
 *      {call_id, output: string}`, `reasoning {summary, content?, encrypted_content}`,
 *      `ghost_snapshot {ghost_commit}`; `id` is never serialized.
 *  [R] codex-rs/core/src/rollout/replay.rs @ 6b042721: `compacted {message, replacement_history?}`;
 *      normalize.rs @ 0803cc58: a local shell call is answered by a `function_call_output`.
 *  [S] ../shared/formats/SOURCES.md §11: lines `{timestamp, type, payload}`, the shell tool's
 *      JSON output `{"output": …, "metadata": {"exit_code", "duration_seconds"}}`.
 */

const long = (label: string) => `${label}\n${'a line of output the agent read once\n'.repeat(30)}`;
const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const assistant = (text: string) => ({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const shellOutput = (output: string, exit: number) =>
  JSON.stringify({ output, metadata: { exit_code: exit, duration_seconds: 0.1 } });

let second = 0;
const line = (type: string, payload: unknown) =>
  JSON.stringify({ timestamp: `2025-11-02T10:00:${String(second++).padStart(2, '0')}.000Z`, type, payload });
const item = (payload: unknown) => line('response_item', payload);

const SUMMARY = 'The retry test fails because backoff doubles twice; src/retry.ts was read.';

export const CODEX_ROLLOUT =
  [
    line('session_meta', {
      id: '0199a213-81c0-7800-8aa1-bbab2a035a53',
      timestamp: '2025-11-02T10:00:00.000Z',
      cwd: '/work/app',
      originator: 'codex_cli_rs',
      cli_version: '0.53.0',
      source: 'cli',
      model_provider: 'openai',
    }),
    line('turn_context', { cwd: '/work/app', approval_policy: 'on-request', model: 'gpt-5-codex', summary: 'auto' }),
    item(user('Fix the failing retry test.')),
    line('event_msg', { type: 'user_message', message: 'Fix the failing retry test.', kind: 'plain' }),
    item({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Read the code first.' }],
      encrypted_content: 'gAAAA1',
    }),
    item({ type: 'function_call', name: 'shell', arguments: '{"command":["cat","src/retry.ts"]}', call_id: 'call_1' }),
    item({ type: 'function_call_output', call_id: 'call_1', output: shellOutput(long('src/retry.ts'), 0) }),
    item({
      type: 'local_shell_call',
      call_id: 'call_2',
      status: 'completed',
      action: { type: 'exec', command: ['npm', 'test', '--', 'retry'], timeout_ms: 60000 },
    }),
    item({ type: 'function_call_output', call_id: 'call_2', output: shellOutput(long('1 failed'), 1) }),
    line('event_msg', { type: 'token_count', info: null }),
    line('compacted', {
      message: SUMMARY,
      replacement_history: [
        user('Fix the failing retry test.'),
        user(SUMMARY),
        { type: 'function_call', name: 'shell', arguments: '{"command":["cat","src/backoff.ts"]}', call_id: 'call_3' },
        { type: 'function_call_output', call_id: 'call_3', output: shellOutput(long('src/backoff.ts'), 0) },
      ],
    }),
    line('event_msg', { type: 'context_compacted' }),
    item({ type: 'ghost_snapshot', ghost_commit: { id: 'ghost-1', parent: null, preexisting_untracked_files: [] } }),
    item({
      type: 'custom_tool_call',
      status: 'completed',
      call_id: 'call_4',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** Update File: src/retry.ts\n@@\n-  delay *= 2;\n+  delay += base;\n*** End Patch',
    }),
    item({ type: 'custom_tool_call_output', call_id: 'call_4', output: long('Success. Updated the following files') }),
    item({ type: 'function_call', name: 'shell', arguments: '{"command":["rg","retryDelay"]}', call_id: 'call_5' }),
    item({ type: 'function_call_output', call_id: 'call_5', output: long('src/retry.ts:3: retryDelay') }),
    item(assistant('Backoff now grows linearly; the retry test passes.')),
    item(user('Thanks.')),
  ].join('\n') + '\n';

/** What a `compacted` line without a replacement history holds: the summary only ([R]). */
export const CODEX_ROLLOUT_SUMMARY_ONLY =
  [
    line('session_meta', { id: 's-2', timestamp: '2025-11-02T11:00:00.000Z', cwd: '/w', cli_version: '0.30.0' }),
    item(user('List the files.')),
    item({ type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'call_a' }),
    item({ type: 'function_call_output', call_id: 'call_a', output: long('README.md') }),
    line('compacted', { message: SUMMARY }),
    item({ type: 'function_call', name: 'shell', arguments: '{"command":["ls","src"]}', call_id: 'call_b' }),
    item({ type: 'function_call_output', call_id: 'call_b', output: long('retry.ts') }),
    item(assistant('Done.')),
  ].join('\n') + '\n';

export { SUMMARY as CODEX_SUMMARY };
