/** The embedded default: first start shows the example; one click on Run shows a proposal. */
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

  // j/k walk the changed rows; the selected row is marked for assistive tech too.
  await page.locator('body').press('j');
  const current = list.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  const first = await current.getAttribute('aria-label');
  await page.locator('body').press('j');
  await expect(current).not.toHaveAttribute('aria-label', first!);
  await page.locator('body').press('k');
  await expect(current).toHaveAttribute('aria-label', first!);

  // Raw JSON per block.
  const row = list.getByRole('listitem', { name: first! });
  await row.getByRole('button', { name: /Raw JSON of .* block 0 \(original\)/ }).click();
  await expect(row.locator('pre').first()).toContainText('"type":');

  // R4: protect a message from the transcript; it is listed and removable, and the counts follow.
  const before = await page.getByRole('region', { name: 'Before running' }).locator('strong').textContent();
  await row.getByRole('button', { name: 'Protect message' }).click();
  const id = first!.replace(/^Message (\S+) .*$/, '$1');
  await expect(page.getByRole('region', { name: 'Protections' })).toContainText(id);
  await expect(page.getByRole('region', { name: 'Before running' }).locator('strong')).not.toHaveText(before!);
  await page.getByRole('button', { name: `Remove protection of message ${id}` }).click();
  await expect(page.getByRole('region', { name: 'Before running' }).locator('strong')).toHaveText(before!);

  // R3: a call protected from its decision is listed the same way, and removable.
  const protections = page.getByRole('region', { name: 'Protections' });
  const decision = page.getByLabel(/^Decision for /).first();
  const callId = ((await decision.getAttribute('aria-label')) ?? '').replace(/^Decision for /, '');
  await decision.getByRole('button', { name: 'Protect call' }).click();
  await expect(protections).toContainText(`call ${callId}`);
  await protections.getByRole('button', { name: `Remove protection of call ${callId}` }).click();
  await expect(protections).not.toContainText(`call ${callId}`);
});
