/**
 * `mcp --policy FILE`: the restore server's compact_context lays the approved policy under its
 * arguments, as `compact_context --policy` does, and a file that is not a policy stops the
 * server before it starts (exit 2, one line).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompactResponse } from '../../../core/engine/schema.js';
import { runCli } from '../cli/support.js';
import { connectRestoreServer, HISTORY } from './fixture.js';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('mcp --policy', () => {
  it('R5 compact_context applies the policy’s tools and options under the call’s own arguments', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-policy-'));
    const policy = join(dir, 'compaction-policy.json');
    writeFileSync(
      policy,
      JSON.stringify({
        compaction_policy: 1,
        eligible_tool_names: ['read_file'],
        options: { preserve_recent_messages: 0 },
      }),
    );
    const client = await connectRestoreServer(dir, 'policy-test', ['--policy', policy]);
    try {
      const call = async (args: Record<string, unknown>) => {
        const result = (await client.callTool({ name: 'compact_context', arguments: args })) as CallToolResult;
        expect(result.isError).toBeFalsy();
        return result.structuredContent as unknown as CompactResponse;
      };
      const byPolicy = await call({ messages: HISTORY, goal: 'finish the report' });
      if (!byPolicy.success) throw new Error('expected success');
      const reasons = Object.fromEntries(
        byPolicy.answer.decisions.map((d) => [d.call_id, d.keep_call === null ? d.reason : 'asked']),
      );
      expect(reasons).toEqual({ c1: 'asked', c2: 'tool_not_eligible' });
      const own = await call({ messages: HISTORY, goal: 'finish the report', eligible_tool_names: [] });
      if (!own.success) throw new Error('expected success');
      expect(own.answer.reason).toBe('no_candidates');
    } finally {
      await client.close();
    }
  });

  it('§8 refuses a file that is not a policy before serving: exit 2, one line', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-policy-'));
    writeFileSync(join(dir, 'bad.json'), '{"compaction_policy":1,"options":{"keep_threshold":3}}');
    const result = await runCli(['mcp', '--policy', 'bad.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^mcp: --policy bad\.json: .*keep_threshold/);
  });
});
