/**
 * `eval --policies` through the built command line: the peer policies beside the model, with
 * their triggers reported when they never fire, and the flag's optional list.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli, tempDir } from './support.js';
import { configReads } from '../../core/eval/fixtures.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const byLabel = <T extends z.ZodType>(schema: T) => z.object({ 'later-use': schema, strict: schema });
const PoliciesSchema = z.object({
  prices: z.string(),
  policies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      cuts: z.number(),
      fired: z.number(),
      figures: byLabel(z.object({ reduction: z.number(), recall: z.number().nullable(), used: z.number() })),
      destroyed: byLabel(z.number()),
      prefixShare: z.number().nullable(),
      nextRequest: z.number().nullable(),
      matched: z
        .object({ threshold: z.number(), reduction: z.number(), recall: byLabel(z.number().nullable()) })
        .nullable(),
    }),
  ),
  neverFired: z.array(z.object({ source: z.string(), peers: z.array(z.string()) })),
});

function session(): string {
  tmp = tempDir();
  return tmp.write('session.json', JSON.stringify(configReads().messages, null, 1));
}

describe('eval --policies', () => {
  it('§9 every peer policy is measured beside the model; triggers that never fire are reported, always-on runs fire', async () => {
    const file = session();
    const result = await runCli(['eval', file, '--policies', '--json', '--cuts', '1', '--mask-m', '1'], {
      cwd: tmp.dir,
    });
    expect(result.code).toBe(0);
    const report = PoliciesSchema.parse((JSON.parse(result.stdout) as { peerPolicies: unknown }).peerPolicies);
    expect(report.policies.map((p) => p.id)).toEqual([
      'model',
      'clear_tool_uses',
      'clear_tool_uses:always',
      'microcompact',
      'microcompact:always',
      'opencode_prune',
      'opencode_prune:always',
      'langchain_clear_tool_uses',
      'langchain_clear_tool_uses:always',
      'gemini_truncation',
      'masking',
    ]);
    const byId = new Map(report.policies.map((p) => [p.id, p]));
    // A short history is far under 100,000 tokens: the default trigger never fires, and nothing changes.
    expect(byId.get('clear_tool_uses')).toMatchObject({ fired: 0, prefixShare: 1, nextRequest: 1 });
    expect(report.neverFired[0].peers).toContain('clear_tool_uses');
    expect(report.neverFired[0].peers).not.toContain('clear_tool_uses:always');
    const always = byId.get('clear_tool_uses:always')!;
    expect(always.fired).toBe(1);
    expect(always.figures['later-use'].reduction).toBeGreaterThan(0);
    // R15: the model's threshold re-derived to reduce at least as much as the peer.
    expect(always.matched!.reduction).toBeGreaterThanOrEqual(always.figures['later-use'].reduction);
    expect(byId.get('masking')!.name).toBe('observation masking M=1');
  }, 60_000);

  it('takes a list of peers, prints the two peer tables, and refuses an unknown peer (exit 2)', async () => {
    const file = session();
    const listed = await runCli(['eval', '--policies', 'masking,microcompact', file, '--cuts', '1'], { cwd: tmp.dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/PEER POLICIES/);
    expect(listed.stdout).toMatch(/Claude Code microcompact \(any tool\)/);
    expect(listed.stdout).toMatch(/OURS AT MATCHED REDUCTION/);
    expect(listed.stdout).not.toMatch(/opencode/);
    const bad = await runCli(['eval', join(tmp.dir, 'session.json'), '--policies=autocompact'], { cwd: tmp.dir });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--policies: expected peer ids/);
  }, 60_000);

  it('§9 --peer-params runs a peer at other parameters, names them in the report, and refuses a bad one (exit 2)', async () => {
    const file = session();
    const params = '{"clear_tool_uses":{"trigger":0,"keep":1}}';
    const result = await runCli(
      ['eval', file, '--policies', 'clear_tool_uses', '--peer-params', params, '--json', '--cuts', '1'],
      { cwd: tmp.dir },
    );
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { peerPolicies: unknown; notes: string[] };
    const report = PoliciesSchema.parse(parsed.peerPolicies);
    // At the default trigger this short history never fires (the first test); at trigger 0 it does.
    const run = report.policies.find((p) => p.id === 'clear_tool_uses')!;
    expect(run.fired).toBe(1);
    expect(run.figures['later-use'].reduction).toBeGreaterThan(0);
    expect(parsed.notes).toContain(
      'clear_tool_uses at trigger 0 (default 100,000), keep 1 (default 3) (--peer-params)',
    );
    const bad = await runCli(
      ['eval', file, '--policies', '--peer-params', '{"opencode_prune":{"protect_tokens":-5}}'],
      { cwd: tmp.dir },
    );
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim()).toBe(
      '--peer-params: opencode_prune.protect_tokens: Too small: expected number to be >=0',
    );
  }, 60_000);
});
