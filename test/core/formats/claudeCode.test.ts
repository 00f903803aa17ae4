/**
 * claude-code specifics (SPEC §9): one reply over several lines is one message, a removed
 * line's children are re-linked to its parent so the uuid chain stays whole, sidechains are
 * their own conversation, and lines that are not messages are written back byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { exportSource, inspectSource, openSource, proposalFor } from '../../../core/formats/index.js';

const env = { sessionId: 's', cwd: '/w', isSidechain: false };
const records = [
  { type: 'summary', summary: 'earlier', leafUuid: 'a2' },
  { ...env, type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'go' } },
  {
    ...env,
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    message: { id: 'msg_1', role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: 'sig' }] },
  },
  {
    ...env,
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'a1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'Grep', input: { pattern: 'x' } }],
    },
  },
  {
    ...env,
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a2',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'hit' }], is_error: true }],
    },
  },
  {
    ...env,
    type: 'assistant',
    uuid: 'a3',
    parentUuid: 'u2',
    isSidechain: true,
    agentId: 'ag1',
    message: { id: 'msg_9', role: 'assistant', content: [{ type: 'text', text: 'side' }] },
  },
  { ...env, type: 'system', uuid: 's1', parentUuid: 'u2', subtype: 'stop_hook_summary', toolUseID: 'x' },
  {
    ...env,
    type: 'assistant',
    uuid: 'a4',
    parentUuid: 's1',
    message: { id: 'msg_2', role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
  },
];
const text = records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('claude-code', () => {
  it('§9 the lines of one reply are one message; is_error is the error state; sidechains are a conversation of their own', () => {
    const source = inspectSource(text);
    expect(source.format).toBe('claude-code');
    expect(source.conversations.map((c) => c.key)).toEqual(['main', 'sidechain:ag1']);
    const main = openSource(text, { conversation: 'main' }).read;
    expect(main.messages.map((m) => m.id)).toEqual(['u1', 'msg_1', 'u2', 'msg_2']);
    expect(main.messages[1].content).toEqual([
      { type: 'thinking', thinking: 'hm', signature: 'sig' },
      { type: 'tool_call', id: 't1', name: 'Grep', input: '{"pattern":"x"}', state: 'finished' },
    ]);
    expect(main.messages[2].content).toEqual([
      { type: 'tool_result', id: 't1', name: 'Grep', output: [{ type: 'text', text: 'hit' }], state: 'error' },
    ]);
    expect(main.map.records[1]).toEqual([[2], [3]]);
    expect(main.notes.kept).toBe('1 summary, 1 system, 1 message records of other conversations');
    expect(main.notes.thinking).toMatch(/^1 thinking block: kept unmodified in every reply that keeps a call or text/);
    expect(openSource(text, { conversation: 'sidechain:ag1' }).read.messages.map((m) => m.id)).toEqual(['msg_9']);
  });

  it('§9 R14 a removed line’s children and summary leaf point to its nearest surviving ancestor', () => {
    const source = openSource(text, { conversation: 'main' });
    const analysis = analyze(source.read.messages, {
      eligibleToolNames: [],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    expect(analysis.pairs).toHaveLength(1);
    const actions = new Map<string, Action>([[analysis.pairs[0].pairId, 'drop_call']]);
    const proposal = proposalFor(
      source.read.messages,
      analysis.pairs,
      actions,
      { options: DEFAULT_OPTIONS, archive_ref: 'a' },
      source,
    );
    const out = exportSource(source, proposal).trimEnd().split('\n');
    const lines = out.map((l) => JSON.parse(l));
    // The reply's only call went, so its thinking line a1 went with it: Claude Code replays no
    // reply of thinking alone (claudeRecords.ts `thinkingOnly`).
    expect(lines.map((l) => l.uuid ?? l.type)).toEqual(['summary', 'u1', 'a3', 's1', 'a4']);
    expect(lines[0].leafUuid).toBe('u1');
    // u2 (the result line) went: its children now hang from u1, the nearest surviving line.
    expect(lines[2].parentUuid).toBe('u1');
    expect(lines[3].parentUuid).toBe('u1');
    // Lines nothing touched are the original text.
    expect(out[1]).toBe(text.split('\n')[1]);
    expect(out[4]).toBe(text.split('\n')[7]);
    expect(openSource(out.join('\n'), { conversation: 'main' }).read.messages).toEqual(proposal.messages);
  });
});

/** The fixture with the removed lines' parents changed, exported with the one call dropped. */
function exportWithParents(parents: Record<string, string | null>): Array<Record<string, unknown>> {
  const changed = records.map((r) => ('uuid' in r && r.uuid in parents ? { ...r, parentUuid: parents[r.uuid] } : r));
  const source = openSource(changed.map((r) => JSON.stringify(r)).join('\n') + '\n', { conversation: 'main' });
  const analysis = analyze(source.read.messages, {
    eligibleToolNames: [],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map<string, Action>([[analysis.pairs[0].pairId, 'drop_call']]);
  const proposal = proposalFor(source.read.messages, analysis.pairs, actions, {
    options: DEFAULT_OPTIONS,
    archive_ref: 'a',
  });
  return exportSource(source, proposal)
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every uuid-naming key of every kept line names a kept line (or nothing). */
function expectNoLinkToRemoved(lines: Array<Record<string, unknown>>, removedUuids: string[]): void {
  for (const line of lines)
    for (const key of ['parentUuid', 'logicalParentUuid', 'leafUuid'])
      expect(removedUuids, `${String(line.uuid ?? line.type)}.${key}`).not.toContain(line[key]);
}

describe('claude-code thinking (Anthropic Messages: the latest turn’s thinking unmodified while it uses tools)', () => {
  it('§9 a reply that keeps a call keeps its thinking line byte for byte; only the result is shortened', () => {
    const source = openSource(text, { conversation: 'main' });
    const analysis = analyze(source.read.messages, {
      eligibleToolNames: [],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const actions = new Map<string, Action>([[analysis.pairs[0].pairId, 'drop_result']]);
    const proposal = proposalFor(source.read.messages, analysis.pairs, actions, {
      options: { ...DEFAULT_OPTIONS, truncate_head_chars: 0 },
      archive_ref: 'a',
    });
    const out = exportSource(source, proposal).trimEnd().split('\n');
    expect(out.map((l) => (JSON.parse(l) as { uuid?: string }).uuid ?? 'summary')).toContain('a1');
    expect(out[2]).toBe(text.split('\n')[2]);
    expect(out[3]).toBe(text.split('\n')[3]);
  });
});

describe('claude-code re-linking on broken chains', () => {
  it('§9 R14 removed lines whose parents form a cycle: the export ends and no kept line points at them', () => {
    const lines = exportWithParents({ a2: 'u2', u2: 'a2' });
    expect(lines.map((l) => l.uuid ?? l.type)).toEqual(['summary', 'u1', 'a3', 's1', 'a4']);
    expectNoLinkToRemoved(lines, ['a1', 'a2', 'u2']);
    // No surviving ancestor: the children become roots, as a session's first line is.
    expect(lines[2].parentUuid).toBeNull();
    expect(lines[3].parentUuid).toBeNull();
    expect(lines[0].leafUuid).toBeNull();
  });

  it('§9 R14 a removed line that names itself as parent: its children become roots, never point at it', () => {
    const lines = exportWithParents({ u2: 'u2' });
    expectNoLinkToRemoved(lines, ['a1', 'a2', 'u2']);
    expect(lines[2].parentUuid).toBeNull();
    // a2 names a1, which went with it, and a1 names u1: the summary's leaf finds u1.
    expect(lines[0].leafUuid).toBe('u1');
  });
});
