/**
 * Nothing lost by accident, in Chromium against the web host: with a proposal not exported
 * (or changed since its export, store selectUnsaved) opening another file asks first in the
 * confirmation dialog, and the page holds a beforeunload listener, so closing or reloading
 * gets the browser's prompt; with nothing run, or right after an export, neither asks.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bundledExample } from '../../dist/app/host/setup.js';
import { exportThroughDialog } from './exporting.js';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

async function ready(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
}

const other = () => ({
  name: 'other.json',
  mimeType: 'application/json',
  buffer: Buffer.from(bundledExample().text),
});

/** How many beforeunload listeners the page's window holds, as Chromium's debugger lists them. */
async function unloadListeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
  await cdp.detach();
  return listeners.filter((l) => l.type === 'beforeunload').length;
}

/**
 * Every beforeunload prompt the page raises, dismissed (the person chose to stay). A prompt is
 * listed only once its dismissal is done: a test that waits for the list and then ends must not
 * leave a dismissal in flight, or it races the one the context's close sends for open prompts.
 */
function prompts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', async (d) => {
    await d.dismiss();
    seen.push(d.type());
  });
  return seen;
}

test('opening another file over a proposal not exported asks first; Cancel keeps it and its overrides, confirming opens the file', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const stats = page.getByLabel('Statistics');
  const toolbar = page.getByRole('banner');
  const [callOverride] = await page.getByRole('combobox', { name: /^Override / }).all();
  await callOverride.selectOption('keep');
  await expect(stats).toContainText('Overrides1');

  await page.getByLabel('Snapshot file').setInputFiles(other());
  const dialog = page.getByRole('dialog', { name: 'Open other.json?' });
  await expect(dialog).toHaveAccessibleDescription(
    /^The proposal for payment-retry\.json has not been exported: its decisions and 1 override would be lost\./,
  );
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const confirm = dialog.getByRole('button', { name: 'Discard proposal and open' });
  // Focus starts on the safe choice and Tab never leaves the dialog.
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm).toBeFocused();
  await page.screenshot({ path: join(SCREENSHOTS, 'unsaved-open.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toolbar).toContainText('payment-retry.json');
  await expect(stats).toContainText('Overrides1');
  await expect(callOverride).toHaveValue('keep');

  await page.getByLabel('Snapshot file').setInputFiles(other());
  await cancel.click();
  await expect(dialog).toHaveCount(0);
  await expect(stats).toContainText('Overrides1');
  await expect(page.getByRole('button', { name: 'Export…' })).toBeEnabled();

  await page.getByLabel('Snapshot file').setInputFiles(other());
  await confirm.press('Enter');
  await expect(toolbar).toContainText('other.json');
  await expect(stats).toContainText('none — press Run');
});

test('an exported proposal opens another file without asking; a change after the export asks again, undoing it does not', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  await exportThroughDialog(page, { reviewer: 'Grace Hopper' });
  const [callOverride] = await page.getByRole('combobox', { name: /^Override / }).all();
  await callOverride.selectOption('keep');
  await page.getByLabel('Snapshot file').setInputFiles(other());
  const dialog = page.getByRole('dialog', { name: 'Open other.json?' });
  await expect(dialog).toHaveAccessibleDescription(
    /has changed since it was exported: its decisions and 1 override would be lost/,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await callOverride.selectOption('');
  // Back to what was exported: nothing would be lost.
  await page.getByLabel('Snapshot file').setInputFiles(other());
  await expect(page.getByRole('banner')).toContainText('other.json');
  await expect(dialog).toHaveCount(0);
});

test('with nothing run no beforeunload listener is registered; a run adds one and its prompt keeps the page; Discard removes it', async ({
  page,
  host,
}) => {
  const seen = prompts(page);
  await page.goto(host.url);
  await ready(page);
  expect(await unloadListeners(page)).toBe(0);
  await page.reload();
  await ready(page);
  expect(seen).toEqual([]);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await ready(page);
  expect(await unloadListeners(page)).toBe(1);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => seen).toEqual(['beforeunload']);
  // Dismissed: the page stays open with its proposal.
  expect(page.isClosed()).toBe(false);
  await expect(page.getByRole('button', { name: 'Export…' })).toBeEnabled();

  // Discarding leaves nothing to lose: the listener is gone again.
  await page.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('dialog', { name: 'Discard the proposal?' })
    .getByRole('button', { name: 'Discard proposal' })
    .click();
  await page.reload();
  await ready(page);
  expect(seen).toEqual(['beforeunload']);
});

test('right after an export a reload goes through unasked; the next change asks again', async ({ page, host }) => {
  const seen = prompts(page);
  await runExample(page, host.url);
  await exportThroughDialog(page, { reviewer: 'Grace Hopper' });
  expect(await unloadListeners(page)).toBe(0);
  await page.reload();
  await ready(page);
  expect(seen).toEqual([]);
  // The reload started afresh: the example again, no proposal.
  await expect(page.getByLabel('Statistics')).toContainText('none — press Run');

  await runExample(page, host.url);
  await exportThroughDialog(page, { reviewer: 'Grace Hopper' });
  const [callOverride] = await page.getByRole('combobox', { name: /^Override / }).all();
  await callOverride.selectOption('keep');
  await expect.poll(() => unloadListeners(page)).toBe(1);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => seen).toEqual(['beforeunload']);
  // Dismissed: the page stays open with the changed proposal.
  expect(page.isClosed()).toBe(false);
  await expect(page.getByLabel('Statistics')).toContainText('Overrides1');
});
