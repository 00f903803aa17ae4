/**
 * §9 `drop_receipts` in the native writers: the formats that hold a receipt (Claude Code session
 * and stream-json, Anthropic Messages, OpenAI chat, AgentScope, Cline, AI SDK, Pydantic AI,
 * OpenClaw) write the engine's receipt where the call was, the rest of the file as before; a
 * format that cannot (OpenAI Responses here) writes drop_call exactly as without receipts, and
 * its proposal's messages say the same. Every format is also covered by writers.property.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { compactContext } from '../../../core/engine/compact.js';
import type { Action, Message } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import type { OpenedSource } from '../../../core/formats/index.js';
import { adapterFor, exportSource, FORMATS, openSource, proposalFor } from '../../../core/formats/index.js';
import { judgeExport } from '../../../core/formats/targets/index.js';
import { constant } from '../engine/helpers.js';
import { RECEIPT, receiptLines as lines, sessionText } from './receiptSession.js';
import { withPositionalIds } from './support.js';

type Part = { type: string; text: string };
type Line = { uuid?: string; parentUuid?: string | null; message: { content: Part[] | string } };
type ChatMessage = { role: string; content: string | Part[] | null; tool_calls?: unknown[] };

/** Every pair dropped whole, exported with and without receipts. */
function exportDropped(source: OpenedSource, receipts: boolean, dropped?: (callId: string) => boolean) {
  const analysis = analyze(source.read.messages, {
    eligibleToolNames: [],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map<string, Action>(
    analysis.pairs.map((p) => [p.pairId, dropped && !dropped(p.callId) ? 'keep' : 'drop_call']),
  );
  const markers = { options: DEFAULT_OPTIONS, archive_ref: 'session.0123456789abcdef.jsonl', drop_receipts: receipts };
  const proposal = proposalFor(source.read.messages, analysis.pairs, actions, markers, source);
  return { proposal, text: exportSource(source, proposal) };
}

const textsOf = (messages: readonly Message[]) =>
  messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.flatMap((b) => (b.type === 'text' ? [b.text as string] : [])) : [],
  );

describe('§9 drop_receipts in a Claude Code session', () => {
  it('§9 R14 the tool_use line becomes the receipt; the result line goes; every other line is byte-identical', () => {
    const source = openSource(sessionText, { conversation: 'main' });
    const { proposal, text } = exportDropped(source, true);
    const out = text.trimEnd().split('\n');
    const records = out.map((l) => JSON.parse(l) as Line);
    expect(records.map((r) => r.uuid)).toEqual(['u1', 'a1', 'a2', 'a3', 'u3']);
    expect(records[2].message.content).toEqual([{ type: 'text', text: RECEIPT }]);
    // The reply keeps text now, so its thinking stays with it, unmodified.
    expect(out[1]).toBe(sessionText.split('\n')[1]);
    expect(out[4]).toBe(sessionText.split('\n')[5]);
    // The result line went: its child hangs from the receipt's line, the nearest surviving one.
    expect(records[3].parentUuid).toBe('a2');
    expect(openSource(text, { conversation: 'main' }).read.messages).toEqual(proposal.messages);
    expect(judgeExport(source, text).refused).toEqual([]);
    expect(text.length).toBeLessThan(sessionText.length);
  });

  it('§9 the file carries the receipt the engine’s §6 answer carries', async () => {
    const source = openSource(sessionText, { conversation: 'main' });
    const response = await compactContext(
      {
        messages: source.read.messages,
        goal: 'continue',
        eligible_tool_names: ['Read'],
        archive_ref: 'session.0123456789abcdef.jsonl',
        drop_receipts: true,
        options: { preserve_recent_messages: 0 },
      },
      { model: constant(0, 0) },
    );
    expect(response.success).toBe(true);
    if (!response.success) return;
    expect(textsOf(response.answer.messages)).toContain(RECEIPT);
    expect(textsOf(exportDropped(source, true).proposal.messages)).toContain(RECEIPT);
  });

  it('§9 off, the export is what it always was', () => {
    const source = openSource(sessionText, { conversation: 'main' });
    const { text } = exportDropped(source, false);
    expect(text).not.toContain('[compacted:');
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).uuid),
    ).toEqual(['u1', 'a3', 'u3']);
  });
});

describe('§9 drop_receipts in OpenAI chat and Anthropic Messages', () => {
  const call = (id: string, path: string) => ({
    id,
    type: 'function',
    function: { name: 'read_file', arguments: JSON.stringify({ path }) },
  });
  const chat = [
    { role: 'user', content: 'Fix it' },
    { role: 'assistant', content: null, tool_calls: [call('c1', 'a.ts')] },
    { role: 'tool', tool_call_id: 'c1', content: lines(30) },
    { role: 'assistant', content: 'Reading two more.', tool_calls: [call('c2', 'b.ts'), call('c3', 'c.ts')] },
    { role: 'tool', tool_call_id: 'c2', content: lines(40) },
    { role: 'tool', tool_call_id: 'c3', content: lines(50) },
    { role: 'assistant', content: 'Done.' },
  ];
  const chatText = JSON.stringify(chat, null, 2) + '\n';

  it('§9 chat: no content becomes the receipt; text becomes two parts, the original unchanged; kept calls stay', () => {
    const source = openSource(chatText, { format: 'openai-chat' });
    const { text } = exportDropped(source, true, (id) => id !== 'c3');
    const out = JSON.parse(text) as ChatMessage[];
    expect(out).toHaveLength(5);
    expect(out[1]).toEqual({
      role: 'assistant',
      content: expect.stringMatching(/^\[compacted: ran read_file path=a\.ts → 30 lines/),
    });
    expect((out[2].content as Part[])[0]).toEqual({ type: 'text', text: 'Reading two more.' });
    expect((out[2].content as Part[])[1].text).toMatch(
      /ran read_file path=b\.ts → 40 lines, \d+ chars, ok; .* call c2\]$/,
    );
    expect(out[2].tool_calls).toEqual([call('c3', 'c.ts')]);
    expect(out[3]).toEqual(chat[5]);
    expect(judgeExport(source, text).refused).toEqual([]);
    expect(text.length).toBeLessThan(chatText.length);
  });

  it('§9 chat: the file reads back as the proposal, receipts after the text and before the kept calls', () => {
    const source = openSource(chatText, { format: 'openai-chat' });
    const { proposal, text } = exportDropped(source, true, (id) => id !== 'c2');
    const reread = openSource(text, { format: 'openai-chat' }).read.messages;
    expect(withPositionalIds(reread)).toEqual(withPositionalIds(proposal.messages));
    expect((proposal.messages[2].content as Part[]).map((b) => b.type)).toEqual(['text', 'text', 'tool_call']);
  });

  it('§9 Anthropic Messages: the tool_use block’s place holds the receipt as a text block', () => {
    const messages = [
      { role: 'user', content: 'Fix it' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_use', id: 'toolu_9', name: 'Grep', input: { pattern: 'retry', path: 'src' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: lines(25) }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Found it.' }] },
    ];
    const source = openSource(JSON.stringify({ model: 'claude', max_tokens: 10, messages }), {
      format: 'anthropic-messages',
    });
    const { proposal, text } = exportDropped(source, true);
    const out = JSON.parse(text) as { messages: Array<{ content: Part[] }> };
    expect(out.messages).toHaveLength(3);
    expect(out.messages[1].content[0]).toEqual({ type: 'text', text: 'Let me look.' });
    expect(out.messages[1].content[1].text).toMatch(/^\[compacted: ran Grep path=src → 25 lines, \d+ chars, ok;/);
    // Ids are positions in this format: compare the content.
    const contents = (messages: readonly Message[]) => messages.map((m) => m.content);
    expect(contents(openSource(text, { format: 'anthropic-messages' }).read.messages)).toEqual(
      contents(proposal.messages),
    );
  });
});

describe('§9 drop_receipts where the format cannot hold one', () => {
  it('§9 formats without a receipt writer are listed, and OpenAI Responses degrades to R14 alone', () => {
    expect(FORMATS.filter((f) => f.holdsReceipts === true).map((f) => f.id)).toEqual([
      'agentscope',
      'claude-code',
      'claude-stream-json',
      'openai-chat',
      'anthropic-messages',
      'cline-session',
      'ai-sdk',
      'pydantic-ai',
      'openclaw-session',
    ]);
    const items = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Fix it' }] },
      { type: 'function_call', call_id: 'fc1', name: 'read_file', arguments: '{"path":"a.ts"}' },
      { type: 'function_call_output', call_id: 'fc1', output: lines(30) },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] },
    ];
    const source = openSource(JSON.stringify({ model: 'gpt', input: items }), { format: 'openai-responses' });
    expect(adapterFor(source.read.format).holdsReceipts).toBeUndefined();
    const withReceipts = exportDropped(source, true);
    const without = exportDropped(source, false);
    expect(withReceipts.text).toBe(without.text);
    expect(withReceipts.proposal.messages).toEqual(without.proposal.messages);
    expect(withReceipts.text).not.toContain('[compacted:');
  });
});
