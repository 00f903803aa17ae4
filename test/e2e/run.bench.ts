/**
 * `npm run bench:ui`, in Chromium against the web host: does the page stay responsive while a long
 * run works, and how soon does Cancel take effect? On the shared Claude Code session repeated to
 * 20 MB and 50 MB (test/support/bigSession.ts), every tool eligible, offline backend: after Run, a
 * probe every 250 ms (a `page.evaluate` round trip, which waits for the page's main thread) until
 * the proposal and its token counts are shown, with a long-task observer in the page; then a second
 * run cancelled 1 s after Run's click returned. Writes bench-results/ui-run.md. Target: no task over 100 ms on 20 MB.
 * Sizes: BENCH_RUN_SIZES_MB, default "20,50".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { BIG_SESSION_SOURCES, repeatClaudeCodeSession } from '../support/bigSession.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { serve } from './serve.js';

const SIZES_MB = (process.env.BENCH_RUN_SIZES_MB ?? '20,50').split(',').map(Number);
const PROBE_MS = 250;
/** Cancel is pressed this long after Run's click returned: mid-run at both sizes. */
const CANCEL_AFTER_MS = 1_000;
const formats = sharedPath('formats');

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

interface LongTask {
  start: number;
  duration: number;
}

/** Opens `file`, ticks every tool, sets a budget a day-long session needs (R7) and a goal. */
async function prepare(page: Page, url: string, file: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Snapshot file').setInputFiles(file);
  await expect(page.locator('.toolbar')).toContainText('.jsonl', { timeout: 120_000 });
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready', { timeout: 120_000 });
  await page.getByLabel('Max state tokens').fill('2000000');
  await page.getByLabel('Max request tokens').fill('2100000');
  const tools = page.getByRole('group', { name: 'Eligible tools' }).getByRole('checkbox');
  for (const box of await tools.all()) await box.check();
  await page.getByLabel('Goal').fill('Continue the investigation and write the phase 0 report');
}

/** Long tasks from now on, in page time relative to the call. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: LongTask[]; __t0: number; __observer?: PerformanceObserver };
    w.__observer?.disconnect();
    w.__tasks = [];
    w.__t0 = performance.now();
    w.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__tasks.push({ start: e.startTime - w.__t0, duration: e.duration });
    });
    w.__observer.observe({ type: 'longtask', buffered: false });
  });
}

/** What a probe reads besides its own latency: the run's stage, and whether the proposal is in. */
const probeState = () => {
  const progress = document.querySelector('[aria-label="Run progress"]');
  const stats = document.querySelector('[aria-label="Statistics"]');
  return {
    stage: progress?.textContent ?? null,
    shown: !progress && !!stats && !stats.textContent?.includes('counting'),
    failed: document.querySelector('[role="alert"]')?.textContent ?? null,
  };
};

interface Measured {
  runMs: number;
  probes: Array<{ at: number; latency: number; stage: string | null }>;
  tasks: LongTask[];
}

/** Runs and probes the page every PROBE_MS until the proposal and its token counts are shown. */
async function probeRun(page: Page): Promise<Measured> {
  await observeLongTasks(page);
  const t0 = Date.now();
  // Clicked by the page on its next task, so the first probes wait on the click's handler too
  // (Playwright's own click returns only after the handler has run).
  await page.evaluate(() => {
    const run = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Run');
    setTimeout(() => run?.click(), 0);
  });
  const probes: Measured['probes'] = [];
  let runMs = 0;
  for (let next = t0 + PROBE_MS; ; next += PROBE_MS) {
    await pause(Math.max(0, next - Date.now()));
    const sent = Date.now();
    const state = await page.evaluate(probeState);
    probes.push({ at: sent - t0, latency: Date.now() - sent, stage: state.stage });
    if (state.failed) throw new Error(`run failed: ${state.failed}`);
    if (state.stage === null && runMs === 0) runMs = Date.now() - t0;
    if (state.shown) break;
    if (Date.now() - t0 > 600_000) throw new Error('run did not finish in 10 minutes');
  }
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: LongTask[] }).__tasks);
  return { runMs, probes, tasks };
}

/**
 * Runs again and presses Cancel after `afterMs` (in the page, so no wait for the button to be
 * stable): until the Run button is back, what the run had reached, and whether it was cancelled.
 */
async function cancelLatency(page: Page, afterMs: number): Promise<{ ms: number; stage: string; outcome: string }> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await pause(afterMs);
  const t0 = Date.now();
  const stage = await page.evaluate(() => {
    const stage = document.querySelector('[aria-label="Run progress"]')?.textContent ?? null;
    const cancel = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Cancel');
    cancel?.click();
    return cancel ? stage : null;
  });
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 600_000 });
  const ms = Date.now() - t0;
  const alert =
    (await page
      .getByRole('alert')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? '';
  const outcome =
    stage === null ? 'finished before Cancel' : alert.includes('cancelled') ? 'cancelled' : 'ran to the end';
  return { ms, stage: (stage ?? '').replace(/\s+/g, ' ').trim(), outcome };
}

/** Each stage the probes read, at the first probe that read it. */
function stagesSeen(probes: Measured['probes']): string {
  const seen = new Map<string, number>();
  for (const p of probes) {
    const stage = p.stage?.replace(/ · .*/, '') ?? 'shown';
    if (!seen.has(stage)) seen.set(stage, p.at + p.latency);
  }
  return [...seen].map(([stage, at]) => `${stage} ${fmt(at)}`).join(' → ');
}

/** One row per size: a probed run, then a run cancelled 1 s after Run's click returned. */
async function measure(page: Page, host: { url: string; dir: string }, source: string, mb: number): Promise<string> {
  const file = join(host.dir, `claude-code-${mb}mb.jsonl`);
  writeFileSync(file, repeatClaudeCodeSession(source, mb * 1_000_000));
  const size = statSync(file).size / 1e6;
  await prepare(page, host.url, file);
  const run = await probeRun(page);
  const latencies = run.probes.map((p) => p.latency);
  const longest = Math.max(0, ...run.tasks.map((t) => t.duration));
  const worst = [...run.tasks].sort((a, b) => b.duration - a.duration).slice(0, 6);
  process.stdout.write(
    `${mb} MB: run ${run.runMs} ms; stages first seen (ms after Run): ${stagesSeen(run.probes)}\n` +
      `  longest tasks (start ms after Run: duration): ${worst.map((t) => `${fmt(t.start)}: ${fmt(t.duration)}`).join(', ')}\n` +
      `  slowest probes (sent ms after Run: latency): ${[...run.probes]
        .sort((a, b) => b.latency - a.latency)
        .slice(0, 6)
        .map((p) => `${fmt(p.at)}: ${fmt(p.latency)} (${p.stage ?? 'done'})`)
        .join(', ')}\n`,
  );
  const cancel = await cancelLatency(page, CANCEL_AFTER_MS);
  process.stdout.write(`  cancel at "${cancel.stage}": ${cancel.ms} ms, ${cancel.outcome}\n`);
  const row = `| ${size.toFixed(1)} MB | ${fmt(run.runMs)} ms | ${run.probes.length} | ${fmt(Math.max(...latencies))} ms | ${fmt(percentile(latencies, 95))} ms | ${fmt(longest)} ms | ${run.tasks.length} | ${fmt(cancel.ms)} ms (${cancel.stage}; ${cancel.outcome}) |`;
  process.stdout.write(`${row}\n`);
  return row;
}

test('UI benchmark: responsiveness while a long run works, and Cancel', async ({ page }) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  test.setTimeout(1_800_000);
  const dir = mkdtempSync(join(tmpdir(), 'inspector-run-bench-'));
  const host = { dir, ...(await serve(dir)) };
  const source = readFileSync(join(formats as string, BIG_SESSION_SOURCES.claudeCode), 'utf8');
  const rows: string[] = [];
  try {
    for (const mb of SIZES_MB) rows.push(await measure(page, host, source, mb));
  } finally {
    host.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }

  const table = [
    '# UI benchmark: responsiveness during a run, and Cancel (`npm run bench:ui`)',
    '',
    `Chromium headless, web host on 127.0.0.1, offline backend, the shared Claude Code session repeated, every tool eligible, probe every ${PROBE_MS} ms from Run until the proposal and its tokens are shown, ${new Date().toISOString()}.`,
    '',
    '| session | Run → proposal | probes | max probe latency | p95 probe latency | longest task | tasks over 50 ms | Cancel → Run back (stage at Cancel) |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/ui-run.md', table);
  process.stdout.write(`${table}\n`);
});
