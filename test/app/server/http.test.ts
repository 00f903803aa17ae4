/**
 * The web host as a real server on 127.0.0.1: token, Host and Origin checks, CSP, the
 * contract gate, pollable runs and the source service's POST /compact_context route.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebHost } from '../../../app/server/http.js';
import { startWebHost } from '../../../app/server/http.js';
import { setupHost } from '../../../app/host/setup.js';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import type { Channel } from '../../../core/ipc/contract.js';

const KEY = 'sk-test-secret-key-1234567890';
let host: WebHost;
let dir: string;

function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: init.method ?? 'POST',
        headers: { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json', ...init.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (init.body !== undefined)
      req.write(typeof init.body === 'string' || Buffer.isBuffer(init.body) ? init.body : JSON.stringify(init.body));
    req.end();
  });
}

const token = 'test-token-abcdefghijklmnop';
/** Typed by the contract: a renamed channel fails to compile here too. */
const api = (channel: Channel, body: unknown = {}, headers: Record<string, string> = {}) =>
  send(`/api/${channel}`, { body, headers: { 'x-inspector-token': token, ...headers } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inspector-host-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>t</title>');
  host = await startWebHost({
    port: 0,
    token,
    rendererDir: join(dir, 'renderer'),
    setup: setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline', DECISION_MODEL_API_KEY: KEY }, cwd: dir }),
  });
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web host security', () => {
  it('binds 127.0.0.1 only and prints a URL with the token', () => {
    expect(host.server.address()).toMatchObject({ address: '127.0.0.1' });
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${token}`);
  });

  it('refuses API calls without the token or with a wrong one', async () => {
    expect((await send(`/api/${'app.info' satisfies Channel}`, { body: {} })).status).toBe(401);
    expect((await api('app.info', {}, { 'x-inspector-token': 'wrong' })).status).toBe(401);
    expect((await send('/compact_context', { body: {} })).status).toBe(401);
    expect((await api('app.info')).status).toBe(200);
  });

  it('refuses foreign Host headers and cross-origin requests, even with the token', async () => {
    expect((await api('app.info', {}, { host: 'evil.example:80' })).status).toBe(403);
    expect((await api('app.info', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('app.info', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await api('app.info', {}, { origin: `http://127.0.0.1:${host.port}` })).status).toBe(200);
  });

  it('serves the renderer with a strict CSP and never outside its folder', async () => {
    const page = await send('/', { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect((await send('/../package.json', { method: 'GET' })).status).toBe(404);
    expect((await send('/%2e%2e/%2e%2e/etc/passwd', { method: 'GET' })).status).toBe(404);
  });

  it('never sends the API key: info says only whether one is set', async () => {
    const info = await api('app.info');
    expect(JSON.parse(info.body).result).toMatchObject({ host: 'web', apiKeySet: true, apiKeyEditable: false });
    expect(info.body).not.toContain(KEY);
    expect((await api('apiKey.set', { apiKey: 'x' })).status).toBe(501);
  });
});

describe('contract gate', () => {
  it('parses every payload: unknown channels, unknown keys and wrong types are invalid_input', async () => {
    expect((await send('/api/no.such', { body: {}, headers: { 'x-inspector-token': token } })).status).toBe(404);
    const extra = await api('app.info', { surprise: 1 });
    expect(extra.status).toBe(400);
    expect(JSON.parse(extra.body).error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/surprise/),
    });
    expect((await api('run.status', { runId: 7 })).status).toBe(400);
    expect((await api('run.status', { runId: 'nope' })).status).toBe(404);
    expect(
      (
        await send(`/api/${'app.info' satisfies Channel}`, {
          body: '{not json',
          headers: { 'x-inspector-token': token },
        })
      ).status,
    ).toBe(400);
  });

  it('§1 a blank goal fails run.start with invalid_input, naming the field', async () => {
    const res = await api('run.start', { request: { messages: [], goal: '  ' }, backend: { name: 'offline' } });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.message).toMatch(/goal/);
  });

  it("§6 a run is started, polled to the end and reports the library's decisions without messages", async () => {
    const s = paymentRetryScenario();
    const request = {
      messages: s.messages,
      goal: s.goal,
      eligible_tool_names: s.eligible_tool_names,
      protected_message_ids: s.protected_message_ids,
      protected_call_ids: s.protected_call_ids,
      tools: s.tools,
      options: s.options,
    };
    const { runId } = JSON.parse((await api('run.start', { request, backend: { name: 'offline' } })).body).result;
    const status = await vi.waitFor(
      async () => {
        const polled = JSON.parse((await api('run.status', { runId })).body).result;
        expect(polled.state).toBe('finished');
        return polled;
      },
      { timeout: 20_000, interval: 5 },
    );
    expect(status.outcome.success).toBe(true);
    expect(status.outcome.messages).toBeUndefined();
    const direct = await compactContext(request, { model: createOfflineModel() });
    if (!direct.success) throw new Error('expected success');
    expect(status.outcome.decisions).toEqual(direct.answer.decisions);
    expect(JSON.parse((await api('run.cancel', { runId })).body).result).toEqual({ cancelled: false });
  });
});

describe('POST /compact_context', () => {
  it('§6 answers the envelope for the SPEC request, as the library does', async () => {
    const s = paymentRetryScenario();
    const request = { messages: s.messages, goal: s.goal, eligible_tool_names: s.eligible_tool_names };
    const res = await send('/compact_context', { body: request, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const envelope = JSON.parse(res.body);
    const direct = await compactContext(request, { model: createOfflineModel() });
    expect(envelope.success).toBe(true);
    expect(envelope.answer.messages).toEqual(JSON.parse(JSON.stringify(direct.success && direct.answer.messages)));
    expect(envelope.metadata.compaction.chars_after).toBe(direct.metadata.compaction.chars_after);
  });

  it('§5 an option out of range is a 400 invalid_input naming it', async () => {
    const res = await send('/compact_context', {
      body: { messages: [], goal: 'x', options: { keep_threshold: 2 } },
      headers: { 'x-inspector-token': token },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/keep_threshold/),
    });
  });

  it('§8 a body that is not valid UTF-8 is refused as the CLI refuses such a file, never read as U+FFFD', async () => {
    // "café" in Latin-1: a lone 0xE9 byte, which a lenient decoder would turn into U+FFFD.
    const latin1 = Buffer.concat([Buffer.from('{"goal":"caf'), Buffer.from([0xe9]), Buffer.from('","messages":[]}')]);
    for (const path of ['/compact_context', '/api/run.start']) {
      const res = await send(path, { body: latin1, headers: { 'x-inspector-token': token } });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error).toEqual({ code: 'invalid_input', message: 'body is not valid UTF-8' });
    }
  });
});
