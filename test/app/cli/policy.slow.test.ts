/**
 * `compact_context --policy FILE`: the approved policy file lies under the command's own
 * arguments, through the built command line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../../core/engine/schema.js';
import { runCli, tempDir } from './support.js';
import { debuggingSession } from '../../core/eval/fixtures.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const history = [
  { id: 'm0', role: 'user', content: [{ type: 'text', text: 'start' }] },
  {
    id: 'm1',
    role: 'assistant',
    content: [
      { type: 'tool_call', id: 'c1', name: 'read_file', input: '{"path":"a"}', state: 'finished' },
      { type: 'tool_result', id: 'c1', name: 'read_file', output: 'x'.repeat(1000), state: 'success' },
      { type: 'tool_call', id: 'c2', name: 'grep', input: '{"pattern":"b"}', state: 'finished' },
      { type: 'tool_result', id: 'c2', name: 'grep', output: 'y'.repeat(1000), state: 'success' },
    ],
  },
  { id: 'm2', role: 'user', content: [{ type: 'text', text: 'go on' }] },
];

function scriptedEnv(): Record<string, string> {
  tmp.write('script.json', JSON.stringify({ answers: {}, default: { call: 0.6, result: 0.4 } }));
  return { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' };
}

async function compact(extra: string[], env: Record<string, string>) {
  tmp.write('history.json', JSON.stringify(history));
  const result = await runCli(['compact_context', 'goal=finish', 'messages=@history.json', ...extra], {
    cwd: tmp.dir,
    env,
  });
  return { result, response: result.code === 0 ? ResponseSchema.parse(JSON.parse(result.stdout)) : null };
}

function actions(response: ReturnType<typeof ResponseSchema.parse> | null): Record<string, string> {
  if (response === null || !response.success) throw new Error('expected a successful envelope');
  return Object.fromEntries(response.answer.decisions.map((d) => [d.call_id, `${d.action}/${d.reason}`]));
}

describe('compact_context --policy', () => {
  it('R12 applies the policy’s tools, protections and threshold; the arguments win where given', async () => {
    tmp = tempDir();
    const env = scriptedEnv();
    tmp.write(
      'policy.json',
      JSON.stringify({
        compaction_policy: 1,
        eligible_tool_names: ['read_file', 'grep'],
        protected_call_ids: ['c2'],
        options: { keep_threshold: 0.7, preserve_recent_messages: 0 },
      }),
    );
    const byPolicy = await compact(['--policy', 'policy.json'], env);
    expect(byPolicy.result.stderr).toBe('');
    // p_call 0.6 < 0.7: the whole call goes; c2 is protected by the policy.
    expect(actions(byPolicy.response)).toEqual({ c1: 'drop_call/not_needed', c2: 'keep/protected_call_id' });
    const overridden = await compact(['options={"keep_threshold":0.5}', '--policy', 'policy.json'], env);
    // p_call 0.6 ≥ 0.5 > p_result 0.4: the call stays, its output is cut.
    expect(actions(overridden.response)).toEqual({ c1: 'drop_result/call_needed', c2: 'keep/protected_call_id' });
  });

  it('§8 a policy file that is not a policy is bad input: one line naming the flag, exit 2', async () => {
    tmp = tempDir();
    tmp.write('policy.json', JSON.stringify({ compaction_policy: 1, options: { keep_threshold: 2 } }));
    const { result } = await compact(['--policy', 'policy.json'], scriptedEnv());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^--policy policy\.json: .*keep_threshold/);
  });

  it('takes the policy’s backend where the environment names none', async () => {
    tmp = tempDir();
    const { DECISION_MODEL_SCRIPT } = scriptedEnv();
    tmp.write(
      'policy.json',
      JSON.stringify({
        compaction_policy: 1,
        eligible_tool_names: ['read_file'],
        options: { preserve_recent_messages: 0 },
        decision_model: { backend: 'scripted' },
      }),
    );
    const { result, response } = await compact(['--policy', 'policy.json'], { DECISION_MODEL_SCRIPT });
    expect(result.stderr).toBe('');
    expect(actions(response)).toEqual({ c1: 'drop_result/call_needed', c2: 'keep/tool_not_eligible' });
  });

  it('warns on stderr when the weights at hand are not those the policy was tuned with', async () => {
    tmp = tempDir();
    tmp.write(
      'policy.json',
      JSON.stringify({
        compaction_policy: 1,
        eligible_tool_names: ['read_file'],
        decision_model: { backend: 'offline', prompt_version: 'offline-v0/w-00000000' },
      }),
    );
    const { result } = await compact(['--policy', 'policy.json'], {});
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^warning: the policy was tuned with weights or prompt offline-v0\/w-00000000, not /);
  });
});

describe('an export approved under a policy file', () => {
  it('§9 the audit record names the policy by the hash of its canonical text; verify --policy checks a file against it', async () => {
    tmp = tempDir();
    const env = scriptedEnv();
    // The same policy in another spacing and key order: one canonical text, one hash.
    tmp.write(
      'policy.json',
      JSON.stringify({ options: { keep_threshold: 0.7 }, eligible_tool_names: ['read_file'], compaction_policy: 1 }),
    );
    tmp.write(
      'same.json',
      JSON.stringify(
        { compaction_policy: 1, eligible_tool_names: ['read_file'], options: { keep_threshold: 0.7 } },
        null,
        4,
      ),
    );
    tmp.write('other.json', JSON.stringify({ compaction_policy: 1, eligible_tool_names: ['read_file', 'grep'] }));
    const exported = await compact(['--policy', 'policy.json', '--out', 'out.json', '--reviewer', 'Ada'], env);
    expect(exported.result.code).toBe(0);
    const record = JSON.parse(readFileSync(join(tmp.dir, 'out.json.audit.json'), 'utf8')) as { policy_sha256?: string };
    expect(record.policy_sha256).toMatch(/^[0-9a-f]{64}$/);

    const plain = await runCli(['verify', 'out.json.audit.json'], { cwd: tmp.dir, env });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(`approved under the policy file sha256 ${record.policy_sha256}`);
    const same = await runCli(['verify', 'out.json.audit.json', '--policy', 'same.json'], { cwd: tmp.dir, env });
    expect(same.code).toBe(0);
    const other = await runCli(['verify', 'out.json.audit.json', '--policy', 'other.json'], { cwd: tmp.dir, env });
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(
      new RegExp(
        `^differs: --policy other\\.json \\(sha256 [0-9a-f]{64}\\): the record was approved under another policy \\(sha256 ${record.policy_sha256}\\)`,
      ),
    );

    // Without --policy the record names none, and verify --policy says so.
    await compact(['eligible_tool_names=["read_file"]', '--out', 'bare.json', '--reviewer', 'Ada'], env);
    expect(JSON.parse(readFileSync(join(tmp.dir, 'bare.json.audit.json'), 'utf8'))).not.toHaveProperty('policy_sha256');
    const none = await runCli(['verify', 'bare.json.audit.json', '--policy', 'policy.json'], { cwd: tmp.dir, env });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('the record was approved under no policy file');
  });
});

describe('eval --policy', () => {
  it('R5 measures with the policy’s eligible tools and options', async () => {
    tmp = tempDir();
    tmp.write('history.json', JSON.stringify(debuggingSession().messages));
    const candidatesWith = async (policy: unknown) => {
      tmp.write('policy.json', JSON.stringify(policy));
      const result = await runCli(
        ['eval', 'history.json', '--cuts', '1', '--seeds', '1', '--json', '--policy', 'policy.json'],
        {
          cwd: tmp.dir,
        },
      );
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as {
        pooled: { 'later-use': { policies: { model: { candidates: number } } } };
        settings: { threshold: number };
      };
      return { candidates: report.pooled['later-use'].policies.model.candidates, threshold: report.settings.threshold };
    };
    const every = await candidatesWith({ compaction_policy: 1, options: { keep_threshold: 0.65 } });
    expect(every.candidates).toBeGreaterThan(0);
    expect(every.threshold).toBe(0.65);
    const none = await candidatesWith({ compaction_policy: 1, eligible_tool_names: ['never_called'] });
    expect(none.candidates).toBe(0);
  });
});
