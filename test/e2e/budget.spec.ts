/**
 * R7 before running, in Chromium on the bundled example: a max_state_tokens the observation
 * cannot fit is reported in Before running with the value to set, and that value runs.
 */
import { FITTING_LABELS } from '../../core/inspect/glossary.js';
import { join } from 'node:path';
import { expect, SCREENSHOTS, test } from './host.js';

test('R7 Before running names the max_state_tokens a run needs, and a run at that value succeeds', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const max = page.getByLabel('Max state tokens', { exact: true });
  await max.fill('1');
  const alert = page.getByRole('alert', { name: 'Observation budget' });
  await expect(alert).toContainText('A run would stop before asking the model (observation too large)');
  const value = /Set Max state tokens to at least ([\d,]+)/.exec(await alert.innerText())![1].replaceAll(',', '');
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'budget-warning.png') });
  await max.fill(value);
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  // Stage 4 (R7), in the words the header uses: old calls merged.
  await expect(page.getByLabel('Statistics')).toContainText(`What the model read${FITTING_LABELS[4]}`);
});
