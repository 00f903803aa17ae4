/**
 * SPEC §9 "Sources" and "Target checks" for the Responses shell tool (`tools: [{type: "shell"}]`):
 * `shell_call` / `shell_call_output` items are read as calls and results paired by `call_id`,
 * written back in their own shape, and the item list stays one the API accepts. The items are
 * built from openai-node v6.49.0 src/resources/responses/responses.ts
 * (`ResponseFunctionShellToolCall`, `ResponseFunctionShellToolCallOutput`), as a hosted
 * container run returns them.
 */
import { describe, expect, it } from 'vitest';
import { blocksOf } from '../../../core/engine/pairing.js';
import { exportSource, openSource, unchangedProposal } from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import { proposalFromChoices } from './support.js';

const LONG = 'total 48\n' + 'drwxr-xr-x 2 root root 4096 src\n'.repeat(40);
const shellCall = (id: string, commands: string[]) => ({
  type: 'shell_call',
  id: `sh_${id}`,
  call_id: id,
  action: { commands, timeout_ms: 120000, max_output_length: 4096 },
  status: 'completed',
  environment: { type: 'container_reference', container_id: 'cntr_1' },
});
const shellOutput = (id: string, chunks: unknown[]) => ({
  type: 'shell_call_output',
  id: `sho_${id}`,
  call_id: id,
  output: chunks,
  max_output_length: 4096,
  status: 'completed',
});
const exit = (code: number) => ({ type: 'exit', exit_code: code });
const assistant = (id: string, text: string) => ({
  type: 'message',
  id,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

const CALL_C = shellCall('call_c', ['ls -la', 'git status']);
const BODY = {
  model: 'gpt-5.1',
  tools: [{ type: 'shell', environment: { type: 'container_auto' } }],
  input: [
    { role: 'user', content: 'List the repository, then run the slow test.' },
    { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA' },
    shellCall('call_a', ['ls -la']),
    shellOutput('call_a', [{ stdout: LONG, stderr: '', outcome: exit(0) }]),
    assistant('msg_1', 'Now the slow test.'),
    shellCall('call_b', ['pytest tests/test_slow.py']),
    shellOutput('call_b', [{ stdout: '', stderr: '', outcome: { type: 'timeout' } }]),
    assistant('msg_2', 'It timed out; listing again.'),
    CALL_C,
    shellOutput('call_c', [
      { stdout: LONG, stderr: '', outcome: exit(0) },
      { stdout: 'On branch main', stderr: 'warning: x', outcome: exit(0) },
    ]),
    { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'pytest timeout' } },
    assistant('msg_3', 'Done.'),
  ],
};
const TEXT = JSON.stringify(BODY, null, 2) + '\n';

describe('Responses shell tool items', () => {
  it('§9 shell_call / shell_call_output pair as calls and results; other items stay untouched', () => {
    const source = openSource(TEXT);
    expect(source.format).toBe('openai-responses');
    const blocks = source.read.messages.flatMap(blocksOf);
    const calls = blocks.filter((b) => b.type === 'tool_call');
    expect(calls.map((c) => [c.id, c.name])).toEqual([
      ['call_a', 'shell'],
      ['call_b', 'shell'],
      ['call_c', 'shell'],
    ]);
    expect(JSON.parse(calls[2].input as string)).toEqual(CALL_C.action);
    const results = blocks.filter((b) => b.type === 'tool_result');
    // R3: a timed-out chunk is a failure; the stdout and stderr of every chunk are the text.
    expect(results.map((r) => [r.id, r.state])).toEqual([
      ['call_a', 'success'],
      ['call_b', 'error'],
      ['call_c', 'success'],
    ]);
    expect(results[2].output).toBe(`${LONG}\nOn branch main\nwarning: x`);
    expect(source.read.notes.kept).toMatch(/^1 web_search_call item untouched/);
    expect(exportSource(source, unchangedProposal(source.read.messages))).toBe(TEXT);
    expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
  });

  it('§9 R13 drop_result: one chunk whose stdout is the marker, the outcome kept, the rest byte for byte', () => {
    const source = openSource(TEXT);
    const proposal = proposalFromChoices(source, ['drop_result', 'drop_result', 'drop_result'], 40, true);
    const exported = exportSource(source, proposal);
    const items = JSON.parse(exported).input;
    expect(items[9].output).toEqual([
      { stdout: expect.stringContaining('characters of the result'), stderr: '', outcome: exit(0) },
    ]);
    expect(items[9].max_output_length).toBe(4096);
    // Byte for byte before the first output array and after the last one.
    const first = TEXT.indexOf('"output": [');
    const last = TEXT.indexOf('"max_output_length"', TEXT.lastIndexOf('"output": ['));
    expect(exported.slice(0, first)).toBe(TEXT.slice(0, first));
    expect(exported.endsWith(TEXT.slice(last))).toBe(true);
    // call_b failed (R3): its output is no candidate and stays as written.
    expect(items[6]).toEqual(BODY.input[6]);
    const reread = openSource(exported).read.messages.flatMap(blocksOf);
    expect(reread.filter((b) => b.type === 'tool_result').map((r) => r.state)).toEqual(['success', 'error', 'success']);
    expect(judgeExport(source, exported).refused).toEqual([]);
  });

  it('§9 R14 drop_call removes both items; a call right after reasoning is kept for the API', () => {
    const source = openSource(TEXT);
    const proposal = proposalFromChoices(source, ['drop_call', 'drop_call', 'drop_call'], 40, true);
    expect(proposal.keptForTargets?.map((k) => [k.call_id, k.rule])).toEqual([
      ['call_a', 'responses.reasoning_followed'],
    ]);
    const exported = exportSource(source, proposal);
    const types = JSON.parse(exported).input.map((i: { type?: string; call_id?: string }) => i.call_id ?? i.type);
    expect(types).toEqual([
      undefined,
      'reasoning',
      'call_a',
      'call_a',
      'message',
      'call_b',
      'call_b',
      'message',
      'web_search_call',
      'message',
    ]);
    const judged = judgeExport(source, exported);
    expect(judged.refused).toEqual([]);
    expect(runTargetChecks(openSource(exported)).every((r) => r.status === 'pass')).toBe(true);
  });

  it('§9 responses.output_has_call: a shell_call_output whose call is gone is reported', () => {
    const orphan = { ...BODY, input: BODY.input.filter((item) => item !== CALL_C) };
    const violations = runTargetChecks(openSource(JSON.stringify(orphan))).flatMap((r) => r.violations);
    expect(violations.map((v) => v.rule)).toEqual(['responses.output_has_call']);
  });

  it('§9 codex-rollout reads a shell_call line with the same reader', () => {
    const line = (payload: unknown) =>
      JSON.stringify({ timestamp: '2026-01-02T10:00:00.000Z', type: 'response_item', payload });
    const rollout =
      [
        JSON.stringify({
          timestamp: '2026-01-02T10:00:00.000Z',
          type: 'session_meta',
          payload: { id: 's', cwd: '/w' },
        }),
        line({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list' }] }),
        line(shellCall('call_a', ['ls'])),
        line(shellOutput('call_a', [{ stdout: LONG, stderr: '', outcome: exit(0) }])),
      ].join('\n') + '\n';
    const source = openSource(rollout);
    expect(source.format).toBe('codex-rollout');
    const results = source.read.messages.flatMap(blocksOf).filter((b) => b.type === 'tool_result');
    expect(results).toMatchObject([{ id: 'call_a', name: 'shell', output: LONG, state: 'success' }]);
    const exported = exportSource(source, proposalFromChoices(source, ['drop_result'], 20, true));
    expect(JSON.parse(exported.split('\n')[3]).payload.output[0].stdout).toContain('characters of the result');
    expect(exported.split('\n').slice(0, 3).join('\n')).toBe(rollout.split('\n').slice(0, 3).join('\n'));
  });
});
