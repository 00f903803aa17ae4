/**
 * Measures the web host's real heap need per body shape: the smallest `--max-old-space-size`
 * under which the built host (dist/, `npm run build` first) answers a `POST /compact_context`
 * with its §6 envelope and stays up, found by bisection on a fresh child each time. The child
 * is the real `startWebHost` with its body limit and budget lifted, so the need is measured,
 * not the admission rule's refusal. The admission rule in app/budget.ts rests on these
 * numbers: `nice npx tsx test/bench/host-heap.ts [MB] [shape…]` (default 19 MB bodies).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../app/cli/support.js';
import { runHeapBytes, runShapeOf } from '../../app/host/heap-budget.js';
import { HEAP_SHAPES } from '../support/heap-shapes.js';

const MB = 1024 * 1024;
const args = process.argv.slice(2);
const target = Number(args.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 19) * 1_000_000;
const only = args.filter((a) => !/^\d+(\.\d+)?$/.test(a));

const dist = (path: string) => pathToFileURL(join(ROOT, 'dist', path)).href;
/** The host without its limits: it prints its port and heap limit, then serves until killed. */
const CHILD = `
import { startWebHost } from ${JSON.stringify(dist('app/server/http.js'))};
import { setupHost } from ${JSON.stringify(dist('app/host/setup.js'))};
import { getHeapStatistics } from 'node:v8';
const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: process.cwd(), heapBudgetBytes: 2 ** 30 });
const host = await startWebHost({ token: 't', setup, maxBodyBytes: 2 ** 30 });
process.stdout.write('ready ' + host.port + ' ' + getHeapStatistics().heap_size_limit + '\\n');
`;

interface Probe {
  served: boolean;
  /** The child's V8 heap_size_limit: what the admission rule compares with. */
  heapLimit: number;
}

async function probe(heapMb: number, body: string): Promise<Probe> {
  const cwd = mkdtempSync(join(tmpdir(), 'ci-heap-'));
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--input-type=module', '-e', CHILD], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const [port, heapLimit] = await new Promise<[number, number]>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const match = /ready (\d+) (\d+)/.exec(out);
        if (match) resolve([Number(match[1]), Number(match[2])]);
      });
      child.once('exit', (code) => reject(new Error(`host child exited with ${code}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/compact_context`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-inspector-token': 't' },
      body,
    }).catch(() => null);
    const text = res ? await res.text().catch(() => '') : '';
    const served = res?.status === 200 && text.startsWith('{"success":') && child.exitCode === null;
    return { served, heapLimit };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(cwd, { recursive: true, force: true });
  }
}

/** Smallest heap (MB of --max-old-space-size) that serves `body`, to within ~3 %. */
async function smallestHeap(body: string, bodyMb: number): Promise<Probe & { heapMb: number }> {
  let low = 16;
  let high = Math.ceil(32 + bodyMb * 48);
  const top = await probe(high, body);
  if (!top.served) return { ...top, heapMb: Number.POSITIVE_INFINITY };
  let best = { ...top, heapMb: high };
  while (high - low > Math.max(4, high * 0.03)) {
    const mid = Math.round((low + high) / 2);
    const got = await probe(mid, body);
    if (got.served) {
      high = mid;
      best = { ...got, heapMb: mid };
    } else low = mid;
  }
  return best;
}

const tiny = JSON.stringify({ goal: 'go on', messages: [{ id: 'm0', role: 'user', content: 'hi' }] });
const base = await smallestHeap(tiny, 0);
const baseLimitMb = base.heapLimit / MB;
console.log(
  `idle host: smallest --max-old-space-size ${base.heapMb} MB (heap_size_limit ${baseLimitMb.toFixed(0)} MB)`,
);
console.log(
  '| shape | messages | body MB | smallest heap limit MB | factor (limit − idle) / body | rule: need MB (factor) | rule / measured |',
);
console.log('|---|---|---|---|---|---|---|');
for (const shape of HEAP_SHAPES) {
  if (only.length > 0 && !only.some((o) => shape.name.includes(o))) continue;
  const request = shape.request(target);
  const body = JSON.stringify(request);
  const bodyMb = Buffer.byteLength(body) / MB;
  const found = await smallestHeap(body, bodyMb);
  const limitMb = found.heapLimit / MB;
  const served = Number.isFinite(found.heapMb);
  const factor = served ? ((limitMb - baseLimitMb) / bodyMb).toFixed(1) : 'not served';
  const rule = runHeapBytes(runShapeOf(request, Buffer.byteLength(body))) / MB;
  const ratio = served ? (rule / (limitMb - baseLimitMb)).toFixed(2) : '—';
  console.log(
    `| ${shape.name} | ${request.messages.length} | ${bodyMb.toFixed(1)} | ${served ? limitMb.toFixed(0) : '—'} | ${factor} | ${rule.toFixed(0)} (${(rule / bodyMb).toFixed(1)}) | ${ratio} |`,
  );
}
