/** The real Electron shell, only where its binary exists (it cannot be downloaded here). */
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../../dist/app/electron/binary.js';
import { CHANNELS } from '../../dist/core/ipc/contract.js';

const binary = findElectronBinary();
test.skip(!binary, 'Electron binary not installed (npm start falls back to the web host)');

test('Electron window is sandboxed, exposes only window.inspector and runs the example', async () => {
  const app = await electron.launch({
    executablePath: binary!,
    args: [join(process.cwd(), 'dist/app/electron/main.js')],
  });
  const page = await app.firstWindow();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  // Exactly one fixed method per contract channel, named by the channel: nothing generic.
  expect(await page.evaluate(() => Object.keys((window as unknown as { inspector: object }).inspector).sort())).toEqual(
    [...CHANNELS].sort(),
  );
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', 'electron.png') });
  await app.close();
});
