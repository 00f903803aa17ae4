/**
 * Load on the local service. The built `serve` command (offline backend) answers
 * 50 concurrent and then 500 sequential `POST /compact_context`, every answer equal to the
 * one the engine gives in-process. RSS before and after is reported by `npm run
 * reliability`, not asserted (it is a figure, not a pass mark).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactContext } from '../../core/engine/compact.js';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import type { CompactRequestInput, CompactResponse } from '../../core/engine/schema.js';
import { generateHistory, GENERATED_TOOLS } from '../support/generate.js';
import { record } from './support/record.js';
import type { ServeChild } from './support/serve-child.js';
import { startServeChild } from './support/serve-child.js';

const VARIANTS: CompactRequestInput[] = [1, 2, 3, 4, 5].map((seed) => ({
  messages: generateHistory({
    calls: 8 + seed * 2,
    targetBytes: 20_000 * seed,
    layout: seed % 2 ? 'same_message' : 'next_message',
    seed,
  }),
  goal: 'finish the payment retry fix',
  eligible_tool_names: [...GENERATED_TOOLS],
  options: { preserve_recent_messages: 2 },
}));

/** What must be equal between the host's answer and the in-process one (timings differ). */
const essence = (r: CompactResponse) =>
  r.success
    ? JSON.stringify({ messages: r.answer.messages, decisions: r.answer.decisions, reason: r.answer.reason })
    : `failure ${r.answer.error.code}`;

let serve: ServeChild;
let expected: string[];
const rss: Record<string, number | null> = {};
beforeAll(async () => {
  serve = await startServeChild();
  expected = await Promise.all(
    VARIANTS.map(async (v) => essence(await compactContext(v, { model: createOfflineModel() }))),
  );
  rss.start_mb = serve.rssMb();
});
afterAll(async () => {
  await serve?.stop();
});

async function post(variant: number): Promise<string> {
  const res = await fetch(`${serve.base}/compact_context`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-inspector-token': serve.token },
    body: JSON.stringify(VARIANTS[variant]),
  });
  expect(res.status).toBe(200);
  return essence((await res.json()) as CompactResponse);
}

describe('load on the local service', () => {
  it('R11 50 concurrent POST /compact_context are all answered, each exactly as in-process', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(i % VARIANTS.length).then((a) => [i, a] as const)),
    );
    for (const [i, answer] of answers) expect(answer).toBe(expected[i % VARIANTS.length]);
    rss.after_concurrent_mb = serve.rssMb();
  });

  it('R11 500 sequential POST /compact_context are all answered, each exactly as in-process', async () => {
    let wrong = 0;
    for (let i = 0; i < 500; i++) if ((await post(i % VARIANTS.length)) !== expected[i % VARIANTS.length]) wrong++;
    expect(wrong).toBe(0);
    rss.after_sequential_mb = serve.rssMb();
    record({
      area: 'load',
      name: 'serve POST compact_context',
      tried: 550,
      outcomes: { answered_correctly: 550, lost: 0, ...rss },
      notes: `offline backend, ${VARIANTS.length} histories of ${VARIANTS.map((v) => Math.round(JSON.stringify(v.messages).length / 1000)).join('/')} kB`,
    });
  });
});
