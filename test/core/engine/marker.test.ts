/**
 * SPEC §9 "Marker": the omission marker names the tool and the call's target (the first of
 * file_path, path, url, command, cmd, query, pattern, at most 80 code points) beside R13's call
 * id, omitted count and archive_ref; R13's only-if-shorter rule still holds.
 */
import { describe, expect, it } from 'vitest';
import { callTarget, TARGET_MAX_CHARS } from '../../../core/engine/marker.js';
import { truncateOutput } from '../../../core/engine/rebuild.js';

const opts = { truncateHeadChars: 5, truncateTailChars: 0, archiveRef: 's.0123456789abcdef.jsonl' };
const call = (name: string, input: object | string) => ({
  callId: 'toolu_1',
  toolName: name,
  callBlock: {
    type: 'tool_call',
    id: 'toolu_1',
    name,
    input: typeof input === 'string' ? input : JSON.stringify(input),
  },
});

describe('§9 Marker', () => {
  it('§9 Marker names the tool and its file path beside the call id, count and archive', () => {
    const out = truncateOutput('x'.repeat(1000), call('Read', { file_path: 'src/config.ts', limit: 10 }), opts);
    expect(out).toBe(
      'xxxxx\n…[995 characters of the result of tool call toolu_1 (Read: src/config.ts) omitted; the full output is in s.0123456789abcdef.jsonl]',
    );
  });

  it('§9 Marker takes the first target key in the order of the rule, whatever the input order', () => {
    expect(callTarget(JSON.stringify({ pattern: 'TODO', path: 'src' }))).toBe('src');
    expect(callTarget(JSON.stringify({ query: 'q', url: 'https://example.com/a' }))).toBe('https://example.com/a');
    expect(callTarget(JSON.stringify({ cmd: ['bash', '-lc', 'ls  -la\n/tmp'] }))).toBe('bash -lc ls -la /tmp');
    expect(callTarget(JSON.stringify({ limit: 3 }))).toBeNull();
    expect(callTarget('not json')).toBeNull();
  });

  it('§9 Marker shortens a target to at most 80 code points, never splitting an astral character', () => {
    const target = callTarget(JSON.stringify({ command: '😀'.repeat(200) })) as string;
    expect([...target]).toHaveLength(TARGET_MAX_CHARS);
    expect(target.endsWith('…')).toBe(true);
    expect(/[\ud800-\udbff]…$/.test(target)).toBe(false);
  });

  it('§9 Marker names the tool alone when its input has no target', () => {
    const out = truncateOutput('y'.repeat(500), call('list_todos', { limit: 3 }), opts) as string;
    expect(out).toContain('tool call toolu_1 (list_todos) omitted');
  });

  it('§9 an export meant for the restore server says how to get the rest back', () => {
    const out = truncateOutput('z'.repeat(2000), call('Bash', { command: 'npm test' }), {
      ...opts,
      restoreArchive: 's.0123456789abcdef.jsonl',
    }) as string;
    expect(out).toContain(
      '(Bash: npm test) omitted; the full output is in s.0123456789abcdef.jsonl; restore_result with archive "s.0123456789abcdef.jsonl" and call_id "toolu_1" returns it]',
    );
  });

  it('§9 R13 only-if-shorter still holds: a marker with a long target that would not shorten the output leaves it', () => {
    const text = 'w'.repeat(150);
    const long = call('Read', { file_path: `src/${'d/'.repeat(60)}file.ts` });
    expect(truncateOutput(text, long, opts)).toBeNull();
    expect(truncateOutput(text, 'toolu_1', opts)).not.toBeNull();
  });
});
