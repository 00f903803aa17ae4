/**
 * Find searches what the audit view shows (core/inspect/display.ts), in Chromium against the
 * web host: a quoted command in a real transcript is found as displayed, hits are counted one
 * by one, and a hit past a cut preview opens the text and is the current highlight until the
 * text is closed.
 * Role and label locators only.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, SCREENSHOTS, test } from './host.js';

// ARIA 1.3's `mark` role: Playwright's role engine maps <mark> to it, its type list lags behind.
const MARK = 'mark' as Parameters<Page['getByRole']>[0];
const corpus = sharedPath('corpus');

async function openAudit(page: Page, url: string, file: string | { name: string; history: unknown }) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page
    .getByLabel('Snapshot file')
    .setInputFiles(
      typeof file === 'string'
        ? file
        : { name: file.name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file.history)) },
    );
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Audit' }).click();
}

test('Find on a quoted command finds it as shown and counts hits, not messages', async ({ page, host }) => {
  test.skip(corpus === null, sharedSkipReason('corpus'));
  await openAudit(page, host.url, join(corpus!, 'miniswe-gemini3pro-requests-1142.json'));
  const status = page.getByRole('status', { name: 'Find results' });
  const find = page.getByLabel('Find', { exact: true });
  await find.fill('grep -r "Content-Length"');
  await expect(status).toHaveText(/^– of \d+ match(es)?$/);
  await find.press('Enter');
  await expect(status).toHaveText(/^1 of \d+ match(es)?$/);
  const current = page.getByRole('list', { name: 'Side by side' }).locator('mark[aria-current="true"]').first();
  await expect(current).toBeInViewport();
  await expect(current).toHaveText('grep -r "Content-Length"');
  await page.screenshot({ path: join(SCREENSHOTS, 'find-quoted.png') });

  // A JSON key of every block is not text anyone sees: far fewer hits than messages.
  await find.fill('"type"');
  await expect(status).toHaveText(/match|No matches/);
  const shown = (await status.textContent()) ?? '';
  expect(shown === 'No matches' || Number(/of (\d+)/.exec(shown)![1]) < 143).toBe(true);
});

test('a hit past the cut of a preview opens the text there and is the current highlight', async ({ page, host }) => {
  const output = `${'line of output\n'.repeat(200)}the NEEDLE is here\n${'more\n'.repeat(50)}`;
  const history = [
    { id: 'u0', role: 'user', content: `find it ${'words '.repeat(200)} NEEDLE in a long text` },
    {
      id: 'a1',
      role: 'assistant',
      content: [
        { type: 'tool_call', id: 'c1', name: 'read_file', input: '{"path":"log.txt"}', state: 'finished' },
        { type: 'tool_result', id: 'c1', name: 'read_file', output, state: 'success' },
      ],
    },
    { id: 'u2', role: 'user', content: 'done' },
  ];
  await openAudit(page, host.url, { name: 'needle.json', history });
  const status = page.getByRole('status', { name: 'Find results' });
  const find = page.getByLabel('Find', { exact: true });
  const list = page.getByRole('list', { name: 'Side by side' });
  await find.fill('needle');
  await expect(status).toHaveText('– of 2 matches');
  await expect(list.getByRole(MARK)).toHaveCount(0);
  await find.press('Enter');
  await expect(status).toHaveText('1 of 2 matches');
  const user = list.getByRole('listitem', { name: /^Message u0 / });
  await expect(user.getByRole(MARK).first()).toHaveAttribute('aria-current', 'true');
  await expect(user.getByRole(MARK).first()).toBeInViewport();

  await find.press('Enter');
  await expect(status).toHaveText('2 of 2 matches');
  const row = list.getByRole('listitem', { name: /^Message a1 / });
  const region = row.getByRole('region', { name: 'Full output of a1 block 1 (original)' });
  await expect(region).toBeVisible();
  await expect(region.locator('mark[aria-current="true"]')).toHaveText('NEEDLE');
  await expect(region.locator('mark[aria-current="true"]')).toBeInViewport();
  await expect(row.getByRole('button', { name: 'Show full output' }).first()).toHaveAttribute('aria-expanded', 'true');
  // The user's text closed again when Find moved on: only the hit stood on opens.
  await expect(user.getByRole(MARK)).toHaveCount(0);

  // Closing what Find opened lets go of the hit, in the count as in the view (one record of it: store `findCurrent`).
  await row.getByRole('button', { name: 'Show full output' }).first().click();
  await expect(region).toBeHidden();
  await expect(list.locator('mark[aria-current="true"]')).toHaveCount(0);
  await expect(status).toHaveText('– of 2 matches');
  await find.press('Enter');
  await expect(status).toHaveText('1 of 2 matches');
  await expect(user.getByRole(MARK).first()).toHaveAttribute('aria-current', 'true');
});
