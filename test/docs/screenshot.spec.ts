/**
 * `npm run docs:screenshot`: the README's picture of the audit view (docs/audit.png) and every
 * tab at 1440 and 900 px (docs/screens/<tab>-<width>.png, shown in docs/inspector.md), taken
 * from the bundled example on the offline model through the end-to-end tests' own host
 * fixture, so the pictures show the app as it is built. Regenerate them whenever a view changes.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, runExample, test } from '../e2e/host.js';

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
