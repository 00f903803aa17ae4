/**
 * The web host's gate as tests against the real server: the token, the Host
 * and Origin checks, loopback-only listening, the CSP on the renderer, path traversal, and
 * the API key never echoed in any answer or error.
 */
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../app/server/security.js';
import type { Channel } from '../../core/ipc/contract.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { record } from './support/record.js';
import type { TestHost } from './support/web-host.js';
import { rawRequest, startTestHost } from './support/web-host.js';

const SECRET = 'sk-reliability-SECRET-0123456789abcdef';
const BODY = JSON.stringify({
  goal: 'go on',
  messages: [{ id: 'm0', role: 'user', content: [{ type: 'text', text: 'hi' }] }],
});

let t: TestHost;
const checks: string[] = [];
beforeAll(async () => {
  t = await startTestHost({ DECISION_MODEL_API_KEY: SECRET });
});
afterAll(async () => {
  await t?.close();
  record({
    area: 'security',
    name: 'web host gate',
    tried: checks.length,
    outcomes: { refused_or_held: checks.length },
    notes: checks.join('; '),
  });
});

const post = (path: string, headers: Record<string, string>, body = BODY) =>
  rawRequest(t.host.port, { method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body });

describe('web host security', () => {
  it('the API refuses a request with no token, a wrong token, or the token only in the query string', async () => {
    expect((await post('/compact_context', {})).status).toBe(401);
    expect((await post('/compact_context', { [TOKEN_HEADER]: 'x'.repeat(t.token.length) })).status).toBe(401);
    expect((await post('/compact_context', { [TOKEN_HEADER]: `${t.token}x` })).status).toBe(401);
    expect((await post('/compact_context', { authorization: `Bearer ${t.token.slice(1)}` })).status).toBe(401);
    expect((await post(`/compact_context?token=${t.token}`, {})).status).toBe(401);
    expect((await post(`/api/${'app.info' satisfies Channel}`, {}, '{}')).status).toBe(401);
    expect((await post('/compact_context', { [TOKEN_HEADER]: t.token })).status).toBe(200);
    expect((await post('/compact_context', { authorization: `Bearer ${t.token}` })).status).toBe(200);
    checks.push('no/wrong/query-only token → 401');
  });

  it('a foreign Host (DNS rebinding) or a foreign Origin is refused even with the right token', async () => {
    const ok = { [TOKEN_HEADER]: t.token };
    expect((await post('/compact_context', { ...ok, host: 'evil.example' })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, host: `evil.example:${t.host.port}` })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, host: `127.0.0.1:${t.host.port + 1}` })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, origin: 'null' })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, origin: `https://127.0.0.1:${t.host.port}` })).status).toBe(403);
    expect((await post('/compact_context', { ...ok, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await rawRequest(t.host.port, { path: '/', headers: { host: 'evil.example' } })).status).toBe(403);
    expect(
      (
        await post('/compact_context', {
          ...ok,
          origin: `http://127.0.0.1:${t.host.port}`,
          'sec-fetch-site': 'same-origin',
        })
      ).status,
    ).toBe(200);
    expect((await post('/compact_context', { ...ok, host: `localhost:${t.host.port}` })).status).toBe(200);
    checks.push('foreign Host/Origin/cross-site → 403');
  });

  it('listens on 127.0.0.1 only: no other interface accepts a connection', async () => {
    expect(t.host.server.address()).toMatchObject({ address: '127.0.0.1' });
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i?.address as string);
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: t.host.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(outcome).not.toBe('connected');
    }
    checks.push(`loopback only (${others.length} other interface(s) refused)`);
  });

  it('static files never leave the renderer folder, and a malformed path does not crash the host', async () => {
    for (const path of [
      '/../../package.json',
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const res = await rawRequest(t.host.port, { path });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toContain('"devDependencies"');
    }
    expect((await post('/compact_context', { [TOKEN_HEADER]: t.token })).status).toBe(200); // still alive
    checks.push('path traversal → 4xx/5xx, host alive');
  });

  it('a malformed %-escape in a static path is a 400 with a reason, not a 500', async () => {
    for (const path of ['/%E0%A4%A', '/%zz', '/assets/%', '/%C0%AF']) {
      const res = await rawRequest(t.host.port, { path });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/malformed/);
    }
    expect((await post('/compact_context', { [TOKEN_HEADER]: t.token })).status).toBe(200); // still alive
    checks.push('malformed %-escape → 400');
  });

  it('the renderer is served with the strict CSP when it is built', async (ctx) => {
    const res = await rawRequest(t.host.port, { path: '/' });
    if (res.status === 503) return ctx.skip('the renderer is not built (npm run build)');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*script-src 'self'/);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    checks.push('CSP on the renderer');
  });

  it('the API key never appears in an answer, an error or host info', async () => {
    const ok = { [TOKEN_HEADER]: t.token };
    const texts = [
      (await post('/compact_context', ok)).text,
      (await post('/compact_context', ok, '{"goal":"","messages":[]}')).text,
      (await post('/compact_context', ok, '{not json')).text,
      (await post(`/api/${'app.info' satisfies Channel}`, ok, '{}')).text,
      (await post('/api/nope', ok, '{}')).text,
      (await post('/compact_context', {})).text,
    ];
    for (const text of texts) expect(text).not.toContain(SECRET);
    expect(JSON.parse(texts[3]).result.apiKeySet).toBe(true);
    checks.push('API key absent from answers and errors');
  });

  it('a provider error that echoes the API key reaches the caller redacted', async () => {
    // OpenAI's own 401 text quotes the key it was given; it must not pass through the host.
    const provider = await startFakeOpenAI({
      behaviour: (r) => ({
        status: 401,
        body: {
          error: {
            message: `Incorrect API key provided: ${String(r.headers.authorization).slice(7)}`,
            type: 'invalid_request_error',
          },
        },
      }),
    });
    const viaOpenAI = await startTestHost({
      DECISION_MODEL_BACKEND: 'openai',
      DECISION_MODEL_API_KEY: SECRET,
      DECISION_MODEL_BASE_URL: provider.url,
    });
    try {
      const body = JSON.stringify({
        goal: 'go on',
        eligible_tool_names: ['read_file'],
        options: { preserve_recent_messages: 0 },
        messages: [
          { id: 'm0', role: 'user', content: [{ type: 'text', text: 'hi' }] },
          {
            id: 'm1',
            role: 'assistant',
            content: [
              { type: 'tool_call', id: 'c1', name: 'read_file', input: '{}', state: 'finished' },
              { type: 'tool_result', id: 'c1', name: 'read_file', output: 'x'.repeat(900), state: 'success' },
            ],
          },
          { id: 'm2', role: 'user', content: [{ type: 'text', text: 'go' }] },
        ],
      });
      const res = await rawRequest(viaOpenAI.host.port, {
        method: 'POST',
        path: '/compact_context',
        headers: { [TOKEN_HEADER]: viaOpenAI.token, 'content-type': 'application/json' },
        body,
      });
      expect(provider.requests.length).toBeGreaterThan(0);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, answer: { error: { code: 'model_error' } } });
      expect(res.text).not.toContain(SECRET);
      expect(res.text).not.toContain(SECRET.slice(-12));
      checks.push('provider 401 echoing the key → redacted');
    } finally {
      await viaOpenAI.close();
      await provider.close();
    }
  });
});
