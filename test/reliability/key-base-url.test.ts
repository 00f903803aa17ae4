/**
 * The key belongs to the base URL it was configured with: a run.start aimed at another URL
 * (the UI's field, or any token holder) never sends it the stored key; a key entered for that
 * URL goes there instead, for that run only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request as fixtureRequest } from '../core/engine/openai/fixture.js';
import type { FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import type { TestHost } from './support/web-host.js';
import { startTestHost } from './support/web-host.js';

const STORED = 'sk-stored-key-for-configured-0123456789';
const ENTERED = 'sk-entered-key-for-other-9876543210';
let configured: FakeOpenAI;
let other: FakeOpenAI;
let host: TestHost;

beforeAll(async () => {
  [configured, other] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
  host = await startTestHost({
    DECISION_MODEL_BACKEND: 'openai',
    DECISION_MODEL_NAME: 'fake-model',
    DECISION_MODEL_API_KEY: STORED,
    DECISION_MODEL_BASE_URL: configured.url,
  });
});
afterAll(async () => {
  await host?.close();
  await Promise.all([configured?.close(), other?.close()]);
});

/** Starts a run and polls it to the end; the status text, or the refusal. */
async function run(
  backend: { name: string; baseUrl?: string },
  apiKey?: string,
): Promise<{ status: number; text: string }> {
  const request = { ...fixtureRequest(2, { preserve_recent_messages: 1 }), eligible_tool_names: ['read_file'] };
  const started = await host.post('/api/run.start', { request, backend, ...(apiKey === undefined ? {} : { apiKey }) });
  if (started.status !== 200) return started;
  const { runId } = JSON.parse(started.text).result as { runId: string };
  return vi.waitFor(
    async () => {
      const polled = await host.post('/api/run.status', { runId });
      expect(JSON.parse(polled.text).result.state).toBe('finished');
      return polled;
    },
    { timeout: 20_000, interval: 20 },
  );
}

const authorizations = (server: FakeOpenAI) => server.requests.map((r) => r.headers.authorization);

describe('the stored key goes only to its configured base URL', () => {
  it('the configured URL (also with a trailing slash, or left blank) gets the stored key', async () => {
    for (const backend of [{ name: 'openai' }, { name: 'openai', baseUrl: `${configured.url}/` }]) {
      const res = await run(backend);
      expect(res.status, res.text).toBe(200);
      expect(JSON.parse(res.text).result.outcome.success, res.text).toBe(true);
    }
    expect(new Set(authorizations(configured))).toEqual(new Set([`Bearer ${STORED}`]));
  });

  it('another URL without a key entered for it: refused with a clear error, and it receives nothing', async () => {
    const res = await run({ name: 'openai', baseUrl: other.url });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error).toEqual({
      code: 'invalid_input',
      message: `the stored API key is sent only to its configured base URL (${configured.url}); enter the key for ${other.url} to use it`,
    });
    expect(other.requests).toEqual([]);
    expect(res.text).not.toContain(STORED);
  });

  it('another URL with a key entered for it gets that key, never the stored one, and no answer shows it', async () => {
    const res = await run({ name: 'openai', baseUrl: other.url }, ENTERED);
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).result.outcome.success, res.text).toBe(true);
    expect(other.requests.length).toBeGreaterThan(0);
    expect(new Set(authorizations(other))).toEqual(new Set([`Bearer ${ENTERED}`]));
    expect(res.text).not.toContain(ENTERED);
    expect(res.text).not.toContain(STORED);
  });
});
