/** §9 `drop_receipts`: the receipt a drop_call leaves, its wording, its length rule, and R14 with it off. */
import { describe, expect, it } from 'vitest';
import { lineCount, receiptFor, receiptText } from '../../../core/engine/receipt.js';
import { parseRequest } from '../../../core/engine/request.js';
import { constant, msg, ok, request, tcall, tres, txt } from './helpers.js';

const pair = (input: string, output: unknown, state = 'success', name = 'Read') => ({
  callId: 'toolu_01',
  toolName: name,
  callBlock: tcall('toolu_01', name, input),
  resultBlock: tres('toolu_01', output, name, state),
});

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n') + '\n';

describe('§9 drop_receipts wording', () => {
  it('§9 a receipt names the tool, its target, the result size and state, the archive and the call', () => {
    const output = lines(212);
    expect(receiptFor(pair('{"file_path":"src/x.ts"}', output), 'session.9f86d081884c7d65.jsonl')).toBe(
      `[compacted: ran Read file_path=src/x.ts → 212 lines, ${output.length} chars, ok; original: archive session.9f86d081884c7d65.jsonl call toolu_01]`,
    );
  });

  it('§9 the target is the first §9 marker key (path, url, command, query, pattern), on one line', () => {
    const facts = (input: string) => receiptFor(pair(input, lines(50), 'success', 'Bash'), 'a');
    expect(facts('{"command":"rg -n\\n  retry src","description":"x"}')).toContain(
      'ran Bash command=rg -n retry src →',
    );
    expect(facts('{"pattern":"TODO","path":"src"}')).toContain('ran Bash path=src →');
    expect(facts('{"description":"nothing to name"}')).toContain('ran Bash → 50 lines');
  });

  it('§9 a long target is cut to 60 code points with an ellipsis', () => {
    const text = receiptFor(pair(JSON.stringify({ url: `https://example.com/${'p'.repeat(200)}` }), lines(100)), 'a');
    const target = /url=(\S+) →/.exec(text as string)?.[1] as string;
    expect([...target]).toHaveLength(60);
    expect(target.endsWith('…')).toBe(true);
  });

  it('§9 an error result says error; a state the format does not record says neither', () => {
    const facts = { callId: 'c', tool: 'Read', target: null, size: { lines: 1, chars: 1 }, archiveRef: 'a' };
    expect(receiptText({ ...facts, status: 'error' })).toBe(
      '[compacted: ran Read → 1 line, 1 char, error; original: archive a call c]',
    );
    expect(receiptText({ ...facts, status: null })).toBe(
      '[compacted: ran Read → 1 line, 1 char; original: archive a call c]',
    );
  });

  it('§9 lines: none for empty text, a final newline ends a line', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('\n\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});

describe('§9 drop_receipts never lengthen the history', () => {
  it('§9 a receipt that would be longer than the pair it stands for loses target length, then the target', () => {
    const long = JSON.stringify({ file_path: 'src/' + 'd'.repeat(120) + '.ts' });
    const full = receiptFor(pair(long, 'x'.repeat(400)), 'a') as string;
    expect(full).toContain('file_path=src/ddd');
    const tight = receiptFor(pair(long, ''), 'r'.repeat(150)) as string;
    const target = /file_path=(\S*) →/.exec(tight)?.[1] as string;
    expect([...target].length).toBeLessThan(60);
    expect(target.endsWith('…')).toBe(true);
    expect(receiptFor(pair(long, ''), 'r'.repeat(200))).toMatch(/^\[compacted: ran Read → 0 lines/);
    const block = (text: string) => JSON.stringify({ type: 'text', text }).length;
    const budget =
      JSON.stringify(tcall('toolu_01', 'Read', long)).length + JSON.stringify(tres('toolu_01', '', 'Read')).length;
    expect(block(tight)).toBeLessThan(budget);
  });

  it('§9 no receipt at all when even the shortest is longer than the pair (a huge archive_ref)', () => {
    expect(receiptFor(pair('{}', 'x'), 'r'.repeat(500))).toBeNull();
  });
});

describe('§9 drop_receipts in the §6 answer', () => {
  const messages = () => [
    msg('m0', 'user', [txt('go')]),
    msg('m1', 'assistant', [
      txt('Reading the config.'),
      tcall('c1', 'read_file', '{"path":"src/config.ts"}'),
      tres('c1', lines(40)),
      txt('Done reading.'),
    ]),
    msg('m2', 'assistant', [tcall('c2', 'read_file', '{"path":"b.ts"}')]),
    msg('m3', 'user', [tres('c2', lines(30))]),
    msg('m4', 'user', [txt('end')]),
  ];

  it('§9 off by default: R14 exactly, the call and result go and nothing is added', async () => {
    expect(parseRequest({ messages: [], goal: 'g' }).drop_receipts).toBe(false);
    const answer = await ok(request(messages()), constant(0, 0));
    expect(answer.messages[1].content).toEqual([txt('Reading the config.'), txt('Done reading.')]);
    expect(answer.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm4']);
  });

  it('§9 R14 on: the receipt takes the call’s place; the result goes; other text is byte-identical', async () => {
    const input = messages();
    const before = JSON.stringify(input);
    const answer = await ok(request(input, { drop_receipts: true, archive_ref: 'arch.json' }), constant(0, 0));
    expect(JSON.stringify(input)).toBe(before);
    expect(answer.decisions.map((d) => d.action)).toEqual(['drop_call', 'drop_call']);
    const [first, receipt, last] = answer.messages[1].content as unknown as Array<{ type: string; text: string }>;
    expect(first).toEqual(txt('Reading the config.'));
    expect(receipt.text).toBe(
      `[compacted: ran read_file path=src/config.ts → 40 lines, ${lines(40).length} chars, ok; original: archive arch.json call c1]`,
    );
    expect(last).toEqual(txt('Done reading.'));
    // A call alone in its message keeps the message, holding its receipt; the emptied result message goes.
    expect(answer.messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm4']);
    expect((answer.messages[2].content as unknown as Array<{ text: string }>)[0].text).toContain('call c2]');
    expect(answer.stats.chars_after).toBeLessThan(answer.stats.chars_before as number);
    expect(answer.stats.chars_after).toBe(JSON.stringify(answer.messages).length);
  });

  it('§9 R15 a new threshold re-derives receipts from the same probabilities', async () => {
    const at = async (t: number) =>
      (await ok(request(messages(), { drop_receipts: true }, { keep_threshold: t }), constant(0.3, 0.3))).messages;
    expect(JSON.stringify(await at(0.5))).toContain('[compacted: ran read_file');
    expect(JSON.stringify(await at(0.2))).not.toContain('[compacted:');
  });
});
