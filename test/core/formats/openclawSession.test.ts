/**
 * `openclaw-session` on the two real OpenClaw sessions in ../shared/corpus-next (inspect_scout's
 * fixtures), refused as "not a history in any known format" before this format: sub-agent work
 * seen from the orchestrator, and a `compaction` entry read as a boundary.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { liveFromMessageId } from '../../../core/formats/compactions.js';
import { detectFormats, inspectSource, openConversation, parseSource } from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { toolNamesOf } from '../../../core/inspect/toolNames.js';
import { sharedSkipReason } from '../../support/shared.js';
import { exportWithDrops, NEXT_DIR, nextText, tally } from './corpusNext.js';

const FX = 'openclaw-scout/fx-demo-cfabe24d.jsonl';
const LRU = 'openclaw-scout/lru-demo-b2e732c1.jsonl';

describe('openclaw-session (corpus-next)', () => {
  if (NEXT_DIR === null) {
    it.skip(sharedSkipReason('corpus-next'), () => {});
    return;
  }

  it('§9 detects an OpenClaw session and says what it saw', () => {
    const [best] = detectFormats(parseSource(nextText(LRU)));
    expect(best.format).toBe('openclaw-session');
    expect(best.reason).toBe('a session header (version 3) and 123 message entries linked by parentId, 1 compaction');
  });

  it('§9 one conversation each; calls and results as SOURCES.md counts them; a no-op export is the file', () => {
    expect(tally(nextText(FX))).toEqual({ conversations: 1, calls: 11, results: 11, changedByNoop: [] });
    expect(tally(nextText(LRU))).toEqual({ conversations: 1, calls: 49, results: 49, changedByNoop: [] });
  });

  it('R1 sub-agents: spawn calls answered by their results, announce and yield messages as user text', () => {
    const read = openConversation(inspectSource(nextText(FX)), 'main').read;
    const blocks = read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const spawns = blocks.filter((b) => b.type === 'tool_call' && b.name === 'sessions_spawn');
    expect(spawns).toHaveLength(3);
    expect(JSON.parse(spawns[0].input as string)).toHaveProperty('task');
    const users = read.messages.filter((m) => m.role === 'user').flatMap((m) => m.content as Array<{ text?: string }>);
    expect(users.some((b) => b.text?.includes('[Internal task completion event]'))).toBe(true);
    expect(users.some((b) => b.text?.startsWith('Waiting on 3 FX subagents'))).toBe(true);
  });

  it('§9 the compaction is a boundary: its summary starts the live context, earlier calls are outside_live_context', () => {
    const read = openConversation(inspectSource(nextText(LRU)), 'main').read;
    expect(read.compactions).toHaveLength(1);
    const [boundary] = read.compactions ?? [];
    expect(boundary.tokensBefore).toBe(81290);
    expect(read.messages[boundary.liveFrom].id).toBe('b9a9a5bb');
    expect(boundary.summary).toMatch(/^## Goal\nImplement the same LRU cache/);
    const live = liveFromMessageId(read);
    const { pairs } = analyze(read.messages, {
      eligibleToolNames: toolNamesOf(read.messages),
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
      liveFromMessageId: live,
    });
    const outside = pairs.filter((p) => p.guard === 'outside_live_context');
    expect(outside).toHaveLength(36);
    expect(pairs.filter((p) => p.guard === null)).toHaveLength(13);
  });

  for (const file of [FX, LRU])
    it(`§9 R14 ${file}: an export with drops keeps the parentId chain and every target rule`, () => {
      const inspected = inspectSource(nextText(file));
      const { source, proposal, exported, verdict } = exportWithDrops(inspected, 'main');
      expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
      expect(proposal.edits.some((e) => e.kind === 'drop')).toBe(true);
      expect(verdict.refused).toEqual([]);
      expect(verdict.reports.every((r) => r.status === 'pass')).toBe(true);
      const lines = exported.trimEnd().split('\n');
      expect(lines.length).toBeLessThan(nextText(file).trimEnd().split('\n').length);
      const kept = new Set(nextText(file).split('\n'));
      const untouched = lines.filter((line) => kept.has(line)).length;
      expect(untouched).toBeGreaterThan(lines.length / 2);
    });
});
