/**
 * Admission weighs the parsed request's shape (app/host/heap-budget.ts), not its bytes: a
 * history of ~100k short tool-call messages (19 MB) with max_state_tokens and max_request_tokens
 * raised needs ~18× its body (R7 keeps every call in the observation, R9 asks about all of them;
 * test/bench/host-heap.ts). A host with a 200 MB old space answers 413 with the heap it would
 * need and goes on serving, instead of V8's out-of-memory abort taking every run with it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ABORTING_SHAPE } from '../support/heap-shapes.js';
import { record } from './support/record.js';
import type { ServeChild } from './support/serve-child.js';
import { startServeChild } from './support/serve-child.js';

const HEAP_MB = 200;
let serve: ServeChild;
beforeAll(async () => {
  serve = await startServeChild({ NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
});
afterAll(async () => {
  await serve?.stop();
});

const post = (body: string, path = '/compact_context') =>
  fetch(`${serve.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-inspector-token': serve.token },
    body,
  });

const SMALL = {
  goal: 'go on',
  messages: [{ id: 'm0', role: 'user', content: [{ type: 'text', text: 'hi' }] }],
};
const OFFLINE = { name: 'offline' };

async function api<T>(channel: string, args: unknown): Promise<{ status: number; result?: T; error?: HostError }> {
  const res = await post(JSON.stringify(args), `/api/${channel}`);
  return { status: res.status, ...((await res.json()) as { result?: T; error?: HostError }) };
}
interface HostError {
  code: string;
  message: string;
}

describe('web host heap admission', () => {
  it('§5 a 100k-message history with raised token limits is refused 413 with the heap it needs, and the host keeps serving', async () => {
    const request = ABORTING_SHAPE.request(19_000_000);
    const body = JSON.stringify(request);
    expect(request.messages.length).toBeGreaterThan(100_000);
    // A body-size rule (a tenth of the heap limit) would admit this body.
    expect(Buffer.byteLength(body)).toBeLessThan((HEAP_MB * 1024 * 1024) / 10);
    const res = await post(body);
    expect(res.status).toBe(413);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/needs about \d+ MB of heap.*memory budget.*max-old-space-size=\d+/);
    expect(serve.child.exitCode).toBeNull();
    const ok = await post(JSON.stringify(SMALL));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { success: boolean }).success).toBe(true);
    expect(serve.child.exitCode).toBeNull();
    record({
      area: 'load',
      name: `${Math.round(request.messages.length / 1000)}k-message history, token limits raised, to a ${HEAP_MB} MB-heap host`,
      tried: 1,
      outcomes: { refused_413: 1, host_alive: 1, next_request_200: 1 },
      notes: `${(Buffer.byteLength(body) / 1e6).toFixed(0)} MB body; the old rule (10× the body) admitted it and V8 aborted`,
    });
  });

  it("§5 the same history through run.start (the renderer's runs, Electron's IPC) is refused with the heap it needs, and the host keeps serving", async () => {
    const request = ABORTING_SHAPE.request(19_000_000);
    // Weighed by its bytes only, this run would start and V8 would abort the host.
    const refused = await api('run.start', { request, backend: OFFLINE });
    expect(refused.status).toBe(413);
    expect(refused.error?.code).toBe('invalid_input');
    expect(refused.error?.message).toMatch(/needs about \d+ MB of heap.*memory budget.*max-old-space-size=\d+/);
    expect(serve.child.exitCode).toBeNull();
    const started = await api<{ runId: string }>('run.start', { request: SMALL, backend: OFFLINE });
    expect(started.status).toBe(200);
    const runId = started.result?.runId ?? '';
    const status = await vi.waitFor(
      async () => {
        const { result } = await api<{ state: string; outcome: { success: boolean } | null }>('run.status', { runId });
        expect(result?.state).toBe('finished');
        return result!;
      },
      { timeout: 20_000, interval: 5 },
    );
    expect(status.outcome?.success).toBe(true);
    expect(serve.child.exitCode).toBeNull();
    record({
      area: 'load',
      name: `${Math.round(request.messages.length / 1000)}k-message history, token limits raised, through run.start to a ${HEAP_MB} MB-heap host`,
      tried: 1,
      outcomes: { refused_413: 1, host_alive: 1, next_run_succeeded: 1 },
      notes: `${(Buffer.byteLength(JSON.stringify(request)) / 1e6).toFixed(0)} MB request; the old rule (its bytes only) started the run and V8 aborted`,
    });
  });
});
