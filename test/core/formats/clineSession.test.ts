/**
 * `cline-session` beyond the shared fixture suite: the compactions Cline records (agentic
 * summaries on the shared fixture, a basic compaction's marker in a file of our own written
 * from basic-compaction.ts @ 21cb8d25), and `ToolOperationResult` outputs read as the JSON
 * text the model is sent and shortened as a string.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import type { Action } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { exportSource, openSource, proposalFor } from '../../../core/formats/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { FIXTURES, fixtureText, FORMATS_DIR } from './support.js';

const agentic = FIXTURES.find((f) => f.file.endsWith('agentic.compaction.json'));

describe.skipIf(!FORMATS_DIR || !agentic)('the agentic compaction fixture', () => {
  it('§9 the summary message is a compaction boundary: live from it, with its summary and size', () => {
    const { read } = openSource(fixtureText(agentic as (typeof FIXTURES)[number]));
    expect(read.messages).toHaveLength(3);
    expect(read.compactions).toHaveLength(1);
    const [boundary] = read.compactions ?? [];
    expect(boundary).toMatchObject({ liveFrom: 0, tokensBefore: 21919, path: ['messages', 0] });
    expect(boundary.summary).toMatch(/^## Goal\nAlign spacing/);
  });
});
if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

const long = 'export const x = 1;\n'.repeat(100);
const session = {
  version: 1,
  updated_at: '2026-07-16T00:00:00.000Z',
  agent: 'lead',
  sessionId: 's_basic',
  messages: [
    {
      id: 'msg_1',
      role: 'user',
      content: [
        { type: 'text', text: 'fix the sidebar' },
        {
          type: 'text',
          text: '<SYSTEM_NOTICE>\nEarlier context was compacted. Summary of your actions after the request above:\n- read 2 files</SYSTEM_NOTICE>',
        },
      ],
      metadata: { kind: 'compaction', reason: 'auto_compaction', displayRole: 'system', messagesRemoved: 14 },
      ts: 1,
    },
    {
      id: 'msg_2',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_files', input: { files: [{ path: 'a.tsx' }] } }],
      ts: 2,
    },
    {
      id: 'msg_3_tool_toolu_1',
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          name: 'read_files',
          content: [{ query: 'a.tsx', result: long, success: true }],
        },
      ],
      ts: 3,
    },
    {
      id: 'msg_4',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_2', name: 'read_files', input: { files: [{ path: 'b.tsx' }] } }],
      ts: 4,
    },
    {
      id: 'msg_5_tool_toolu_2',
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_2',
          name: 'read_files',
          content: [{ query: 'b.tsx', result: null, error: 'ENOENT', success: false }],
        },
      ],
      ts: 5,
    },
    { id: 'msg_6', role: 'assistant', content: [{ type: 'text', text: 'done' }], ts: 6 },
  ],
  system_prompt: 'You are Cline.',
};
const text = JSON.stringify(session, null, 2);
/** Block `b` of message `m` of the session, as written above. */
const blockAt = (m: number, b: number) => session.messages[m].content[b] as Record<string, unknown>;

describe('a basic compaction and ToolOperationResult outputs (our own file)', () => {
  it('§9 the basic compaction marker is a boundary with its trigger and <SYSTEM_NOTICE> text', () => {
    const { read } = openSource(text);
    expect(read.compactions).toEqual([
      {
        liveFrom: 0,
        kept: expect.stringContaining('14 messages removed') as string,
        summary: blockAt(0, 1).text,
        trigger: 'auto_compaction',
        path: ['messages', 0],
      },
    ]);
  });

  it('§9 R3 a ToolOperationResult list reads as its JSON text; success: false is an error', () => {
    const { read } = openSource(text);
    const result = (i: number) => (read.messages[i].content as Array<Record<string, unknown>>)[0];
    expect(result(2)).toMatchObject({
      output: JSON.stringify(blockAt(2, 0).content),
      state: 'success',
    });
    expect(result(4)).toMatchObject({ state: 'error' });
  });

  it('§9 R13 drop_result writes the shortened text as a string; everything else stays', () => {
    const source = openSource(text);
    const messages = source.read.messages;
    const analysis = analyze(messages, {
      eligibleToolNames: ['read_files'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const actions = new Map<string, Action>(analysis.pairs.map((p) => [p.pairId, 'drop_result']));
    const out = JSON.parse(
      exportSource(
        source,
        proposalFor(messages, analysis.pairs, actions, { options: DEFAULT_OPTIONS, archive_ref: 'a' }, source),
      ),
    ) as typeof session;
    const shortened = (out.messages[2].content[0] as { content: unknown }).content;
    expect(typeof shortened).toBe('string');
    expect(shortened as string).toContain('toolu_1');
    expect((shortened as string).length).toBeLessThan(long.length);
    expect({ ...out, messages: out.messages.filter((_, i) => i !== 2) }).toEqual({
      ...session,
      messages: session.messages.filter((_, i) => i !== 2),
    });
  });
});
