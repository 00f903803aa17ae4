/**
 * `serve --policy FILE`: the web host's POST /compact_context lays the approved policy under
 * each request's own fields, as `compact_context --policy` does (docs/policy.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHost } from '../../../app/server/http.js';
import { startWebHost } from '../../../app/server/http.js';
import { setupHost } from '../../../app/host/setup.js';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import { parsePolicyFile } from '../../../core/policies/policyFile.js';

const token = 'test-token-policy-abcdefghijkl';
let host: WebHost;

beforeAll(async () => {
  const policy = parsePolicyFile(JSON.stringify({ compaction_policy: 1, options: { keep_threshold: 0.9 } }));
  host = await startWebHost({ port: 0, token, setup: setupHost('web', { env: {}, policy }) });
});
afterAll(() => host.close());

async function compact(body: object) {
  const res = await fetch(`http://127.0.0.1:${host.port}/compact_context`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-inspector-token': token },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    success: boolean;
    answer: { decisions: Array<{ action: string; keep_result: number | null }> };
  };
}

describe('POST /compact_context under serve --policy', () => {
  it('R12 decides at the policy’s threshold unless the request gives its own', async () => {
    const s = paymentRetryScenario();
    const base = { messages: s.messages, goal: s.goal, eligible_tool_names: s.eligible_tool_names };
    const strict = await compact(base);
    const own = await compact({ ...base, options: { keep_threshold: 0.1 } });
    const kept = (e: typeof strict) => e.answer.decisions.filter((d) => d.action === 'keep' && d.keep_result !== null);
    // At 0.9 only results with keep_result ≥ 0.9 are kept; at 0.1 every one with keep_result ≥ 0.1.
    for (const d of kept(strict)) expect(d.keep_result).toBeGreaterThanOrEqual(0.9);
    expect(kept(own).length).toBeGreaterThan(kept(strict).length);
  });
});
