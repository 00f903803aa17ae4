/**
 * The body `run.start` sends is written a slice at a time, or from JSON the worker wrote; the host must read the same JSON
 * that one `JSON.stringify` would have written.
 */
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../../../renderer/bridge/jsonBody.js';

const messages = Array.from({ length: 400 }, (_, i) => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  content: i % 3 ? `text ${i} "quoted" \u2028 ünïcode` : [{ type: 'text', text: 'x'.repeat(i % 50) }],
  absent: undefined,
}));

describe('jsonBody', () => {
  it('writes what JSON.stringify writes, a large array sliced across tasks', async () => {
    const args = {
      request: { goal: 'g', messages, options: { a: 1 } },
      backend: { kind: 'offline' },
      apiKey: undefined,
    };
    const body = await jsonBody(args, undefined, 0);
    expect(await body.text()).toBe(JSON.stringify(args));
    expect(body.type).toBe('application/json');
  });

  it('keeps JSON.stringify’s rules for values without a JSON form, toJSON, null and empty containers', async () => {
    const when = new Date(0);
    const holes = [...Array.from({ length: 300 }, () => undefined), () => 1, Symbol('s'), null, when, {}, []];
    for (const value of [
      { holes },
      { a: { b: { c: { d: [1, undefined] } } } },
      [],
      {},
      null,
      'text',
      3,
      { f: () => 1 },
    ])
      expect(await (await jsonBody(value, undefined, 0)).text()).toBe(JSON.stringify(value));
  });

  it('puts in the JSON another thread wrote for a value, and writes the rest around it', async () => {
    const args = { request: { goal: 'g', messages }, backend: { name: 'offline' } };
    const asked: object[] = [];
    const encoded = (value: object) => {
      asked.push(value);
      return value === messages ? Promise.resolve(new Blob([JSON.stringify(messages)])) : null;
    };
    expect(await (await jsonBody(args, encoded)).text()).toBe(JSON.stringify(args));
    expect(asked).toContain(messages);
    // The messages were not walked: none of their elements was offered.
    expect(asked).not.toContain(messages[0]);
  });
});
