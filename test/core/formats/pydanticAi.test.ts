/**
 * `pydantic-ai` beyond the shared suite (its fixture is our own, ownFixtures.ts): a
 * ModelMessagesTypeAdapter dump was refused as "not a history in any known format" before this
 * format existed; a retry-prompt answers its call as an error, a failed outcome is an error, a
 * JSON content is read as its JSON text and a shortened one is written as a string.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, exportSource, openSource, parseSource } from '../../../core/formats/index.js';
import { OWN_FIXTURES } from './ownFixtures.js';
import { proposalFromChoices } from './support.js';

const fixture = OWN_FIXTURES.find((f) => f.format === 'pydantic-ai');
const text = fixture?.text ?? '[]';

describe('pydantic-ai (our own ModelMessagesTypeAdapter fixture)', () => {
  it('§9 a Pydantic AI history is pydantic-ai only', () => {
    expect(detectFormats(parseSource(text)).map((d) => d.format)).toEqual(['pydantic-ai']);
  });

  it('§9 R3 tool-return and retry-prompt parts answer their calls; failed and retry are errors', () => {
    const read = openSource(text).read;
    expect(read.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    const blocks = read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks.filter((b) => b.type === 'tool_call').map((b) => [b.id, JSON.parse(b.input as string)])).toEqual([
      ['call_01', { path: 'src/retry.ts' }],
      ['call_02', { pattern: 42 }],
      ['call_03', { filter: 'retry' }],
    ]);
    const results = blocks.filter((b) => b.type === 'tool_result');
    expect(results.map((b) => [b.id, b.state])).toEqual([
      ['call_01', 'success'],
      ['call_02', 'error'],
      ['call_03', 'error'],
    ]);
    expect(JSON.parse(results[2].output as string)).toHaveProperty('failed', 1);
  });

  it('§9 R13 drop_result writes the marker as the part’s content (a string); drop_call removes both parts', () => {
    const source = openSource(text);
    type Dump = Array<{ kind: string; parts: Array<Record<string, unknown>> }>;
    const shortened = JSON.parse(exportSource(source, proposalFromChoices(source, ['drop_result'], 0))) as Dump;
    expect(typeof shortened[2].parts[0].content).toBe('string');
    expect((shortened[2].parts[0].content as string).length).toBeLessThan(200);
    const dropped = JSON.parse(exportSource(source, proposalFromChoices(source, ['drop_call'], 0))) as Dump;
    const ids = dropped.map((m) => m.parts.map((p) => `${String(p.part_kind)}:${String(p.tool_call_id ?? '')}`));
    expect(ids[1]).toEqual(['thinking:', 'tool-call:call_02']);
    expect(ids[2]).toEqual(['retry-prompt:call_02']);
  });
});
