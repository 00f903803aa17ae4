/**
 * The web host's body limit follows its memory budget (app/budget.ts), not a fixed size: a
 * 100 MB history POSTed to a host with a 300 MB heap must be answered 413 with a clear message
 * while the host lives on, since V8's out-of-memory abort would take every other run with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from './support/record.js';
import type { ServeChild } from './support/serve-child.js';
import { startServeChild } from './support/serve-child.js';

let serve: ServeChild;
beforeAll(async () => {
  serve = await startServeChild({ NODE_OPTIONS: '--max-old-space-size=200' });
});
afterAll(async () => {
  await serve?.stop();
});

const post = (body: string) =>
  fetch(`${serve.base}/compact_context`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-inspector-token': serve.token },
    body,
  });

describe('web host memory budget', () => {
  it('§6 a body beyond the heap budget gets 413 invalid_input, and the host keeps serving', async () => {
    const big = `{"goal":"go on","messages":[{"id":"m0","role":"user","content":"${'a'.repeat(120 * 1024 * 1024)}"}]}`;
    const res = await post(big);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/memory budget.*max-old-space-size/);
    const ok = await post(
      '{"goal":"go on","messages":[{"id":"m0","role":"user","content":[{"type":"text","text":"hi"}]}]}',
    );
    expect(ok.status).toBe(200);
    expect(serve.child.exitCode).toBeNull();
    record({
      area: 'load',
      name: 'oversized body to a 200 MB-heap host',
      tried: 1,
      outcomes: { refused_413: 1, host_alive: 1 },
    });
  });
});
