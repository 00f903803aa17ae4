/**
 * The openai backend end to end against the fake OpenAI server (a real HTTP server on
 * 127.0.0.1): a run with usage and the Requests tab (key redacted); a failing provider shows
 * the error and keeps the previous proposal; a slow one can be cancelled.
 */
import { join } from 'node:path';
import type { FakeOpenAI } from '../support/fakeOpenAI.js';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { expect, SCREENSHOTS, test as base } from './host.js';

const KEY = 'sk-e2e-secret-0123456789abcdef';
const mode = { fail: false, slow: false };

const test = base.extend<{ fake: FakeOpenAI }>({
  fake: async ({}, use) => {
    mode.fail = false;
    mode.slow = false;
    const fake = await startFakeOpenAI({
      behaviour: () => (mode.fail ? { status: 400 } : mode.slow ? { delayMs: 20_000 } : {}),
    });
    await use(fake);
    await fake.close();
  },
  env: async ({ fake }, use) =>
    use({
      DECISION_MODEL_BACKEND: 'openai',
      DECISION_MODEL_API_KEY: KEY,
      DECISION_MODEL_BASE_URL: fake.url,
      DECISION_MODEL_NAME: 'gpt-fake',
      DECISION_MODEL_TIMEOUT_SECONDS: '30',
    }),
});

test('R10 R11 openai run, failure keeps the previous proposal, cancel ends a slow run', async ({
  page,
  host,
  fake,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByLabel('Decision model', { exact: true })).toHaveValue('openai');
  await expect(page.getByLabel('Model name')).toHaveValue('gpt-fake');
  await expect(page.getByText('API key: set in the environment')).toBeVisible();

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Statistics')).toContainText('openai · gpt-fake');
  expect(fake.requests.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page.getByText(/Batch 1 of/)).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('"messages"');
  await expect(page.getByRole('tabpanel')).not.toContainText(KEY);
  await page.screenshot({ path: join(SCREENSHOTS, 'requests.png') });
  await page.getByRole('tab', { name: 'Observation' }).click();
  await expect(page.getByLabel('Observation text')).toContainText('# Goal (the next action)');
  await page.screenshot({ path: join(SCREENSHOTS, 'observation.png') });
  // Token counts arrive after the run (counted off the main thread); the line is taken once they are in.
  await expect(page.getByLabel('Statistics')).not.toContainText('counting…');
  const charsLine = await page.getByLabel('Statistics').textContent();

  mode.fail = true;
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toContainText('Run failed: model_error');
  await expect(page.getByRole('alert')).not.toContainText(KEY);
  expect(await page.getByLabel('Statistics').textContent()).toBe(charsLine);
  await page.screenshot({ path: join(SCREENSHOTS, 'run-failed.png') });

  mode.fail = false;
  mode.slow = true;
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status', { name: 'Run progress' })).toContainText(/Batches 0 of \d/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('Run failed: cancelled');
  expect(await page.getByLabel('Statistics').textContent()).toBe(charsLine);
});

test('the stored key goes only to its configured base URL: another URL asks for its own key', async ({
  page,
  host,
  fake,
}) => {
  const other = await startFakeOpenAI();
  try {
    const ENTERED = 'sk-e2e-entered-for-other-9876543210';
    await page.goto(host.url);
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByLabel('API key for this base URL')).toHaveCount(0);
    await page.getByLabel('Base URL', { exact: true }).fill(other.url);
    const keyField = page.getByLabel('API key for this base URL');
    await expect(keyField).toBeVisible();
    await expect(keyField).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByRole('alert')).toContainText('the stored API key is sent only to its configured base URL');
    expect(other.requests).toEqual([]);

    await keyField.fill(ENTERED);
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Statistics')).toContainText('openai · gpt-fake');
    expect(other.requests.length).toBeGreaterThan(0);
    expect(new Set(other.requests.map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${ENTERED}`]));
    expect(fake.requests).toEqual([]);

    // Back to the configured URL: the field goes, the entered key with it.
    await page.getByLabel('Base URL', { exact: true }).fill(`${fake.url}/`);
    await expect(keyField).toHaveCount(0);
    await page.getByLabel('Base URL', { exact: true }).fill(other.url);
    await expect(keyField).toHaveValue('');
  } finally {
    await other.close();
  }
});
