/** §1 and §5: tolerant messages, strict options, and the four containers round-tripping. */
import { describe, expect, it } from 'vitest';
import { loadHistory, writeHistory } from '../../../core/engine/containers.js';
import { parseRequest, RequestError } from '../../../core/engine/compact.js';
import { constant, msg, ok, request, tcall, tres, txt } from './helpers.js';

describe('§1 messages are parsed tolerantly and written back from the originals', () => {
  const odd = () => [
    { role: 'user', zeta: 1, content: 'legacy bare string', id: 'm0', alpha: { nested: [3, 2, 1] } },
    {
      id: 'm1',
      role: 'assistant',
      content: [
        { type: 'hint', hint: 'carried' },
        { type: 'mystery', payload: [1] },
        tcall('a', 'read_file', '{"path":"x"}', 'allowed'),
        tres('a', 'out', 'read_file', 'running'),
        tcall('b'),
        { ...tres('b', 'q'.repeat(500)), custom_field: 'kept', state: 'success' },
      ],
    },
    { id: 'm2', role: 'system', content: [txt('end')], usage: { input_tokens: 5 } },
  ];

  it('§1 unknown fields, key order, bare-string content, unknown block types and unknown states survive a compaction', async () => {
    const input = odd();
    const answer = await ok(request(input), constant(1, 0));
    expect(Object.keys(answer.messages[0])).toEqual(['role', 'zeta', 'content', 'id', 'alpha']);
    expect(answer.messages[0].content).toBe('legacy bare string');
    expect(JSON.stringify(answer.messages[1].content?.slice(0, 4))).toBe(JSON.stringify(input[1].content.slice(0, 4)));
    expect(answer.decisions.map((d) => [d.call_id, d.reason])).toEqual([
      ['a', 'call_unfinished'],
      ['b', 'call_needed'],
    ]);
    const b = (answer.messages[1].content as Array<Record<string, unknown>>)[5];
    expect(Object.keys(b)).toEqual(['type', 'id', 'name', 'output', 'state', 'custom_field']);
    expect(JSON.stringify(answer.messages[2])).toBe(JSON.stringify(input[2]));
  });

  it('§1 a message with neither role nor content is accepted and untouched', async () => {
    const input = [
      msg('m0', 'user', [txt('go')]),
      { id: 'x', note: 'no role, no content' },
      msg('m2', 'assistant', [tcall('a'), tres('a')]),
    ];
    const answer = await ok(request(input), constant(0, 0));
    expect(answer.messages[1]).toEqual({ id: 'x', note: 'no role, no content' });
  });
});

describe('§5 options are checked, never clamped', () => {
  const base = request([msg('m0', 'user', [txt('go')])]);
  it.each([
    ['unknown key', { keep_treshold: 0.5 }],
    ['keep_threshold above 1', { keep_threshold: 1.01 }],
    ['keep_threshold below 0', { keep_threshold: -0.1 }],
    ['preserve_recent_messages negative', { preserve_recent_messages: -1 }],
    ['preserve_recent_messages not an integer', { preserve_recent_messages: 1.5 }],
    ['max_state_tokens 0', { max_state_tokens: 0 }],
    ['max_request_tokens 256', { max_request_tokens: 256 }],
    ['truncate_head_chars negative', { truncate_head_chars: -1 }],
    ['truncate_tail_chars negative (§9)', { truncate_tail_chars: -1 }],
    ['truncate_tail_chars not an integer (§9)', { truncate_tail_chars: 2.5 }],
    ['max_concurrency 0', { max_concurrency: 0 }],
    ['max_concurrency 33', { max_concurrency: 33 }],
    ['total_timeout_seconds 0', { total_timeout_seconds: 0 }],
    ['a number as a string', { keep_threshold: '0.5' }],
  ])('§5 %s is a RequestError naming the option', (_name, options) => {
    const key = Object.keys(options)[0];
    expect(() => parseRequest({ ...base, options })).toThrow(RequestError);
    expect(() => parseRequest({ ...base, options })).toThrow(key);
  });

  it('§5 boundary values are accepted as given', () => {
    const parsed = parseRequest({
      ...base,
      options: {
        keep_threshold: 1,
        preserve_recent_messages: 0,
        max_state_tokens: 1,
        max_request_tokens: 257,
        truncate_head_chars: 0,
        truncate_tail_chars: 0,
        max_concurrency: 32,
        total_timeout_seconds: 0.001,
      },
    });
    expect(parsed.options).toEqual({
      keep_threshold: 1,
      preserve_recent_messages: 0,
      max_state_tokens: 1,
      max_request_tokens: 257,
      truncate_head_chars: 0,
      truncate_tail_chars: 0,
      max_concurrency: 32,
      total_timeout_seconds: 0.001,
    });
  });

  it('§1 a blank goal, an unknown request key and a non-list messages are RequestErrors', () => {
    expect(() => parseRequest({ ...base, goal: '   ' })).toThrow(RequestError);
    expect(() => parseRequest({ ...base, surprise: 1 })).toThrow('surprise');
    expect(() => parseRequest({ ...base, messages: {} })).toThrow(RequestError);
  });
});

describe('§1 containers round trip', () => {
  const messages = [
    { id: 'm0', role: 'user', content: 'héllo 😀', z: 1, a: 2 },
    {
      id: 'm1',
      role: 'assistant',
      content: [tcall('a'), tres('a', [txt('x'), txt('y')])],
      '10': 'integer-like key',
      metadata: null,
    },
  ];
  const docs: Array<[string, string]> = [
    ['array', JSON.stringify(messages)],
    ['array', JSON.stringify(messages, null, 2) + '\n'],
    ['jsonl', messages.map((m) => JSON.stringify(m)).join('\n') + '\n'],
    ['state', JSON.stringify({ summary: 'kept', context: messages, memory: { a: [1] } }, null, '\t') + '\n'],
    ['nested_state', JSON.stringify({ version: 3, state: { agent: 'x', context: messages } })],
  ];

  it.each(docs)('§1 %s: writeHistory(loadHistory(x)) preserves the data and the container', (kind, text) => {
    const loaded = loadHistory(text);
    expect(loaded.container.kind).toBe(kind);
    expect(JSON.stringify(loaded.messages)).toBe(JSON.stringify(JSON.parse(JSON.stringify(messages))));
    const written = writeHistory(loaded.container, loaded.messages);
    expect(written).toBe(text);
    expect(loadHistory(written).container.kind).toBe(kind);
  });

  it('§1 a byte-order mark is accepted; empty text and non-histories are ContainerErrors', () => {
    expect(loadHistory('\ufeff' + JSON.stringify(messages)).messages).toHaveLength(2);
    expect(() => loadHistory('  ')).toThrow('empty');
    expect(() => loadHistory('{"foo": 1}')).toThrow('not a history');
  });
});
