/**
 * R3 `shell_command_not_read_only` in the inspector's policy, on the real store over the real
 * host: before running the guards count the shell calls the rule keeps; a pattern that narrows
 * the rule after a run re-derives the proposal with no model call, one that widens it puts the
 * proposal out of date, and a pattern that is not a command of plain words is refused.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { directBridge } from './directBridge.js';

const call = (id: string, command: string) => ({
  id: `m${id}`,
  role: 'assistant',
  content: [
    { type: 'tool_call', id, name: 'Bash', input: JSON.stringify({ command }), state: 'finished' },
    { type: 'tool_result', id, name: 'Bash', output: `output of ${command}\n`.repeat(40), state: 'success' },
  ],
});

const HISTORY = [
  { id: 'm0', role: 'user', content: [{ type: 'text', text: 'Fix the failing build' }] },
  call('c1', 'ls -la src'),
  call('c2', 'mkdir -p build'),
  call('c3', 'git log --oneline -5'),
  call('c4', "echo 'x' > build/flag"),
  call('c5', 'cat README.md'),
  { id: 'm9', role: 'user', content: [{ type: 'text', text: 'Now fix the build' }] },
];

async function opened() {
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' });
  const { bridge, calls } = directBridge(setup.handlers);
  const store = createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 });
  const s = () => store.getState();
  expect(await s().openSnapshot({ fileName: 'h.json', path: null, text: JSON.stringify(HISTORY) })).toBe(true);
  s().setGoal('Fix the build');
  s().toggleTool('Bash', true);
  s().setOption('preserve_recent_messages', 0);
  return { s, calls };
}

const keptByShellRule = (s: Awaited<ReturnType<typeof opened>>['s']) =>
  s().candidacy!.kept.find((k) => k.reason === 'shell_command_not_read_only')?.count ?? 0;

describe('R3 shell command patterns in the policy', () => {
  it('R3 before running, the guards count the writing shell calls the rule keeps', async () => {
    const { s } = await opened();
    expect(s().candidacy).toMatchObject({ pairs: 5, candidates: 3 });
    expect(keptByShellRule(s)).toBe(2);
    expect(s().setShellPatterns('allow', ['mkdir -p build'])).toBeNull();
    expect([s().candidacy!.candidates, keptByShellRule(s)]).toEqual([4, 1]);
  });

  it('R3 an excluded pattern after a run narrows the proposal at once; a widening one puts it out of date', async () => {
    const { s, calls } = await opened();
    await s().startRun();
    expect(s().run.state).toBe('done');
    const asked = calls['run.start'];
    expect(s().setShellPatterns('deny', ['git log'])).toBeNull();
    const c3 = s().proposal!.analysis.pairs.find((p) => p.callId === 'c3')!;
    expect(s().proposal!.audit.pairs.get(c3.pairId)).toMatchObject({
      action: 'keep',
      reason: 'shell_command_not_read_only',
    });
    expect(s().outOfDate).toEqual([]);
    expect(calls['run.start']).toBe(asked);
    s().setShellPatterns('allow', ['mkdir']);
    expect(s().outOfDate).toEqual(['shell pattern "mkdir" widened']);
  });

  it('R3 a pattern that is not a command of plain words is refused and changes nothing', async () => {
    const { s } = await opened();
    expect(s().setShellPatterns('allow', ['ls > out'])).toBe('"ls > out" is not a command of plain words');
    expect(s().shellReadOnly).toEqual({ allow: [], deny: [] });
  });
});
