/**
 * SPEC §9 "Target checks" and R14 for Anthropic preserved thinking: a signed thinking block is
 * bound to everything before it, so an export that edits an earlier message leaves every later
 * signed block bound to a prefix the API no longer receives. The export keeps those blocks byte
 * for byte (R14) and is written with a warning naming `anthropic.thinking_prefix_bound`; thinking
 * before the first edit is not flagged.
 */
import { describe, expect, it } from 'vitest';
import { exportSource, openSource, unchangedProposal } from '../../../core/formats/index.js';
import { judgeExport, runTargetChecks } from '../../../core/formats/targets/index.js';
import { THINKING_BINDING_RULE } from '../../../core/formats/targets/thinkingBinding.js';
import { proposalFromChoices } from './support.js';

const env = { sessionId: 's', cwd: '/w', isSidechain: false, version: '2.1.0' };
const OUTPUT = 'line of a long file\n'.repeat(60);
let parent: string | null = null;
const line = (type: string, uuid: string, message: unknown) => {
  const record = { ...env, type, uuid, parentUuid: parent, message };
  parent = uuid;
  return JSON.stringify(record);
};
const thinking = (n: number) => ({ type: 'thinking', thinking: `plan ${n}`, signature: `EqQBCkgIARABGAIiQ${n}` });
const reply = (n: number, rest: unknown[]) => ({ id: `msg_${n}`, role: 'assistant', content: [thinking(n), ...rest] });
const read = (id: string, path: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: path } });
const result = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: OUTPUT }] });

const SESSION =
  [
    line('user', 'u1', { role: 'user', content: 'Find the retry bug.' }),
    line('assistant', 'a1', reply(1, [read('toolu_1', '/w/a.py')])),
    line('user', 'u2', result('toolu_1')),
    line('assistant', 'a2', reply(2, [read('toolu_2', '/w/b.py')])),
    line('user', 'u3', result('toolu_2')),
    line('assistant', 'a3', reply(3, [{ type: 'text', text: 'The bug is in b.py.' }])),
  ].join('\n') + '\n';

function exportWith(choices: Array<'keep' | 'drop_result' | 'drop_call'>) {
  const source = openSource(SESSION);
  const exported = exportSource(source, proposalFromChoices(source, choices, 40, true));
  return { source, exported, verdict: judgeExport(source, exported) };
}

const flagged = (verdict: ReturnType<typeof judgeExport>) =>
  verdict.warnings.filter((v) => v.rule === THINKING_BINDING_RULE).map((v) => v.place.message);

describe('anthropic.thinking_prefix_bound', () => {
  it('§9 R14 an edit to the first result: the two later signed blocks are flagged, kept, and the export written', () => {
    const { source, exported, verdict } = exportWith(['drop_result', 'keep']);
    expect(source.format).toBe('claude-code');
    expect(verdict.refused).toEqual([]);
    // Messages: u1, a1, u2 (edited), a2, u3, a3: a1's thinking came before the edit.
    expect(flagged(verdict)).toEqual([3, 5]);
    for (const n of [1, 2, 3]) expect(exported).toContain(JSON.stringify(thinking(n)));
    expect(runTargetChecks(source).every((r) => r.status === 'pass')).toBe(true);
  });

  it('§9 an edit after a block leaves it valid: only the thinking after the edit is flagged', () => {
    const { verdict } = exportWith(['keep', 'drop_result']);
    expect(flagged(verdict)).toEqual([5]);
  });

  it('§9 R14 drop_call removes the pair; every later signed block is flagged, none removed', () => {
    const { exported, verdict } = exportWith(['drop_call', 'keep']);
    expect(verdict.refused).toEqual([]);
    expect(flagged(verdict)).toHaveLength(2);
    for (const n of [2, 3]) expect(exported).toContain(JSON.stringify(thinking(n)));
  });

  it('§9 an export with no edit, or a plain check without a source, flags nothing', () => {
    const source = openSource(SESSION);
    expect(flagged(judgeExport(source, exportSource(source, unchangedProposal(source.read.messages))))).toEqual([]);
    expect(runTargetChecks(source).flatMap((r) => r.violations)).toEqual([]);
  });
});
