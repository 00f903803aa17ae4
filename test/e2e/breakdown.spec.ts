/**
 * Where the characters are (core/inspect/breakdown.ts), in Chromium against the web host: the
 * Summary tab and Before running show the split of the 1 MB transcript whose characters sit
 * mostly in the recent window (R4), and name the option that reaches them; changing that
 * option moves them to the candidates. Role and label locators only.
 */
import { join } from 'node:path';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, SCREENSHOTS, test } from './host.js';

const corpus = sharedPath('corpus');
test.skip(corpus === null, sharedSkipReason('corpus'));

test('R4 the breakdown shows most characters in the last 6 messages and the option that reaches them', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Snapshot file').setInputFiles(join(corpus!, 'miniswe-gemini3pro-requests-1142.json'));
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Summary' }).click();

  const summary = page.getByRole('region', { name: 'Where the characters are' });
  const table = summary.getByRole('table', { name: 'Where the characters are' });
  const recent = table.getByRole('row', { name: /^Protected: last 6 messages/ });
  await expect(recent).toBeVisible();
  const share = Number(/([\d.]+) %/.exec((await recent.getByRole('cell').last().textContent()) ?? '')![1]);
  expect(share).toBeGreaterThan(84);
  // The other guards' rows are named as the audit header and Before running name them (R5).
  await expect(table.getByRole('row', { name: /^Kept: tool not eligible / })).toBeVisible();
  await expect(summary.getByRole('note', { name: 'Where to reach them' })).toContainText(
    /preserve_recent_messages protects; .*"Preserve recent messages" at 0 and bash ticked/,
  );
  // Its command stages files (git add): the advice says the shell rule (R3) keeps it even then.
  await expect(summary.getByRole('note', { name: 'Where to reach them' })).toContainText(
    'so the shell rule keeps it even then',
  );
  await summary.screenshot({ path: join(SCREENSHOTS, 'breakdown.png') });

  const before = page.getByRole('region', { name: 'Before running' });
  // The table is shown once, on the Summary tab; Before running keeps the advice beside the options.
  await expect(before.getByRole('table', { name: 'Where the characters are' })).toHaveCount(0);
  await expect(before.getByRole('note', { name: 'Where to reach them' })).toContainText('preserve_recent_messages');

  // Following the advice moves the characters out of the window, to the shell rule that keeps them.
  await page.getByRole('checkbox', { name: /^bash/ }).check();
  await page.getByLabel('Preserve recent messages').fill('0');
  await expect(
    table
      .getByRole('row', { name: /^Protected: last 0 messages/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('0.0 %');
  const writes = table
    .getByRole('row', { name: /^Kept: shell command writes/ })
    .getByRole('cell')
    .last();
  expect(Number(/([\d.]+) %/.exec((await writes.textContent()) ?? '')![1])).toBeGreaterThan(84);
  await expect(summary.getByRole('note', { name: 'Where to reach them' })).toHaveCount(0);
});
