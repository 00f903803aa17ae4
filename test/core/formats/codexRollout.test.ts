/**
 * SPEC §9 "Sources" and "Target checks" for Codex CLI rollouts: every non-item line and the
 * line order survive an export byte for byte, a `compacted` line is where the live context
 * starts (its replacement history, or its summary, read in place), errors follow Codex's
 * output conventions, and the Codex resume rules catch an orphan output.
 */
import { describe, expect, it } from 'vitest';
import { isCodexError } from '../../../core/formats/adapters/codexRollout.js';
import type { Action } from '../../../core/engine/schema.js';
import { analyze } from '../../../core/engine/guards.js';
import { blocksOf } from '../../../core/engine/pairing.js';
import { exportSource, openSource, proposalFor, unchangedProposal } from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { CODEX_ROLLOUT, CODEX_ROLLOUT_SUMMARY_ONLY, CODEX_SUMMARY } from './codexFixture.js';

/** Every tool eligible, nothing protected: each candidate takes `action`, written as the targets allow. */
function exportWith(text: string, action: Action) {
  const source = openSource(text);
  const messages = source.read.messages;
  const analysis = analyze(messages, {
    eligibleToolNames: ['shell', 'local_shell', 'apply_patch'],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map(analysis.pairs.map((p) => [p.pairId, p.guard === null ? action : 'keep']));
  const request = { options: { ...DEFAULT_OPTIONS, truncate_head_chars: 20 }, archive_ref: 'archive' };
  const proposal = proposalFor(messages, analysis.pairs, actions, request, source);
  return { source, proposal, exported: exportSource(source, proposal) };
}

const lines = (text: string) => text.split('\n');

describe('codex-rollout', () => {
  it('§9 no-op export is byte-identical; calls of every kind are read with their tool names', () => {
    const source = openSource(CODEX_ROLLOUT);
    expect(source.format).toBe('codex-rollout');
    expect(exportSource(source, unchangedProposal(source.read.messages))).toBe(CODEX_ROLLOUT);
    const calls = source.read.messages.flatMap(blocksOf).filter((b) => b.type === 'tool_call');
    expect(calls.map((c) => [c.id, c.name])).toEqual([
      ['call_1', 'shell'],
      ['call_2', 'local_shell'],
      ['call_3', 'shell'],
      ['call_4', 'apply_patch'],
      ['call_5', 'shell'],
    ]);
    expect(source.read.notes.kept).toBe(
      'lines kept in order: 1 session_meta, 1 turn_context, 1 event_msg user_message, 1 event_msg token_count, 1 event_msg context_compacted; 1 ghost_snapshot item untouched',
    );
  });

  it('§9 errors: a non-zero exit code in the shell JSON output or an "Exit code:" line', () => {
    const results = openSource(CODEX_ROLLOUT)
      .read.messages.flatMap(blocksOf)
      .filter((b) => b.type === 'tool_result');
    expect(results.map((r) => r.state)).toEqual(['success', 'error', 'success', 'success', 'success']);
    expect(isCodexError('Exit code: 2\nWall time: 0.1 seconds')).toBe(true);
    expect(isCodexError('Exit code: 0\nok')).toBe(false);
    expect(isCodexError('{"output":"x","metadata":{"exit_code":0}}')).toBe(false);
    expect(isCodexError('{not json')).toBe(false);
  });

  it('§9 a compacted line with a replacement history: the live context starts at its items', () => {
    const read = openSource(CODEX_ROLLOUT).read;
    expect(read.compactions).toHaveLength(1);
    const [boundary] = read.compactions ?? [];
    expect(boundary.summary).toBe(CODEX_SUMMARY);
    expect(boundary.path).toEqual([10]);
    // Before it: the user message, reasoning, two calls and their outputs.
    expect(boundary.liveFrom).toBe(6);
    expect(read.messages[boundary.liveFrom].content).toEqual([{ type: 'text', text: 'Fix the failing retry test.' }]);
    expect(boundary.kept).toBe('a replacement history of 4 items in place of the 6 messages before it');
  });

  it('§9 a compacted line without one: the summary is the user message Codex sends', () => {
    const read = openSource(CODEX_ROLLOUT_SUMMARY_ONLY).read;
    const [boundary] = read.compactions ?? [];
    expect(boundary.liveFrom).toBe(3);
    expect(read.messages[3]).toMatchObject({ role: 'user', content: [{ type: 'text', text: CODEX_SUMMARY }] });
  });

  it('§9 R14 drop_call removes the item lines only; every other line stays byte for byte, in order', () => {
    const { exported, proposal } = exportWith(CODEX_ROLLOUT, 'drop_call');
    // call_1 follows a reasoning item: the API needs it, so it is shortened instead (SPEC §9).
    expect(proposal.keptForTargets?.map((k) => [k.call_id, k.rule])).toEqual([
      ['call_1', 'responses.reasoning_followed'],
    ]);
    const before = lines(CODEX_ROLLOUT);
    const after = lines(exported);
    const gone = before.filter((l) => !after.includes(l));
    // call_4, call_5 and their outputs; call_1's output and the compacted line (call_3) edited;
    // call_2 failed (exit code 1), so it is no candidate and stays.
    expect(gone).toHaveLength(6);
    expect(gone.filter((l) => l.includes('"type":"compacted"'))).toHaveLength(1);
    const untouched = before.filter((l) => !/"(function_call|custom_tool_call|local_shell_call)/.test(l));
    expect(untouched.every((l) => after.includes(l))).toBe(true);
    expect(after.filter((l) => untouched.includes(l))).toEqual(untouched);
    const compacted = JSON.parse(after.find((l) => l.includes('"type":"compacted"')) as string);
    expect(compacted.payload.replacement_history).toHaveLength(2);
    expect(judgeExport(openSource(CODEX_ROLLOUT), exported).refused).toEqual([]);
  });

  it('§9 R13 drop_result shortens the output where Codex reads it, the replacement history included', () => {
    const { exported } = exportWith(CODEX_ROLLOUT, 'drop_result');
    const reread = openSource(exported).read;
    const outputs = reread.messages.flatMap(blocksOf).filter((b) => b.type === 'tool_result');
    expect(
      outputs.filter((o) => typeof o.output === 'string' && o.output.includes('characters of the result of tool call')),
    ).toHaveLength(4);
    expect(lines(exported).length).toBe(lines(CODEX_ROLLOUT).length);
  });

  it('§9 codex.output_has_call: an output whose call is gone from the resumed history', () => {
    const orphan = CODEX_ROLLOUT_SUMMARY_ONLY.split('\n')
      .filter((l) => !(l.includes('"type":"function_call","name"') && l.includes('call_b')))
      .join('\n');
    const violations = runTargetChecks(openSource(orphan)).flatMap((r) => r.violations);
    // Codex drops such an output on resume (a panic in debug builds); the API refuses it.
    expect(violations.map((v) => [v.rule, v.place.line])).toEqual([
      ['codex.output_has_call', 6],
      ['responses.output_has_call', 6],
    ]);
  });
});
