/** SPEC §8 usage: --help documents the contract; unknown commands are usage errors (exit 2). */
import { afterEach, expect, it } from 'vitest';
import { runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

it('§8 --help and -h document commands, keys, §5 options with ranges, environment and exit codes', async () => {
  tmp = tempDir();
  for (const flag of ['--help', '-h']) {
    const result = await runCli([flag], { cwd: tmp.dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const text = result.stdout;
    for (const word of [
      'compact_context',
      'goal',
      'messages',
      'eligible_tool_names',
      'protected_message_ids',
      'protected_call_ids',
      'tools',
      'archive_ref',
      'shell_read_only',
      'drop_receipts',
      '@path',
      '@@',
    ])
      expect(text).toContain(word);
    expect(text).toMatch(/keep_threshold\s+0\.5\s+0 to 1/);
    expect(text).toMatch(/preserve_recent_messages \(int\)\s+6\s+>= 0/);
    expect(text).toMatch(/max_state_tokens \(int\)\s+25000\s+>= 1/);
    expect(text).toMatch(/max_request_tokens \(int\)\s+30000\s+>= 257/);
    expect(text).toMatch(/truncate_head_chars \(int\)\s+300\s+>= 0/);
    expect(text).toMatch(/truncate_tail_chars \(int\)\s+0\s+>= 0/);
    expect(text).toMatch(/max_concurrency \(int\)\s+4\s+1 to 32/);
    expect(text).toMatch(/total_timeout_seconds\s+30\s+> 0/);
    for (const name of [
      'BACKEND',
      'API_KEY',
      'NAME',
      'BASE_URL',
      'SCRIPT',
      'TIMEOUT_SECONDS',
      'MAX_RETRIES',
      'RETRY_DELAY_SECONDS',
      'PROBABILITY',
      'MAX_KEYS_PER_REQUEST',
    ])
      expect(text).toContain(`DECISION_MODEL_${name}`);
    expect(text).toContain('CLASSIFIER_');
    for (const code of ['0  success', '1  compaction failed', '2  bad input']) expect(text).toContain(code);
  }
});

it('§8 an unknown command exits 2 with one stderr line and nothing on stdout', async () => {
  tmp = tempDir();
  const result = await runCli(['compact'], { cwd: tmp.dir });
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^unknown command "compact" \(known: [^\n]*compact_context[^\n]*\)\n$/);
});

it('§8 no command at all is a usage error (exit 2)', async () => {
  tmp = tempDir();
  const result = await runCli([], { cwd: tmp.dir });
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
});
