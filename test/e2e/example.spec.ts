/** Issue 4 "Embedded default": first start shows the example; one click on Run shows a proposal. */
import { join } from 'node:path';
import { expect, SCREENSHOTS, test } from './host.js';

test('R12 the bundled example runs offline with one click and shows a proposal', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByLabel('Goal')).toHaveValue(/BILL-2291/);
  await expect(page.getByRole('checkbox', { name: 'read_file' })).toBeChecked();
  await page.screenshot({ path: join(SCREENSHOTS, 'summary.png') });

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const stats = page.getByRole('definition').filter({ hasText: '→' }).first();
  await expect(stats).toBeVisible();
  await expect(page.getByLabel('Statistics')).toContainText('offline');
  // The retry-policy read is the goal's source: R12 keeps its result.
  const list = page.getByRole('list', { name: 'Side by side' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'audit.png') });
});
