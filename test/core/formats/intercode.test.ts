/**
 * `intercode` on the real InterCode-Bash results in ../shared/corpus-next (60 episodes of
 * eval_react.py, gpt-3.5), refused as "not a history in any known format" before this format:
 * each episode is a conversation, each turn a thought and an action answered by its observation.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, inspectSource, openConversation, parseSource } from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { exportWithDrops, NEXT_DIR, nextText, tally } from './corpusNext.js';

const FILE = 'intercode-bash/ic_bash_react_10_turns_fs_1-gpt-3.5.json';

describe('intercode (corpus-next)', () => {
  if (NEXT_DIR === null) {
    it.skip(sharedSkipReason('corpus-next'), () => {});
    return;
  }

  it('§9 detects InterCode results and says what it saw', () => {
    const [best] = detectFormats(parseSource(nextText(FILE)));
    expect(best.format).toBe('intercode');
    expect(best.reason).toBe(
      '60 InterCode episodes (ic_bash) with turn_history thoughts/actions/observations; 290 turns',
    );
  });

  it('§9 each episode is a conversation; 290 calls, 290 results; a no-op export is the file', () => {
    expect(tally(nextText(FILE))).toEqual({ conversations: 60, calls: 290, results: 290, changedByNoop: [] });
    const inspected = inspectSource(nextText(FILE));
    expect(inspected.conversations[0].key).toBe('0');
    expect(inspected.conversations[0].label).toMatch(/^task 0: Calculate a list of duplicate md5/);
  });

  it('R1 R3 the query, then thought and action answered by the observation; valid_action false is an error', () => {
    const read = openConversation(inspectSource(nextText(FILE)), '0').read;
    expect(read.messages.map((m) => m.role).slice(0, 4)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const [thought, call] = read.messages[1].content as Array<Record<string, unknown>>;
    expect(thought.text).toMatch(/^Find all files with the `.java` extension/);
    expect(call).toMatchObject({ type: 'tool_call', id: 'c1', name: 'bash' });
    expect(JSON.parse(call.input as string).command).toMatch(/^execute\[find \/testbed/);
    const inspected = inspectSource(nextText(FILE));
    const states = inspected.conversations.flatMap(({ key }) =>
      openConversation(inspected, key).read.messages.flatMap((m) =>
        (m.content as Array<Record<string, unknown>>).filter((b) => b.type === 'tool_result').map((b) => b.state),
      ),
    );
    expect(states.filter((s) => s === 'error')).toHaveLength(54);
  });

  it('§9 R14 an export with drops keeps every call (the turn lists stay aligned) and every rule', () => {
    const inspected = inspectSource(nextText(FILE));
    let kept = 0;
    for (const { key } of inspected.conversations) {
      const { source, proposal, exported, verdict } = exportWithDrops(inspected, key);
      expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
      expect(verdict.refused).toEqual([]);
      expect(verdict.reports.map((r) => r.status)).toEqual(['pass']);
      kept += proposal.keptForTargets?.length ?? 0;
      expect(proposal.keptForTargets?.every((k) => k.rule === 'intercode.turn_lists')).toBe(true);
      const after = openConversation(inspectSource(exported), key).read.messages;
      expect(after).toHaveLength(source.read.messages.length);
    }
    expect(kept).toBeGreaterThan(100);
  });

  it('§9 intercode.turn_lists fails where a turn list lost an entry', () => {
    const broken = JSON.parse(nextText(FILE)) as Record<string, { turn_history: { rewards: unknown[] } }>;
    broken['3'].turn_history.rewards.pop();
    const source = openConversation(inspectSource(JSON.stringify(broken, null, 2)), '3');
    const [report] = runTargetChecks(source);
    expect(report.violations.map((v) => [v.rule, v.place.path])).toEqual([
      ['intercode.turn_lists', '$.3.turn_history.rewards'],
    ]);
  });
});
