/**
 * Each peer policy on hand-built histories: which results its documented rule clears, when its
 * trigger fires, and that its proposal is in our own shape (§6 decisions, R3 guards kept, R13
 * rebuild), so sizes and compare read it like a model's.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { rebuild } from '../../../core/engine/rebuild.js';
import { DecisionSchema } from '../../../core/engine/schema.js';
import { toolNames } from '../../../core/eval/evaluate.js';
import type { PeerId, PeerProposal } from '../../../core/policies/peers/index.js';
import { PEER_IDS, PeerParamsError, peerRuns, proposePeer, proposeRun } from '../../../core/policies/peers/index.js';
import { History } from './fixtures.js';

/** `n` tool calls of `tool` whose outputs are `size` characters each, ids t1…tn, after one user turn. */
function toolHistory(n: number, size: number, tool: (i: number) => string = () => 'Bash'): History {
  const h = new History();
  h.user('Investigate the failing build.');
  for (let i = 1; i <= n; i++)
    h.tool(`t${i}`, tool(i), { command: `step ${i}` }, `out${i} `.repeat(size).slice(0, size));
  h.say('Done.');
  return h;
}

function propose(h: History, id: PeerId, params: unknown = {}, preserveRecentMessages = 0): PeerProposal {
  const analysis = analyze(h.messages, {
    eligibleToolNames: toolNames(h.messages),
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages,
  });
  return proposePeer(id, { messages: h.messages, analysis }, params);
}

const cleared = (p: PeerProposal) => p.decisions.filter((d) => d.reason === 'peer_cleared').map((d) => d.call_id);
const actionOf = (p: PeerProposal, callId: string) => p.decisions.find((d) => d.call_id === callId)?.action;

describe('peer policies', () => {
  it('clear_tool_uses: under the 100,000-token default trigger nothing is cleared, and the decisions say so (§6)', () => {
    const p = propose(toolHistory(8, 1000), 'clear_tool_uses');
    expect(p.fired).toBe(false);
    expect(p.note).toMatch(/trigger not reached/);
    expect(p.decisions.map((d) => d.reason)).toEqual(Array(8).fill('peer_not_triggered'));
    for (const d of p.decisions) expect(DecisionSchema.safeParse(d).success).toBe(true);
  });

  it('clear_tool_uses: past the trigger every tool use but the 3 most recent is cleared, excluded tools kept', () => {
    const h = toolHistory(8, 1000, (i) => (i === 2 ? 'Read' : 'Bash'));
    const p = propose(h, 'clear_tool_uses', { trigger: 1000, exclude_tools: ['Read'] });
    expect(p.fired).toBe(true);
    expect(cleared(p)).toEqual(['t1', 't3', 't4', 't5']);
    expect(actionOf(p, 't2')).toBe('keep');
    expect(actionOf(p, 't6')).toBe('keep');
    expect(p.truncation).toEqual({ head: 0, tail: 0 });
    // clear_tool_inputs removes the call as well; clear_at_least out of reach clears nothing.
    expect(actionOf(propose(h, 'clear_tool_uses', { trigger: 1000, clear_tool_inputs: true }), 't1')).toBe('drop_call');
    const unreachable = propose(h, 'clear_tool_uses', { trigger: 1000, clear_at_least: 1_000_000 });
    expect(unreachable.fired).toBe(false);
    expect(cleared(unreachable)).toEqual([]);
  });

  it('LangChain ClearToolUsesEdit: clear_at_least ends the clearing early, oldest first', () => {
    const h = toolHistory(8, 1000);
    expect(cleared(propose(h, 'langchain_clear_tool_uses', { trigger: 1000 }))).toEqual(['t1', 't2', 't3', 't4', 't5']);
    // Each output is 1,000 characters, 250 tokens: 600 tokens are reached on the third.
    expect(cleared(propose(h, 'langchain_clear_tool_uses', { trigger: 1000, clear_at_least: 600 }))).toEqual([
      't1',
      't2',
      't3',
    ]);
    expect(propose(h, 'langchain_clear_tool_uses').fired).toBe(false);
  });

  it('Claude Code microcompact keeps the 5 most recent results of its compactable tools, others untouched', () => {
    const h = toolHistory(9, 100, (i) => (i % 3 === 0 ? 'TodoWrite' : 'Read'));
    // Compactable (Read): t1 t2 t4 t5 t7 t8 — the oldest one goes.
    expect(cleared(propose(h, 'microcompact'))).toEqual(['t1']);
    expect(cleared(propose(h, 'microcompact', { keep_recent: 2 }))).toEqual(['t1', 't2', 't4', 't5']);
    expect(cleared(propose(h, 'microcompact', { compactable_tools: null }))).toEqual(['t1', 't2', 't3', 't4']);
    const other = propose(
      toolHistory(9, 100, () => 'bash'),
      'microcompact',
    );
    expect(other.fired).toBe(false);
    expect(other.note).toMatch(/no result of a compactable tool/);
  });

  it('opencode prune protects the newest 40,000 tokens of tool output and prunes only beyond 20,000', () => {
    // 20 outputs of 20,000 characters (5,000 tokens each), then two user turns.
    const h = toolHistory(20, 20_000);
    h.user('Keep going.');
    h.tool('late', 'Bash', { command: 'late' }, 'x'.repeat(20_000));
    h.user('And now?');
    const p = propose(h, 'opencode_prune');
    // `late` sits in the last two turns; the newest 8 outputs before them (40,000 tokens) are protected.
    expect(p.fired).toBe(true);
    expect(cleared(p)).toEqual(Array.from({ length: 12 }, (_, i) => `t${i + 1}`));
    expect(actionOf(p, 'late')).toBe('keep');
    // 12 outputs would be 60,000 prunable tokens; with 10 outputs only 10,000 are: below the minimum.
    const short = toolHistory(10, 20_000);
    short.user('Keep going.');
    short.user('And now?');
    const under = propose(short, 'opencode_prune');
    expect(under.fired).toBe(false);
    expect(under.note).toMatch(/minimum not reached/);
    expect(cleared(propose(short, 'opencode_prune', { minimum_tokens: 0 }))).toEqual(['t1', 't2']);
  });

  it('Gemini CLI truncation keeps the first 20 % and last 80 % of 40,000 characters of a longer output (R13 §9 tail)', () => {
    const h = toolHistory(2, 100);
    h.tool('big', 'run_shell_command', { command: 'cat log' }, `HEAD-${'a'.repeat(50_000)}-TAIL`);
    const p = propose(h, 'gemini_truncation');
    expect(cleared(p)).toEqual(['big']);
    expect(p.truncation).toEqual({ head: 8000, tail: 32_000 });
    const analysis = analyze(h.messages, {
      eligibleToolNames: toolNames(h.messages),
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const rebuilt = rebuild(h.messages, analysis.pairs, p.actions, {
      truncateHeadChars: 8000,
      truncateTailChars: 32_000,
      archiveRef: 'archived history',
    });
    const output = JSON.stringify(rebuilt.messages);
    expect(output).toContain('HEAD-');
    expect(output).toContain('-TAIL');
    expect(output.length).toBeLessThan(JSON.stringify(h.messages).length - 9000);
    expect(propose(toolHistory(2, 100), 'gemini_truncation').fired).toBe(false);
  });

  it('observation masking keeps the last M tool results', () => {
    expect(cleared(propose(toolHistory(6, 100), 'masking', { m: 2 }))).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('R3 R4 a peer never touches a guarded pair: it is kept with its guard as the reason', () => {
    const h = toolHistory(8, 1000);
    // The last 6 messages (t6–t8 and the closing text) are protected by the recent window.
    const p = propose(h, 'clear_tool_uses', { trigger: 0, keep: 0 }, 6);
    expect(p.decisions.filter((d) => d.reason === 'protected_message').map((d) => d.call_id)).toEqual([
      't6',
      't7',
      't8',
    ]);
    expect([...p.actions.keys()]).toHaveLength(5);
    expect(cleared(p)).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('every peer names its rule in each decision, and bad parameters are refused, not clamped', () => {
    const h = toolHistory(12, 1000);
    for (const id of PEER_IDS) {
      const p = propose(h, id);
      expect(p.decisions).toHaveLength(12);
      for (const d of p.decisions) expect(d.rule.length).toBeGreaterThan(0);
    }
    expect(() => propose(h, 'clear_tool_uses', { keep: -1 })).toThrow(PeerParamsError);
    expect(() => propose(h, 'masking', { n: 3 })).toThrow(PeerParamsError);
  });

  it('each trigger-based peer has an always-on run that fires where its defaults do not', () => {
    const h = toolHistory(8, 1000);
    const analysis = analyze(h.messages, {
      eligibleToolNames: toolNames(h.messages),
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const runs = peerRuns(PEER_IDS);
    expect(runs.map((r) => r.id)).toEqual([
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
    const fired = Object.fromEntries(runs.map((r) => [r.id, proposeRun(r, { messages: h.messages, analysis }).fired]));
    expect(fired['clear_tool_uses']).toBe(false);
    expect(fired['clear_tool_uses:always']).toBe(true);
    expect(fired['langchain_clear_tool_uses:always']).toBe(true);
  });
});
