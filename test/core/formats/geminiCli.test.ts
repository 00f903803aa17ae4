/**
 * `gemini-cli` beyond the shared fixture suite: the JSON Lines rules of the CLI's loader (the
 * later record of an id wins in place, `$rewindTo`, `$set.messages` checkpoints), records that
 * resume does not send, the modern layout whose content repeats each call as a functionCall
 * part, and the resume target's rules. The recordings here are our own, written from
 * chatRecordingTypes.ts @ 5411f113 (no real public recording exists; SOURCES.md).
 */
import { describe, expect, it } from 'vitest';
import { exportSource, openSource, proposalFor } from '../../../core/formats/index.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';

const meta = { sessionId: 's-1', projectHash: 'p', startTime: 't0', lastUpdated: 't1' };
const call = (id: string, output: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: 'read_file',
  args: { file_path: `${id}.ts` },
  result: [{ functionResponse: { id, name: 'read_file', response: { output } } }],
  status: 'success',
  timestamp: 't',
  resultDisplay: output,
  ...extra,
});
const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const long = 'file line\n'.repeat(200);

/** Every unguarded pair takes `action`; every tool eligible, no recent window. */
function compactAll(text: string, action: Action): string {
  const source = openSource(text);
  const messages = source.read.messages;
  const analysis = analyze(messages, {
    eligibleToolNames: ['read_file'],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map<string, Action>(analysis.pairs.map((p) => [p.pairId, p.guard === null ? action : 'keep']));
  const proposal = proposalFor(
    messages,
    analysis.pairs,
    actions,
    { options: DEFAULT_OPTIONS, archive_ref: 'a' },
    source,
  );
  return exportSource(source, proposal);
}

describe('gemini-cli JSON Lines', () => {
  const text = lines(
    meta,
    { id: 'u1', timestamp: 't', type: 'user', content: [{ text: 'read a' }] },
    {
      id: 'g1',
      timestamp: 't',
      type: 'gemini',
      content: '',
      toolCalls: [{ ...call('a', ''), result: null, status: 'executing' }],
    },
    { id: 'g1', timestamp: 't', type: 'gemini', content: '', toolCalls: [call('a', long)] },
    { $set: { lastUpdated: 't2' } },
    { id: 'i1', timestamp: 't', type: 'info', content: 'Model switched' },
    { id: 'u2', timestamp: 't', type: 'user', content: '/stats' },
    { id: 'u3', timestamp: 't', type: 'user', content: 'wrong turn' },
    { $rewindTo: 'u3' },
    { id: 'u4', timestamp: 't', type: 'user', content: 'now b' },
  );

  it('§9 the later record of an id wins in place; rewound, info and command records are no messages', () => {
    const { read } = openSource(text);
    expect(read.messages.map((m) => m.id)).toEqual(['u1', 'g1', 'u4']);
    expect(read.map.records).toEqual([[[1]], [[3]], [[9]]]);
    const [callBlock, result] = read.messages[1].content as Array<Record<string, unknown>>;
    expect(callBlock).toMatchObject({ type: 'tool_call', id: 'a', state: 'finished', input: '{"file_path":"a.ts"}' });
    expect(result).toMatchObject({ type: 'tool_result', id: 'a', output: long, state: 'success' });
    expect(read.notes.kept).toContain('1 info/error/warning records, 1 user commands');
  });

  it('§9 R13 drop_result edits only the live line; every other line is byte-identical', () => {
    const out = compactAll(text, 'drop_result');
    const before = text.split('\n');
    const after = out.split('\n');
    expect(after).toHaveLength(before.length);
    after.forEach((line, i) => (i === 3 ? expect(line).not.toBe(before[i]) : expect(line).toBe(before[i])));
    const edited = JSON.parse(after[3]) as {
      toolCalls: Array<{
        result: Array<{ functionResponse: { response: { output: string } } }>;
        resultDisplay: string;
      }>;
    };
    expect(edited.toolCalls[0].result[0].functionResponse.response.output).toContain('omitted');
    // What only the UI shows is not sent on resume: it stays.
    expect(edited.toolCalls[0].resultDisplay).toBe(long);
  });

  it('§9 R14 drop_call empties the live reply in place (removing the line would revive the superseded one)', () => {
    const out = compactAll(text, 'drop_call');
    const reread = openSource(out);
    expect(reread.read.messages.map((m) => m.id)).toEqual(['u1', 'u4']);
    expect(JSON.parse(out.split('\n')[3])).toMatchObject({ id: 'g1', content: '', toolCalls: [] });
  });

  it('§9 a $set.messages checkpoint replaces every earlier message', () => {
    const checkpoint = lines(
      meta,
      { id: 'u1', timestamp: 't', type: 'user', content: 'old' },
      { $set: { messages: [{ id: 'u9', timestamp: 't', type: 'user', content: 'kept' }] } },
    );
    const { read } = openSource(checkpoint);
    expect(read.messages.map((m) => m.id)).toEqual(['u9']);
    expect(read.map.records).toEqual([[[2, '$set', 'messages', 0]]]);
  });
});

describe('gemini-cli modern records (content holds the calls)', () => {
  const recording = {
    ...meta,
    messages: [
      { id: 'u1', timestamp: 't', type: 'user', content: 'read both' },
      {
        id: 'g1',
        timestamp: 't',
        type: 'gemini',
        content: [
          { text: 'weighing it', thought: true },
          { functionCall: { id: 'a', name: 'read_file', args: { file_path: 'a.ts' } } },
          { functionCall: { id: 'b', name: 'read_file', args: { file_path: 'b.ts' } } },
        ],
        thoughts: [{ subject: 'ignored', description: 'content is the source of truth', timestamp: 't' }],
        toolCalls: [call('a', long), call('b', 'short', { status: 'error' })],
      },
      { id: 'g2', timestamp: 't', type: 'gemini', content: 'done' },
    ],
  };
  const text = JSON.stringify(recording, null, 2);

  it('§9 thinking comes from the content parts, calls from toolCalls; status error is an error', () => {
    const { read } = openSource(text);
    expect((read.messages[1].content as Array<{ type: string; state?: string }>).map((b) => b.state ?? b.type)).toEqual(
      ['thinking', 'finished', 'success', 'finished', 'error'],
    );
  });

  it('§9 R14 drop_call removes the toolCalls entry and its functionCall part together; the resume rules hold', () => {
    const out = compactAll(text, 'drop_call');
    const written = JSON.parse(out) as typeof recording;
    expect(written.messages[1].content).toEqual([recording.messages[1].content[0], recording.messages[1].content[2]]);
    expect(written.messages[1].toolCalls?.map((c) => c.id)).toEqual(['b']);
    expect(runTargetChecks(openSource(out)).flatMap((r) => r.violations)).toEqual([]);
  });

  it('§9 gemini-cli.content_call_recorded and response_matches_call name the place that breaks them', () => {
    const broken = structuredClone(recording);
    broken.messages[1].toolCalls = [
      { ...call('a', 'x'), result: [{ functionResponse: { id: 'z', name: 'grep', response: { output: 'x' } } }] },
    ];
    const violations = runTargetChecks(openSource(JSON.stringify(broken))).flatMap((r) => r.violations);
    expect(violations.map((v) => [v.rule, v.place.path])).toEqual([
      ['gemini-cli.content_call_recorded', '$.messages[1].content[2]'],
      ['gemini-cli.response_matches_call', '$.messages[1].toolCalls[0]'],
    ]);
  });
});
