/**
 * `langchain` beyond the shared suite (its fixture is our own, ownFixtures.ts): a
 * messages_to_dict list was refused as "not a history in any known format" before this format
 * existed; tool statuses map to error states; a dropped call leaves no raw copy in
 * additional_kwargs (langchain-openai would send it); the loader's rule names a broken message.
 */
import { describe, expect, it } from 'vitest';
import { detectFormats, exportSource, openSource, parseSource } from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { OWN_FIXTURES } from './ownFixtures.js';
import { proposalFromChoices } from './support.js';

const fixture = OWN_FIXTURES.find((f) => f.format === 'langchain');
const text = fixture?.text ?? '[]';

describe('langchain (our own messages_to_dict fixture)', () => {
  it('§9 a messages_to_dict list is langchain only', () => {
    expect(detectFormats(parseSource(text)).map((d) => d.format)).toEqual(['langchain']);
  });

  it('§9 R3 tool_calls pair with tool messages by id; status "error" is an error', () => {
    const blocks = openSource(text).read.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks.filter((b) => b.type === 'tool_call').map((b) => [b.id, b.name, b.input])).toEqual([
      ['call_01', 'read_file', '{"path":"src/retry.ts"}'],
      ['call_02', 'grep', '{"pattern":"backoff"}'],
      ['call_03', 'run_tests', '{"filter":"retry"}'],
    ]);
    expect(blocks.filter((b) => b.type === 'tool_result').map((b) => [b.id, b.state])).toEqual([
      ['call_01', 'success'],
      ['call_02', 'success'],
      ['call_03', 'error'],
    ]);
  });

  it('§9 R13 dropping a call removes its tool message and its raw copy in additional_kwargs', () => {
    const source = openSource(text);
    const exported = exportSource(source, proposalFromChoices(source, ['keep', 'drop_call', 'keep'], 0));
    const list = JSON.parse(exported) as Array<{ type: string; data: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(list.filter((m) => m.type === 'tool').map((m) => m.data.tool_call_id)).toEqual(['call_01', 'call_03']);
    expect(list[2].data.tool_calls.map((c: { id: string }) => c.id)).toEqual(['call_01']);
    expect(list[2].data.additional_kwargs.tool_calls.map((c: { id: string }) => c.id)).toEqual(['call_01']);
  });

  it('§9 langchain.loadable: a tool message without tool_call_id is named', () => {
    const list = JSON.parse(text) as Array<{ type: string; data: Record<string, unknown> }>;
    delete list[6].data.tool_call_id;
    const violations = runTargetChecks(openSource(JSON.stringify(list))).flatMap((r) => r.violations);
    expect(violations.map((v) => [v.rule, v.place.path])).toEqual([['langchain.loadable', '$[6]']]);
  });
});
