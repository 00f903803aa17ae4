/**
 * End-to-end tests in Chromium against the real web host and core (test/e2e), plus the UI
 * benchmark (project `bench`, run by `npm run bench:ui`), real Electron where its binary
 * exists (project `electron`) and the README's screenshot (project `docs`, run by
 * `npm run docs:screenshot`; it writes a tracked file, so no other script runs it).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM } from './test/e2e/chromium.js';

const executablePath = findChromium();
if (!executablePath) {
  process.stderr.write(`${NO_CHROMIUM}\n`);
  process.exit(1);
}

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    acceptDownloads: true,
    trace: 'off',
  },
  projects: [
    { name: 'web', testMatch: /.*\.spec\.ts/, testIgnore: /electron\.spec\.ts/ },
    { name: 'bench', testMatch: /.*\.bench\.ts/, timeout: 300_000 },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
    { name: 'docs', testDir: './test/docs', testMatch: /.*\.spec\.ts/ },
  ],
});
