/**
 * SPEC §9 "Target checks": where dropping a call would break a rule of the format's target,
 * the writer keeps what the rule needs and says so (`keptForTargets`); without that, the same
 * decision writes a file the check refuses.
 */
import { describe, expect, it } from 'vitest';
import { exportSource, openSource } from '../../../core/formats/index.js';
import { judgeExport } from '../../../core/formats/targets/index.js';
import { proposalFromChoices } from './support.js';

const fnCall = (id: string, command: string) => ({
  id,
  type: 'function',
  function: { name: 'bash', arguments: JSON.stringify({ command }) },
});
const long = (label: string) => `${label}\n${'output line\n'.repeat(200)}`;

/** A function-calling trajectory whose history items have no `action`: steps pair by position. */
const positionalTraj = JSON.stringify({
  environment: 'e',
  history: [
    { role: 'system', content: 'sys', message_type: 'system_prompt' },
    { role: 'assistant', content: 'look', tool_calls: [fnCall('a', 'ls')], message_type: 'action' },
    { role: 'tool', content: long('ls'), tool_call_ids: ['a'], message_type: 'observation' },
    { role: 'assistant', content: 'read', tool_calls: [fnCall('b', 'cat x')], message_type: 'action' },
    { role: 'tool', content: long('cat'), tool_call_ids: ['b'], message_type: 'observation' },
    { role: 'assistant', content: 'done', tool_calls: [fnCall('c', 'submit')], message_type: 'action' },
    { role: 'tool', content: 'submitted', tool_call_ids: ['c'], message_type: 'observation' },
  ],
  trajectory: [
    { action: 'ls', observation: long('ls'), thought: 'look' },
    { action: 'cat x', observation: long('cat'), thought: 'read' },
    { action: 'submit', observation: 'submitted', thought: 'done' },
  ],
  info: {},
});

describe('SWE-agent', () => {
  it('§9 drop_call of call 1 keeps its item (action, tool_calls, message_type) and every step; the result is shortened', () => {
    const source = openSource(positionalTraj, { format: 'swe-agent' });
    const proposal = proposalFromChoices(source, ['drop_call', 'keep', 'keep'], 40, true);
    expect(proposal.keptForTargets).toEqual([
      { pair_id: expect.any(String), call_id: 'a', rule: 'swe-agent.replay_tool_calls' },
    ]);
    const exported = exportSource(source, proposal);
    const out = JSON.parse(exported);
    expect(out.history[1]).toEqual(JSON.parse(positionalTraj).history[1]);
    expect(out.history[2].content.length).toBeLessThan(200);
    expect(out.trajectory.map((s: { action: string }) => s.action)).toEqual(['ls', 'cat x', 'submit']);
    expect(out.trajectory[1].observation).toBe(long('cat'));
    expect(judgeExport(source, exported).refused).toEqual([]);
  });

  it('§9 the same decision written as asked breaks run-replay, and the check says so by rule id', () => {
    const source = openSource(positionalTraj, { format: 'swe-agent' });
    const exported = exportSource(source, proposalFromChoices(source, ['drop_call', 'keep', 'keep'], 40));
    const refused = judgeExport(source, exported).refused.map((v) => v.rule);
    expect(refused).toContain('swe-agent.replay_tool_calls');
  });
});

describe('mini-swe-agent', () => {
  const traj = JSON.stringify({
    info: { mini_version: '1.9.1' },
    trajectory_format: 'mini-swe-agent-1',
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'task' },
      { role: 'assistant', content: 'THOUGHT: list\n\n```bash\nls\n```' },
      { role: 'user', content: `<returncode>0</returncode>\n<output>\n${long('a')}</output>` },
      { role: 'assistant', content: 'THOUGHT: read\n\n```bash\ncat a\n```' },
      { role: 'user', content: `<returncode>0</returncode>\n<output>\n${long('b')}</output>` },
      { role: 'assistant', content: 'THOUGHT: done\n\n```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```' },
      { role: 'user', content: 'done' },
    ],
  });

  it('§9 drop_call keeps the reply whole (one bash block) and alternation; the observation is shortened', () => {
    const source = openSource(traj, { format: 'mini-swe-agent' });
    const proposal = proposalFromChoices(source, ['drop_call', 'drop_call'], 40, true);
    expect(proposal.keptForTargets?.map((k) => k.rule)).toEqual([
      'mini-swe-agent.one_action',
      'mini-swe-agent.one_action',
    ]);
    const exported = exportSource(source, proposal);
    const out = JSON.parse(exported);
    expect(out.messages.map((m: { role: string }) => m.role)).toEqual(
      JSON.parse(traj).messages.map((m: { role: string }) => m.role),
    );
    expect(out.messages[2].content).toBe('THOUGHT: list\n\n```bash\nls\n```');
    expect(out.messages[3].content.length).toBeLessThan(300);
    expect(judgeExport(source, exported).refused).toEqual([]);
  });

  it('§9 written as asked, the reply loses its block and two assistant replies meet', () => {
    const source = openSource(traj, { format: 'mini-swe-agent' });
    const exported = exportSource(source, proposalFromChoices(source, ['drop_call', 'drop_call'], 40));
    expect(new Set(judgeExport(source, exported).refused.map((v) => v.rule))).toEqual(
      new Set(['mini-swe-agent.one_action', 'mini-swe-agent.alternation']),
    );
  });
});

describe('OpenAI Responses', () => {
  const items = JSON.stringify([
    { role: 'user', content: 'go' },
    { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'enc' },
    { type: 'function_call', id: 'fc_1', call_id: 'c1', name: 'read', arguments: '{"path":"a"}' },
    { type: 'function_call_output', call_id: 'c1', output: long('a') },
    { type: 'function_call', id: 'fc_2', call_id: 'c2', name: 'read', arguments: '{"path":"b"}' },
    { type: 'function_call_output', call_id: 'c2', output: long('b') },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] },
  ]);

  it('§9 a call its reasoning item must be followed by is kept; a call without one is dropped', () => {
    const source = openSource(items, { format: 'openai-responses' });
    const proposal = proposalFromChoices(source, ['drop_call', 'drop_call'], 40, true);
    expect(proposal.keptForTargets?.map((k) => [k.call_id, k.rule])).toEqual([['c1', 'responses.reasoning_followed']]);
    const exported = exportSource(source, proposal);
    expect(JSON.parse(exported).map((i: { type?: string }) => i.type ?? 'message')).toEqual([
      'message',
      'reasoning',
      'function_call',
      'function_call_output',
      'message',
    ]);
    expect(judgeExport(source, exported).refused).toEqual([]);
  });

  it('§9 written as asked, the reasoning item is left without its item', () => {
    const source = openSource(items, { format: 'openai-responses' });
    const exported = exportSource(source, proposalFromChoices(source, ['drop_call', 'drop_call'], 40));
    expect(judgeExport(source, exported).refused.map((v) => v.rule)).toContain('responses.reasoning_followed');
  });
});
