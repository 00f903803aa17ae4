/**
 * SPEC §9 "Target checks" from the command line: `check FILE` exits 0 when every rule of every
 * target passes, 1 naming the rule id and place that fails, 2 on bad input; `--out` of a source
 * that already breaks a rule writes the export with a warning naming it. Real child processes.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedPath } from '../../support/shared.js';
import { runCli, tempDir, withoutRestoreNote } from './support.js';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

const use = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: `/src/${id}.ts` } });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: `contents of ${id}\n`.repeat(80) });

function conversation(noteBeforeResult: boolean): string {
  const messages = [
    { role: 'user', content: 'Fix the retry bug' },
    { role: 'assistant', content: [use('t1')] },
    { role: 'user', content: [result('t1')] },
    { role: 'assistant', content: [use('t2')] },
    { role: 'user', content: noteBeforeResult ? [{ type: 'text', text: 'note' }, result('t2')] : [result('t2')] },
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    { role: 'user', content: 'Thanks' },
  ];
  return JSON.stringify({ model: 'claude', max_tokens: 1024, messages }, null, 2);
}

describe('check', () => {
  it('§9 exit 0 when every rule passes', async () => {
    const file = tmp.write('good.json', conversation(false));
    const run = await runCli(['check', file], { cwd: tmp.dir });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^pass {2}Anthropic Messages/m);
  });

  it('§9 exit 1 naming the rule id and the place; --json lists them', async () => {
    const file = tmp.write('bad.json', conversation(true));
    const text = await runCli(['check', file], { cwd: tmp.dir });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/anthropic\.tool_result_first at message 4, \$\.messages\[4\]/);
    const json = await runCli(['check', file, '--json'], { cwd: tmp.dir });
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ format: 'anthropic-messages', ok: false });
    expect(report.targets[0].violations[0]).toMatchObject({
      rule: 'anthropic.tool_result_first',
      place: { message: 4, path: '$.messages[4]' },
    });
  });

  it('§9 exit 2 on bad input, one line on stderr', async () => {
    for (const args of [['check'], ['check', join(tmp.dir, 'missing.json')], ['check', '--nope']]) {
      const run = await runCli(args, { cwd: tmp.dir });
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('§9 --out of a source that already breaks a rule writes the export with a warning naming it', async () => {
    tmp.write('bad.json', conversation(true));
    const run = await runCli(
      [
        'compact_context',
        'goal=finish',
        'messages=@bad.json',
        'eligible_tool_names=["Read"]',
        'options={"preserve_recent_messages":1}',
        // The broken turn stays: its call is protected.
        'protected_call_ids=["t2"]',
        '--out',
        'out.json',
        '--reviewer',
        'ada',
      ],
      { cwd: tmp.dir },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning: --out: anthropic\.tool_result_first at message \d+, \$\.messages\[\d+\]/m);
    expect(existsSync(join(tmp.dir, 'out.json'))).toBe(true);
  });
});

const traj = sharedPath('formats/swe-agent-traj/pydicom__pydicom-1458.traj');
describe.skipIf(!traj)('--out of a SWE-agent trajectory', () => {
  it('§9 drop_call keeps the call for SWE-agent: the record says call_kept_for_target, verify and check pass', async () => {
    copyFileSync(traj as string, join(tmp.dir, 'in.traj'));
    const run = await runCli(
      [
        'compact_context',
        'goal=finish',
        'messages=@in.traj',
        'eligible_tool_names=["bash","edit","open","create","find_file","submit"]',
        'options={"preserve_recent_messages":1}',
        '--out',
        'out.traj',
        '--reviewer',
        'ada',
      ],
      { cwd: tmp.dir, env: { DECISION_MODEL_BACKEND: 'offline' } },
    );
    expect({
      code: run.code,
      stderr: withoutRestoreNote(run.stderr).replace(/^warning: eligible tool .*\n/gm, ''),
    }).toEqual({
      code: 0,
      stderr: '',
    });
    const drops = JSON.parse(run.stdout).answer.decisions.filter((d: { action: string }) => d.action === 'drop_call');
    expect(drops.length).toBeGreaterThan(0);
    const record = JSON.parse(readFileSync(join(tmp.dir, 'out.traj.audit.json'), 'utf8'));
    const kept = record.decisions.filter((d: { call_kept_for_target?: string }) => d.call_kept_for_target);
    expect(kept.map((d: { call_id: string }) => d.call_id)).toEqual(drops.map((d: { call_id: string }) => d.call_id));
    expect(kept[0].call_kept_for_target).toBe('swe-agent.inspector_action');
    expect(record.stats.calls_kept_for_target).toBe(drops.length);
    expect((await runCli(['verify', 'out.traj.audit.json'], { cwd: tmp.dir })).code).toBe(0);
    expect((await runCli(['check', 'out.traj'], { cwd: tmp.dir })).code).toBe(0);
  });
});
