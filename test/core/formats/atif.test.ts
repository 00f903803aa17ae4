/**
 * SPEC §9 "Sources" and "Target checks" for ATIF trajectories (our own fixture, atifFixture.ts):
 * detection with a reason, a step read as the agent's message and its observation, results
 * paired with the calls of their own step, writes that keep every step (so step ids stay
 * 1, 2, …) and the byte-preserving splice, and the schema's rules.
 */
import { describe, expect, it } from 'vitest';
import { blocksOf } from '../../../core/engine/pairing.js';
import {
  detectFormats,
  exportSource,
  openSource,
  parseSource,
  unchangedProposal,
} from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import { ATIF_TEXT, ATIF_TRAJECTORY } from './atifFixture.js';
import { proposalFromChoices } from './support.js';

const violations = (value: unknown) =>
  runTargetChecks(openSource(JSON.stringify(value))).flatMap((r) => r.violations.map((v) => [v.rule, v.place.path]));

describe('atif', () => {
  it('§9 an ATIF document is atif only, with the version and counts as its reason', () => {
    expect(detectFormats(parseSource(ATIF_TEXT))).toEqual([
      { format: 'atif', confidence: 0.99, reason: 'an ATIF-v1.7 trajectory of 6 steps with 4 tool_calls' },
    ]);
  });

  it('§9 steps become messages; results pair with their step’s calls; other results are text', () => {
    const { read } = openSource(ATIF_TEXT);
    expect(read.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'system',
      'user',
      'assistant',
    ]);
    const blocks = read.messages.flatMap(blocksOf);
    expect(blocks.filter((b) => b.type === 'tool_call').map((b) => [b.id, b.name, b.input])).toEqual([
      ['call_ls', 'bash', '{"command":"ls -la"}'],
      ['call_cat', 'bash', '{"command":"cat missing.txt"}'],
      ['call_write', 'bash', `{"command":"echo 'Hello' > hello.txt"}`],
      ['call_sub', 'delegate', '{"task":"review"}'],
    ]);
    // R3: "Error:" marks an error (no flag in the format).
    expect(blocks.filter((b) => b.type === 'tool_result').map((b) => [b.id, b.state])).toEqual([
      ['call_ls', 'success'],
      ['call_cat', 'error'],
      ['call_write', 'success'],
      ['call_sub', 'success'],
    ]);
    expect(blocksOf(read.messages[2])[0]).toEqual({
      type: 'thinking',
      thinking: 'I need to see the tree before writing.',
    });
    expect(blocksOf(read.messages[7])).toEqual([{ type: 'text', text: 'checkpoint saved' }]);
    expect(read.notes.kept).toMatch(/1 embedded subagent trajectories and 1 subagent references untouched/);
    expect(read.notes.thinking).toBe('1 reasoning_content strings, written back unchanged');
  });

  it('§9 R13 drop_result shortens the content in its own shape; everything else byte for byte', () => {
    const source = openSource(ATIF_TEXT);
    expect(exportSource(source, unchangedProposal(source.read.messages))).toBe(ATIF_TEXT);
    const exported = exportSource(
      source,
      proposalFromChoices(source, ['drop_result', 'keep', 'drop_result'], 30, true),
    );
    const steps = JSON.parse(exported).steps;
    expect(steps[2].observation.results[0].content).toMatch(
      /^total 48\n.*characters of the result of tool call call_ls/s,
    );
    expect(steps[3].observation.results[0].content).toEqual([
      { type: 'text', text: expect.stringContaining('characters of the result of tool call call_write') },
    ]);
    const cut = ATIF_TEXT.indexOf('"content": "total 48');
    expect(exported.slice(0, cut)).toBe(ATIF_TEXT.slice(0, cut));
    expect(exported.endsWith(ATIF_TEXT.slice(ATIF_TEXT.indexOf('"source_call_id": "call_sub"')))).toBe(true);
    expect(judgeExport(source, exported).refused).toEqual([]);
  });

  it('§9 R14 drop_call removes the call and its result, never the step; emptied keys go', () => {
    const source = openSource(ATIF_TEXT);
    const exported = exportSource(
      source,
      proposalFromChoices(source, ['drop_call', 'keep', 'drop_call', 'drop_call'], 30, true),
    );
    const steps = JSON.parse(exported).steps;
    expect(steps.map((s: { step_id: number }) => s.step_id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(steps[2].tool_calls.map((c: { tool_call_id: string }) => c.tool_call_id)).toEqual(['call_cat']);
    expect(steps[2].observation.results.map((r: { source_call_id: string }) => r.source_call_id)).toEqual(['call_cat']);
    // Step 4 lost both calls: its tool_calls and observation keys go, the step stays (R14).
    expect(steps[3]).toEqual({
      step_id: 4,
      timestamp: '2026-10-01T10:00:09Z',
      source: 'agent',
      message: '',
      metrics: { prompt_tokens: 700, completion_tokens: 40 },
    });
    expect(judgeExport(source, exported).refused).toEqual([]);
    expect(JSON.parse(exported).subagent_trajectories).toEqual(ATIF_TRAJECTORY.subagent_trajectories);
  });

  it('§9 the schema’s rules: sequential step ids, results of the same step, unique ids, agent-only fields', () => {
    expect(violations(ATIF_TRAJECTORY)).toEqual([]);
    const steps = structuredClone(ATIF_TRAJECTORY.steps) as Array<Record<string, unknown>>;
    steps[1] = { ...steps[1], step_id: 7, metrics: { prompt_tokens: 1 } };
    steps[3] = {
      ...steps[3],
      tool_calls: [
        { tool_call_id: 'call_write', function_name: 'bash', arguments: {} },
        { tool_call_id: 'call_write', function_name: 'bash', arguments: {} },
      ],
    };
    expect(violations({ ...ATIF_TRAJECTORY, steps })).toEqual([
      ['atif.step_ids_sequential', '$.steps[1].step_id'],
      ['atif.agent_only_fields', '$.steps[1].metrics'],
      ['atif.call_ids_unique', '$.steps[3].tool_calls[1]'],
      ['atif.result_has_call', '$.steps[3].observation.results[1]'],
    ]);
  });
});
