/**
 * `npm run docs:screenshot`: the README's picture of the audit view (docs/audit.png) and every
 * tab at 1440 and 900 px (docs/screens/<tab>-<width>.png, shown in docs/inspector.md), taken
 * from the bundled example on the offline model through the end-to-end tests' own host
 * fixture, so the pictures show the app as it is built; and the approval queue with a Claude Code
 * session the real hook queued (docs/claude-code.md). Regenerate them whenever a view changes.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, runExample, test } from '../e2e/host.js';
import { liveSession, runPreCompactHook } from '../support/liveSession.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';

const docs = (name: string) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));
const TABS = ['Summary', 'Audit', 'Decisions', 'Compare', 'Cache', 'Observation', 'Requests'];

/** Runs the example and waits for both header figures, so no picture shows a count still running. */
async function ready(page: Page, url: string) {
  await runExample(page, url);
  await expect(page.getByLabel('Statistics')).not.toContainText('counting…');
  await expect(page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').first()).toBeVisible();
}

test('the audit view of the bundled example, as it opens after Run', async ({ page, host }) => {
  await ready(page, host.url);
  await page.screenshot({ path: docs('audit.png') });
});

for (const width of [1440, 900]) {
  test(`every tab at ${width} px`, async ({ page, host }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await ready(page, host.url);
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await page.screenshot({ path: docs(`screens/${tab.toLowerCase()}-${width}.png`) });
    }
    await page.getByRole('tab', { name: 'Decisions' }).click();
    await page.getByRole('button', { name: 'Export…' }).click();
    await expect(page.getByRole('dialog', { name: 'Export the approved snapshot' })).toBeVisible();
    await page.screenshot({ path: docs(`screens/export-${width}.png`) });
  });
}

test('the approval queue and a queued Claude Code compaction, before and after approval', async ({ page, host }) => {
  const formats = sharedPath('formats');
  test.skip(formats === null, sharedSkipReason('formats'));
  const session = liveSession(
    host.dir,
    join(formats ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl'),
  );
  const hook = await runPreCompactHook(session, join(host.dir, 'approvals'), { approval_wait_seconds: 0 });
  expect(hook.code, hook.stderr).toBe(0);
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('button', { name: 'Approval queue, 1 waiting' }).click();
  await expect(page.getByRole('row', { name: /project/ })).toBeVisible();
  await page.screenshot({ path: docs('screens/approvals-queue.png') });
  await page.getByRole('button', { name: /Open the proposal/ }).click();
  const bar = page.getByRole('region', { name: 'Claude Code compaction waiting for approval' });
  await bar.getByLabel('Reviewer').fill('Ada Reviewer');
  await expect(page.getByLabel('Statistics')).not.toContainText('counting…');
  await page.screenshot({ path: docs('screens/approvals-decide.png') });
  await bar.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByLabel('Command that resumes it')).toHaveValue(/claude --resume/);
  await page.screenshot({ path: docs('screens/approvals-approved.png') });
});
