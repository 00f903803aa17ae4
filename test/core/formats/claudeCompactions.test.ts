/**
 * Compaction boundaries Claude Code recorded (SPEC §9 "Sources"; ReadConversation.compactions):
 * where the live context starts after a `compact_boundary` line, what was kept, the summary
 * text of the `isCompactSummary` line, in a session file and in the SDK's stream.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveMessages } from '../../../core/formats/compactions.js';
import { exportSource, openSource, unchangedProposal } from '../../../core/formats/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { FORMATS_DIR } from './support.js';

const lines = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('Claude Code compaction boundaries', () => {
  it.skipIf(!FORMATS_DIR)('§9 the compacted session fixture: one boundary, live from the summary line', () => {
    const text = readFileSync(
      join(FORMATS_DIR as string, 'claude-code-jsonl/inspect-scout-compaction-session.jsonl'),
      'utf8',
    );
    const { read } = openSource(text);
    expect(read.messages.map((m) => m.id)).toEqual([
      'compact-001',
      'msg_assistant_040',
      'compact-004',
      'compact-005',
      'msg_assistant_041',
    ]);
    expect(read.compactions).toEqual([
      {
        liveFrom: 2,
        kept: 'a summary message in place of 2 earlier messages',
        summary: expect.stringMatching(/^Summary of previous conversation: The user started a long conversation/),
        trigger: 'auto',
        tokensBefore: 50000,
        path: [2],
      },
    ]);
    // eval measures the live context only: the summary line and what follows it.
    expect(liveMessages(read).map((m) => m.id)).toEqual(['compact-004', 'compact-005', 'msg_assistant_041']);
    // Reading boundaries changes nothing written: a no-op export is the file.
    expect(exportSource(openSource(text), unchangedProposal(read.messages))).toBe(text);
  });
  if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

  it('§9 stream-json: snake_case metadata, two boundaries, a reply split by one is two messages, sub-agent boundaries apart', () => {
    const s = { session_id: 'x' };
    const text = lines([
      { type: 'system', subtype: 'init', ...s },
      { type: 'user', message: { role: 'user', content: 'start' }, ...s },
      { type: 'assistant', message: { id: 'r1', role: 'assistant', content: [{ type: 'text', text: 'a' }] }, ...s },
      { type: 'system', subtype: 'compact_boundary', compact_metadata: { trigger: 'manual', pre_tokens: 900 }, ...s },
      { type: 'assistant', message: { id: 'r1', role: 'assistant', content: [{ type: 'text', text: 'b' }] }, ...s },
      {
        type: 'system',
        subtype: 'compact_boundary',
        compact_metadata: {
          trigger: 'auto',
          pre_tokens: 1200,
          preserved_messages: { anchor_uuid: 'u', uuids: ['p', 'q'] },
        },
        ...s,
      },
      {
        type: 'system',
        subtype: 'compact_boundary',
        compact_metadata: { trigger: 'auto', pre_tokens: 5 },
        parent_tool_use_id: 'toolu_9',
        ...s,
      },
      { type: 'user', message: { role: 'user', content: 'go on' }, ...s },
    ]);
    const { read } = openSource(text, { format: 'claude-stream-json', conversation: 'main' });
    expect(read.messages.map((m) => m.id)).toEqual(['m1', 'r1', 'm3', 'm4']);
    expect(read.compactions).toEqual([
      {
        liveFrom: 2,
        kept: 'no summary in the file; 2 earlier messages not sent',
        summary: null,
        trigger: 'manual',
        tokensBefore: 900,
        path: [3],
      },
      {
        liveFrom: 3,
        kept: 'no summary in the file; 3 earlier messages not sent; 2 earlier messages preserved',
        summary: null,
        trigger: 'auto',
        tokensBefore: 1200,
        path: [5],
      },
    ]);
  });

  it('§9 a file without boundaries reports none', () => {
    const text = lines([
      { type: 'system', subtype: 'init', session_id: 'x' },
      { type: 'user', message: { role: 'user', content: 'hi' }, session_id: 'x' },
    ]);
    expect(openSource(text).read.compactions).toBeUndefined();
  });
});
