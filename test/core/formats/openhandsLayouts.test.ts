/**
 * `openhands` on the two older layouts of real OpenHands output in ../shared/corpus-next: the
 * 2024-05 CodeAct evaluation output, whose `history` is `[action, observation]` pairs, and the
 * resolver's output, `{issue, history}` with id-less `asdict` events. Both were refused as "not
 * a history in any known format" before these layouts were read.
 */
import { describe, expect, it } from 'vitest';
import {
  countToolBlocks,
  detectFormats,
  inspectSource,
  openConversation,
  parseSource,
} from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { exportWithDrops, NEXT_DIR, nextText, tally } from './corpusNext.js';

const PAIRS = 'openhands-v0/prontoqa-gpt4o-output.jsonl';
const RESOLVER = 'openhands-v0/resolver-mock-output.jsonl';

describe('openhands: pairs and resolver layouts (corpus-next)', () => {
  if (NEXT_DIR === null) {
    it.skip(sharedSkipReason('corpus-next'), () => {});
    return;
  }

  it('§9 detects each layout and says which', () => {
    const pairs = detectFormats(parseSource(nextText(PAIRS)))[0];
    expect(pairs.format).toBe('openhands');
    expect(pairs.reason).toContain('[action, observation] pairs');
    const resolver = detectFormats(parseSource(nextText(RESOLVER)))[0];
    expect(resolver.format).toBe('openhands');
    expect(resolver.reason).toContain('without ids');
  });

  it('§9 every run is a conversation; calls and results as SOURCES.md counts them', () => {
    expect(tally(nextText(PAIRS))).toEqual({ conversations: 6, calls: 17, results: 11, changedByNoop: [] });
    expect(tally(nextText(RESOLVER))).toEqual({ conversations: 2, calls: 26, results: 24, changedByNoop: [] });
    expect(inspectSource(nextText(RESOLVER)).conversations.map((c) => c.key)).toEqual(['issue-5', 'issue-1']);
  });

  it('R1 a pair’s observation answers its action; a null observation answers nothing', () => {
    const inspected = inspectSource(nextText(PAIRS));
    const { source } = exportWithDrops(inspected, inspected.conversations[0].key);
    const blocks = source.read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const calls = blocks.filter((b) => b.type === 'tool_call');
    expect(calls.map((b) => b.name)).toEqual(['run_ipython', 'run_ipython', 'finish']);
    expect(blocks.filter((b) => b.type === 'tool_result').map((b) => b.id)).toEqual(calls.slice(0, 2).map((b) => b.id));
  });

  it('R3 a resolver run reads exit_code from the flat observation; the task is the user’s', () => {
    const inspected = inspectSource(nextText(RESOLVER));
    const { source } = exportWithDrops(inspected, 'issue-5');
    const runs = source.read.messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result' && b.name === 'run') : [],
    );
    expect(runs.map((b) => b.state)).toEqual(['success', 'success']);
    const failed = inspectSource(nextText(RESOLVER).replace('"exit_code":0', '"exit_code":2'));
    const first = exportWithDrops(failed, 'issue-5').source.read.messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result') : [],
    )[0];
    expect(first.state).toBe('error');
    expect(source.read.messages[0].role).toBe('user');
  });

  for (const file of [PAIRS, RESOLVER])
    it(`§9 R14 ${file}: an export with drops keeps every target rule and removes calls`, () => {
      const inspected = inspectSource(nextText(file));
      for (const { key } of inspected.conversations) {
        const { source, proposal, exported, verdict } = exportWithDrops(inspected, key);
        expect(verdict.refused).toEqual([]);
        expect(verdict.reports.every((r) => r.status === 'pass')).toBe(true);
        expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
        const reread = openConversation(inspectSource(exported), key).read.messages;
        const drops = proposal.edits.filter((e) => e.kind === 'drop').length;
        expect(countToolBlocks(reread).calls).toBe(countToolBlocks(source.read.messages).calls - drops);
      }
    });

  it('§9 R14 a dropped pair goes whole; a thought stays as the message OpenHands writes, with a null observation', () => {
    const inspected = inspectSource(nextText(PAIRS));
    const key = inspected.conversations[0].key;
    const { exported } = exportWithDrops(inspected, key);
    const run = JSON.parse(exported.split('\n')[0]) as { history: Array<Array<Record<string, unknown>>> };
    const original = JSON.parse(nextText(PAIRS).split('\n')[0]) as typeof run;
    expect(run.history).toHaveLength(original.history.length);
    const replaced = run.history[1];
    expect(replaced[0].action).toBe('message');
    expect((replaced[0].args as Record<string, unknown>).content).toBe(
      (original.history[1][0].args as Record<string, unknown>).thought,
    );
    expect(replaced[1]).toEqual({ message: 'No observation', observation: 'null', content: '', extras: {} });
  });
});
