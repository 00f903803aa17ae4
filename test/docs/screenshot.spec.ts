/**
 * `npm run docs:screenshot`: the README's picture of the audit view (docs/audit.png), taken from
 * the bundled example on the offline model through the end-to-end tests' own host fixture, so
 * the picture shows the app as it is built. Regenerate it whenever the audit view changes.
 */
import { fileURLToPath } from 'node:url';
import { expect, runExample, test } from '../e2e/host.js';

const PICTURE = fileURLToPath(new URL('../../docs/audit.png', import.meta.url));

test('the audit view of the bundled example, as it opens after Run', async ({ page, host }) => {
  await runExample(page, host.url);
  // Both header figures in, so the picture never shows a count still running.
  await expect(page.getByLabel('Statistics')).not.toContainText('counting…');
  await expect(page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: PICTURE });
});
