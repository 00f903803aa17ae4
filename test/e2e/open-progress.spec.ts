/**
 * Opening a big file (SPEC §9 sources): the progress names bytes read of the size, records and the
 * format once detected; Cancel, reached from the keyboard, stops the open and keeps the file open
 * before; a file over the page's limit is refused before a byte is read, naming the limit and the
 * command line. The limit is lowered for the test through the page's documented address setting.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { BIG_SESSION_SOURCES, repeatClaudeCodeSession } from '../support/bigSession.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, test } from './host.js';

const formats = sharedPath('formats');

/** Counts the workers the page starts: each open reads its file in a worker of its own. */
async function countWorkers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __workers: number };
    w.__workers = 0;
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        w.__workers++;
      }
    };
  });
}

const workers = (page: Page) => page.evaluate(() => (window as unknown as { __workers: number }).__workers);

test('§9 a big session shows bytes, records and its format while it opens; Cancel from the keyboard keeps the file open before', async ({
  page,
  host,
}) => {
  test.skip(!formats, sharedSkipReason('formats'));
  const source = readFileSync(join(formats!, BIG_SESSION_SOURCES.claudeCode), 'utf8');
  const big = join(host.dir, 'big-session.jsonl');
  writeFileSync(big, repeatClaudeCodeSession(source, 60_000_000));

  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.locator('.toolbar')).toContainText('payment-retry.json');

  await page.getByLabel('Snapshot file').setInputFiles(big);
  const status = page.getByRole('status', { name: 'Opening' });
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toContainText(/big-session\.jsonl: .* of 6\d\.\d MB/);
  await expect(status).toContainText(/[\d,]+ records/);
  await expect(status).toContainText('Claude Code session JSONL');

  // Cancel is in the tab order: Tab from Open snapshot reaches it.
  await page.getByRole('button', { name: 'Open snapshot' }).focus();
  const cancel = page.getByRole('button', { name: 'Cancel opening big-session.jsonl' });
  for (let i = 0; i < 30 && !(await cancel.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(status).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Notice' })).toHaveText(
    'Opening big-session.jsonl cancelled; payment-retry.json is still open',
  );
  await expect(page.locator('.toolbar')).toContainText('payment-retry.json');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('button', { name: 'Open snapshot' })).toBeFocused();
  // The example's worker still answers for it: a run on it completes as before.
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
});

test('§9 a file over the page limit is refused before it is read, naming its size, the limit and the command line', async ({
  page,
  host,
}) => {
  await countWorkers(page);
  const file = join(host.dir, 'too-big.json');
  writeFileSync(file, JSON.stringify([{ id: 'm0', role: 'user', content: 'x'.repeat(2_500_000) }]));

  await page.goto(`${host.url}&open-limit-mb=1`);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const before = await workers(page);

  await page.getByLabel('Snapshot file').setInputFiles(file);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('too-big.json: 2.5 MB is more than this page can open, 1.0 MB');
  await expect(alert).toContainText('set by open-limit-mb=1');
  await expect(alert).toContainText("compaction-inspector compact_context goal='…' messages=@FILE");
  await expect(alert).toContainText('docs/cli.md');
  await expect(alert).toContainText('payment-retry.json is still open');
  // Nothing was read: no worker was started for it, and no progress was shown.
  expect(await workers(page)).toBe(before);
  await expect(page.getByRole('status', { name: 'Opening' })).toHaveCount(0);
});

test('§9 an open limit setting that is not a whole number of MB is said to be ignored', async ({ page, host }) => {
  await page.goto(`${host.url}&open-limit-mb=lots`);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('status', { name: 'Notice' })).toHaveText(
    'open-limit-mb=lots is ignored: it takes a whole number of MB, at least 1',
  );
});
