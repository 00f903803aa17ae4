/**
 * §9 One proposal, one set of figures, as a person reads them in Chromium on the bundled example
 * after a goal edit: the header's tokens after, the Cache tab's unchanged prefix and next
 * request, and the current row of Compare's peer table show the same numbers.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, SCREENSHOTS, test } from './host.js';

/** The text of `row`'s cell under the column headed `header` of `table`. */
async function cell(table: Locator, row: RegExp, header: string): Promise<string> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  const r = table.getByRole('row', { name: row });
  return (await r.locator('th, td').nth(index).innerText()).trim();
}

async function headerTokensAfter(page: Page): Promise<string> {
  const text = await page
    .locator('dl[aria-label="Statistics"]')
    .locator('.stat', { hasText: 'Tokens before → after' })
    .locator('dd')
    .innerText();
  expect(text).not.toContain('counting');
  return text.split('→')[1].trim();
}

test('§9 the header, Cache and Compare show the same tokens after, unchanged prefix and next request', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const goal = page.getByRole('textbox', { name: 'Goal' });
  await goal.fill(`${await goal.inputValue()} and explain the fix`);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.locator('dl[aria-label="Statistics"]')).not.toContainText('counting');
  const tokensAfter = await headerTokensAfter(page);

  await page.getByRole('tab', { name: 'Cache' }).click();
  const cache = page.getByRole('table', { name: 'Prompt cache' });
  await expect(cache).not.toContainText('counting');
  const prefix = await cell(cache, /^Unchanged prefix \(tokens\)/, 'This proposal');
  const next = await cell(cache, /^Next request with it/, 'This proposal');

  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('combobox', { name: 'Peer policy' }).selectOption({ label: 'observation masking' });
  const sides = page.getByRole('table', { name: 'The current proposal and the peer' });
  await expect(sides).not.toContainText('counting');
  expect(await cell(sides, /^Current/, 'Tokens after')).toBe(tokensAfter);
  expect(await cell(sides, /^Current/, 'Unchanged prefix (tokens)')).toBe(prefix);
  expect(await cell(sides, /^Current/, 'Next request')).toBe(next);
  await page.screenshot({ path: join(SCREENSHOTS, 'compare-figures.png'), fullPage: true });
});
