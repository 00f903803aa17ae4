/** Finds a Chromium for Playwright: CHROME_PATH, Debian's, or Playwright's own download. */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  return candidates.find((path): path is string => typeof path === 'string' && path !== '' && existsSync(path)) ?? null;
}

export const NO_CHROMIUM = 'no Chromium for the end-to-end tests: apt-get install -y chromium (or set CHROME_PATH)';

/** Root runs Chromium without its sandbox; these flags keep a headless run quiet and offline. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
