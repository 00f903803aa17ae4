/**
 * A run shows its stage and batch count in a live region, and Cancel, reached from the keyboard,
 * stops it and leaves the previous proposal as it was. The model is the fake OpenAI server (a
 * real HTTP server on 127.0.0.1), slowed so the run is still asking when Cancel is pressed.
 */
import type { FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { expect, test as base } from './host.js';

const mode = { slow: false };

const test = base.extend<{ fake: FakeOpenAI }>({
  fake: async ({}, use) => {
    mode.slow = false;
    const fake = await startFakeOpenAI({ behaviour: () => (mode.slow ? { delayMs: 20_000 } : {}) });
    await use(fake);
    await fake.close();
  },
  env: async ({ fake }, use) =>
    use({
      DECISION_MODEL_BACKEND: 'openai',
      DECISION_MODEL_API_KEY: 'sk-e2e-progress-0123456789',
      DECISION_MODEL_BASE_URL: fake.url,
      DECISION_MODEL_NAME: 'gpt-fake',
      DECISION_MODEL_TIMEOUT_SECONDS: '30',
    }),
});

test('R10 a run shows its stage and batches; Cancel from the keyboard stops it and keeps the proposal', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Statistics')).not.toContainText('counting…');
  const stats = await page.getByLabel('Statistics').textContent();
  const rows = await page.getByRole('list', { name: 'Side by side' }).textContent();

  mode.slow = true;
  await page.getByRole('button', { name: 'Run' }).focus();
  await page.keyboard.press('Enter');
  const progress = page.getByRole('status', { name: 'Run progress' });
  await expect(progress).toHaveText(/^Asking the model · Batches 0 of \d+$/);
  await expect(page.getByRole('progressbar', { name: 'Batches answered' })).toHaveAttribute('value', '0');
  // Run gave way to Cancel, and focus went with it: Enter again cancels.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('alert')).toContainText('Run failed: cancelled');
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run' })).toBeFocused();
  expect(await page.getByLabel('Statistics').textContent()).toBe(stats);
  expect(await page.getByRole('list', { name: 'Side by side' }).textContent()).toBe(rows);
  await expect(page.getByRole('button', { name: 'Export…' })).toBeEnabled();
});
