/**
 * `npm run bench:ui`, the inspector at real size: Claude Code sessions of 20 and 100 MB and a Codex
 * rollout of 50 MB made from the shared ones (test/support/bigSession.ts), and the 22 MB generated
 * history for comparison, each in a page of its own against the built `serve`. Per file: from the
 * file input's change until the Summary shows it, until a key typed in Goal is answered
 * (interactive), the longest main-thread tasks meanwhile, the page's JS heap after a GC (CDP), and
 * after a run with every tool eligible, a threshold step until the header shows its characters and
 * tokens. Writes bench-results/ui-realsize.md. Targets: interactive within 1.5× the CLI floor
 * (docs/benchmarks.md "Real size"), page heap ≤ 4× the file, no task over 200 ms while opening.
 * Sizes: BENCH_REAL_SIZES_MB (default "20,100"), BENCH_REAL_CODEX_MB (default "50", empty for none);
 * BENCH_REAL_STEP=0 leaves out the run and the step.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { BIG_SESSION_SOURCES, repeatClaudeCodeSession, repeatCodexRollout } from '../support/bigSession.js';
import { generateHistory } from '../support/generate.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { serve } from './serve.js';
import { stepThreshold } from './steps.js';

const SIZES_MB = (process.env.BENCH_REAL_SIZES_MB ?? '20,100').split(',').filter(Boolean).map(Number);
const CODEX_MB = (process.env.BENCH_REAL_CODEX_MB ?? '50').split(',').filter(Boolean).map(Number);
/** BENCH_REAL_STEP=0 measures the open alone: no run, no threshold step. */
const STEP = process.env.BENCH_REAL_STEP !== '0';
const THRESHOLDS = [0.1, 0.4, 0.7, 0.25, 0.55, 0.85];
const formats = sharedPath('formats');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

interface Case {
  label: string;
  file: string;
  /** Tools ticked for the run (every tool the session calls). */
  tools: 'all' | string[];
}

interface LongTask {
  start: number;
  duration: number;
}

interface Opened {
  summaryMs: number;
  interactiveMs: number;
  auditMs: number;
  tasks: LongTask[];
  heapBytes: number;
  /** Median threshold step after a run (and its re-derive share); null when not measured (BENCH_REAL_STEP=0). */
  step: { total: number; derived: number } | null;
}

/** Marks the file input's change (page time) and records long tasks and when the Summary shows `name`. */
function armOpen(name: string) {
  const w = window as unknown as { __open: { start: number; summary: number; tasks: LongTask[] } };
  w.__open = { start: 0, summary: 0, tasks: [] };
  document
    .querySelector('input[aria-label="Snapshot file"]')
    ?.addEventListener('change', () => (w.__open.start = performance.now()), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__open.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  // Checked each frame: the first frame that paints the Summary of this file.
  const check = () => {
    const file = document.querySelector('table[aria-label="File"] td');
    if (w.__open.start > 0 && file?.textContent === name) w.__open.summary = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function measure(browser: Browser, url: string, c: Case): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
    const name = c.file.split('/').at(-1) as string;
    await page.evaluate(armOpen, name);
    await page.getByLabel('Snapshot file').setInputFiles(c.file);
    await page.waitForFunction(() => (window as unknown as { __open: { summary: number } }).__open.summary > 0, null, {
      timeout: 300_000,
      polling: 100,
    });
    // Interactive: a key typed in Goal is in its value (the page's thread answered the input).
    const goal = page.getByLabel('Goal');
    await goal.press('End');
    await goal.press('x');
    await expect(goal).toHaveValue(/x$/);
    const answered = await page.evaluate(() => performance.now());
    const open = await page.evaluate(
      () => (window as unknown as { __open: { start: number; summary: number; tasks: LongTask[] } }).__open,
    );
    const tasks = open.tasks
      .filter((t) => t.start >= open.start && t.start <= answered)
      .map((t) => ({ start: t.start - open.start, duration: t.duration }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');

    // The audit view (virtualized): from the tab's click until its first row shows.
    const t0 = await page.evaluate(() => performance.now());
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect(page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').first()).toBeVisible({
      timeout: 120_000,
    });
    const auditMs = (await page.evaluate(() => performance.now())) - t0;

    const opened = {
      summaryMs: open.summary - open.start,
      interactiveMs: answered - open.start,
      auditMs,
      tasks,
      heapBytes: usedSize,
    };
    process.stdout.write(`${c.label}: opened ${JSON.stringify({ ...opened, tasks: tasks.length })}\n`);
    if (!STEP) return { ...opened, step: null };
    await page.getByLabel('Max state tokens').fill('2000000');
    await page.getByLabel('Max request tokens').fill('2100000');
    const tools = page.getByRole('group', { name: 'Eligible tools' });
    if (c.tools === 'all') for (const box of await tools.getByRole('checkbox').all()) await box.check();
    else for (const tool of c.tools) await tools.getByRole('checkbox', { name: tool, exact: true }).check();
    await goal.fill('Continue the work and write the report');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 900_000,
    });
    const tokens = page.getByLabel('Statistics').locator('.stat', { hasText: 'Tokens before → after' }).locator('dd');
    await expect(tokens).not.toContainText('counting…', { timeout: 900_000 });
    const steps = await stepThreshold(page, THRESHOLDS);
    return {
      ...opened,
      step: { total: median(steps.map((s) => s.total)), derived: median(steps.map((s) => s.derived)) },
    };
  } finally {
    await context.close();
  }
}

test('UI benchmark: the inspector at real size', async ({ browser }) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  test.setTimeout(3_600_000);
  const dir = mkdtempSync(join(tmpdir(), 'inspector-realsize-bench-'));
  const host = await serve(dir);
  const claude = readFileSync(join(formats as string, BIG_SESSION_SOURCES.claudeCode), 'utf8');
  const codex = readFileSync(join(formats as string, BIG_SESSION_SOURCES.codex), 'utf8');
  const write = (file: string, text: string) => (writeFileSync(join(dir, file), text), join(dir, file));
  const cases: Case[] = [
    {
      label: '22 MB generated history',
      file: write(
        'generated-20mb.json',
        JSON.stringify(generateHistory({ calls: 5000, targetBytes: 20_000_000, layout: 'next_message', seed: 7 })),
      ),
      tools: ['read_file', 'grep', 'list_dir'],
    },
    ...SIZES_MB.map((mb) => ({
      label: `Claude Code session, ${mb} MB`,
      file: write(`claude-code-${mb}mb.jsonl`, repeatClaudeCodeSession(claude, mb * 1e6)),
      tools: 'all' as const,
    })),
    ...CODEX_MB.map((mb) => ({
      label: `Codex rollout, ${mb} MB`,
      file: write(`codex-${mb}mb.jsonl`, repeatCodexRollout(codex, mb * 1e6)),
      tools: 'all' as const,
    })),
  ];
  const rows: string[] = [];
  const profiles: string[] = [];
  try {
    for (const c of cases) {
      const size = statSync(c.file).size;
      const m = await measure(browser, host.url, c);
      const longest = Math.max(0, ...m.tasks.map((t) => t.duration));
      rows.push(
        `| ${c.label} | ${(size / 1e6).toFixed(1)} MB | ${fmt(m.summaryMs)} | ${fmt(m.interactiveMs)} | ${fmt(longest)} | ${m.tasks.length} | ${fmt(m.heapBytes / 1e6)} | ${(m.heapBytes / size).toFixed(1)} | ${fmt(m.auditMs)} | ${m.step ? `${m.step.total.toFixed(1)} (${m.step.derived.toFixed(1)})` : '—'} |`,
      );
      const worst = [...m.tasks].sort((a, b) => b.duration - a.duration).slice(0, 6);
      profiles.push(
        `- ${c.label}: longest tasks (ms after the input's change: duration) ${worst.map((t) => `${fmt(t.start)}: ${fmt(t.duration)}`).join(', ') || 'none'}`,
      );
      process.stdout.write(`${rows.at(-1)}\n${profiles.at(-1)}\n`);
    }
  } finally {
    host.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  const table = [
    '# UI benchmark: the inspector at real size (`npm run bench:ui`)',
    '',
    `Chromium headless, the built \`serve\` on 127.0.0.1, offline backend, a page of its own per file, one run each, ${new Date().toISOString()}.`,
    '',
    '| history | size | open → summary ms | → interactive ms | longest task ms | tasks over 50 ms | page heap MB | heap/file | Audit tab → first row ms | threshold step ms (re-derive) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...profiles,
    '',
  ].join('\n');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/ui-realsize.md', table);
  process.stdout.write(`${table}\n`);
});
