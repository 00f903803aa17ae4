/** A real web host per test file, in this process, with a fresh token and a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base } from '@playwright/test';
import { startWebHost } from '../../dist/app/server/http.js';
import { newToken } from '../../dist/app/server/security.js';
import { setupHost } from '../../dist/app/host/setup.js';

export interface HostFixture {
  url: string;
  origin: string;
  token: string;
  dir: string;
}

export const test = base.extend<{ env: Record<string, string | undefined>; host: HostFixture }>({
  env: [{ DECISION_MODEL_BACKEND: 'offline' }, { option: true }],
  host: async ({ env }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'inspector-e2e-'));
    const token = newToken();
    // The approval queue is the test's own, never the user's (app/host/approvals.ts).
    const setup = setupHost('web', { env, cwd: dir, queueDir: join(dir, 'approvals') });
    const web = await startWebHost({ port: 0, token, setup });
    await use({ url: web.url, origin: `http://127.0.0.1:${web.port}`, token, dir });
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  },
});

export { expect };

export const SCREENSHOTS = join(process.cwd(), 'test-results', 'screenshots');

/** Opens the inspector on the bundled example and runs it; returns once the Audit tab shows the proposal. */
export async function runExample(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
}

/** Opens the inspector on the file at `path` (through the file picker); returns once it is read. */
export async function openFile(page: Page, url: string, path: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Snapshot file').setInputFiles(path);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
}
