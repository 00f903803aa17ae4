/**
 * Open folder, in Chromium against the web host: a folder tree (the shared native-format files,
 * one subfolder per format, with a SOURCES.md beside them) opens as a workspace of its history
 * files only — the notes and anything else `eval` would not read are left out.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HISTORY_FILE_NAME } from '../../dist/core/eval/transcripts.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, test } from './host.js';

const formats = sharedPath('formats');

function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? historyFiles(join(dir, e.name)) : HISTORY_FILE_NAME.test(e.name) ? [e.name] : [],
  );
}

test('§9 Open folder measures the history files below it and leaves the rest out', async ({ page, host }) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  test.setTimeout(180_000);
  const expected = historyFiles(formats as string).length;
  expect(readdirSync(formats as string)).toContain('SOURCES.md');
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Workspace folder').setInputFiles(formats as string);
  await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
  await expect(page.getByText(new RegExp(`sessions from ${expected} files`))).toBeVisible({ timeout: 150_000 });
});
