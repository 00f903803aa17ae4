/**
 * `npm run bench:ui`, in Chromium against the web host: open and render
 * the 20 MB generated history (10,002 messages), re-derive and repaint after a threshold
 * change with 1,000 candidates, and frames dropped while scrolling the 10,000 messages.
 * Writes bench-results/ui.md. Targets: ≤ 3 s, ≤ 50 ms, none noticeable.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateHistory } from '../support/generate.js';
import { expect, SCREENSHOTS, test } from './host.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;

/** Marks the moment the file input changes, in page time, so CDP's upload is not counted. */
async function armOpenTimer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __openStart?: number; __longest?: number };
    w.__longest = 0;
    document
      .querySelector('input[type=file]')
      ?.addEventListener('change', () => (w.__openStart = performance.now()), { capture: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest ?? 0, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

async function openFile(
  page: Page,
  path: string,
  name: string,
): Promise<{ wallMs: number; pageMs: number; longestTaskMs: number }> {
  await armOpenTimer(page);
  const t0 = Date.now();
  await page.getByLabel('Snapshot file').setInputFiles(path);
  await expect(page.locator('.toolbar')).toContainText(name, { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').first()).toBeVisible();
  const pageMs = await page.evaluate(
    () =>
      new Promise<number>((r) =>
        requestAnimationFrame(() => r(performance.now() - (window as unknown as { __openStart: number }).__openStart)),
      ),
  );
  const longestTaskMs = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  return { wallMs: Date.now() - t0, pageMs, longestTaskMs };
}

test('UI benchmark', async ({ page, host }) => {
  test.setTimeout(300_000);
  const big = join(host.dir, 'generated-20mb.json');
  writeFileSync(
    big,
    JSON.stringify(generateHistory({ calls: 5000, targetBytes: 20_000_000, layout: 'next_message', seed: 7 })),
  );
  const mid = join(host.dir, 'generated-1000-candidates.json');
  writeFileSync(mid, JSON.stringify(generateHistory({ calls: 1000, targetBytes: 4_000_000, seed: 11 })));

  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');

  // 1. Open and render the 20 MB history.
  const opens = [];
  for (let i = 0; i < 3; i++) opens.push(await openFile(page, big, 'generated-20mb.json'));
  const messages = await page.getByLabel('Statistics').textContent();

  // 3. Scroll the 10,000 messages: frame intervals while scrolling 400 px a frame.
  const frames = await page.evaluate(async () => {
    const scroller = document.querySelector('.scroller') as HTMLElement;
    const deltas: number[] = [];
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    for (let i = 0; i < 400; i++) {
      scroller.scrollTop += 400;
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      deltas.push(now - last);
      last = now;
    }
    return { deltas, scrolledTo: scroller.scrollTop, height: scroller.scrollHeight };
  });
  const vsync = median(frames.deltas);
  const dropped = frames.deltas.filter((d) => d > vsync * 1.5).length;
  const worstFrame = Math.max(...frames.deltas);
  await page.screenshot({ path: join(SCREENSHOTS, 'bench-20mb-audit.png') });

  // 4. Find on the 10,002 messages: typed term → "n of m matches" (includes the 120 ms debounce;
  // the first term also builds the per-message search text), then Enter → match on screen.
  const findMs: number[] = [];
  const status = page.getByRole('status', { name: 'Find results' });
  for (const term of ['error', 'retry', 'payment']) {
    const t0 = Date.now();
    await page.getByLabel('Find', { exact: true }).fill(term);
    await expect(status).toHaveText(/ of \d+|No matches/);
    findMs.push(Date.now() - t0);
  }
  const t1 = Date.now();
  await page.getByLabel('Find', { exact: true }).press('Shift+Enter');
  await expect(status).toHaveText(/^(\d+) of \1 match(es)?$|No matches/);
  const findJumpMs = Date.now() - t1;
  const findStatus = await status.textContent();

  // 2. Threshold change with 1,000 candidates.
  await openFile(page, mid, 'generated-1000-candidates.json');
  for (const [label, value] of [
    ['Max state tokens', '400000'],
    ['Max request tokens', '500000'],
  ])
    await page.getByLabel(label).fill(value);
  for (const tool of ['read_file', 'grep', 'list_dir']) await page.getByRole('checkbox', { name: tool }).check();
  await page.getByLabel('Goal').fill('Finish the payment retry fix using the retry policy source read earlier.');
  await expect(page.getByRole('region', { name: 'Before running' })).toContainText(
    /1,?000 of 1,?000|99\d of 1000|\d+ of 1000/,
  );
  const candidates = Number(
    (await page.getByRole('region', { name: 'Before running' }).locator('strong').textContent()) ?? 0,
  );
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true', { timeout: 120_000 });
  const thresholds = [0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 0.3, 0.6, 0.45, 0.2, 0.65, 0.35];
  const timings = await page.evaluate(async (values) => {
    const slider = document.getElementById('keep-threshold') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const out: Array<{ commit: number; paint: number }> = [];
    for (const v of values) {
      await new Promise((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      setValue.call(slider, String(v));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve();
      const commit = performance.now() - t0;
      // The first frame after the change is the repaint (its callback runs before paint).
      await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => setTimeout(r, 0));
      out.push({ commit, paint: performance.now() - t0 });
    }
    return out;
  }, thresholds);
  await expect(page.locator('output[for="keep-threshold"]')).toHaveText('0.35');
  const commitMs = median(timings.map((t) => t.commit));
  const paintMs = median(timings.map((t) => t.paint));
  await page.screenshot({ path: join(SCREENSHOTS, 'bench-1000-candidates.png') });

  const openWall = median(opens.map((o) => o.wallMs));
  const openPage = median(opens.map((o) => o.pageMs));
  const longest = Math.max(...opens.map((o) => o.longestTaskMs));
  const mb = (statSync(big).size / 1e6).toFixed(1);
  const table = [
    '# UI benchmark (`npm run bench:ui`)',
    '',
    `Chromium headless (${process.env.CHROME_PATH ?? '/usr/bin/chromium'}), viewport 1440×900, web host on 127.0.0.1, ${new Date().toISOString()}.`,
    '',
    '| measure | result | target | ok |',
    '|---|---:|---:|:-:|',
    `| open + render ${mb} MB generated history (10,002 messages), page time, median of 3 | ${Math.round(openPage)} ms | ≤ 3000 ms | ${openPage <= 3000 ? 'yes' : 'no'} |`,
    `| same, wall time including Playwright's file upload | ${Math.round(openWall)} ms | — | |`,
    `| longest main-thread task while opening | ${Math.round(longest)} ms | — | |`,
    `| threshold change → re-derive + commit, ${candidates} candidates, median of ${thresholds.length} | ${round(commitMs)} ms | ≤ 50 ms | ${commitMs <= 50 ? 'yes' : 'no'} |`,
    `| threshold change → next frame (repaint) | ${round(paintMs)} ms | ≤ 50 ms | ${paintMs <= 50 ? 'yes' : 'no'} |`,
    `| scrolling 10,002 messages, 400 frames at 400 px/frame: frames over 1.5× vsync (${round(vsync)} ms) | ${dropped} | none noticeable | ${dropped <= 4 ? 'yes' : 'no'} |`,
    `| worst frame while scrolling | ${round(worstFrame)} ms | — | |`,
    `| find on 10,002 messages: term → "n of m", first term (builds search text) / median of next two, incl. 120 ms debounce | ${findMs[0]} / ${median(findMs.slice(1))} ms | — | |`,
    `| find: Shift+Enter → last match ("${findStatus}") scrolled into view | ${findJumpMs} ms | — | |`,
    '',
    `Header after opening: ${messages?.replace(/\s+/g, ' ').trim()}`,
    '',
  ].join('\n');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/ui.md', table);
  process.stdout.write(`${table}\n`);
});
