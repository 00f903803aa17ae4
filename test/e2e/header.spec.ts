/**
 * Honest labels, in Chromium against the web host: the audit header names its counts for what
 * they count — candidates, and the calls kept by each guard under the reason the decisions
 * record (R3's first failing guard; R4's recent window apart). §6 stats count an unticked
 * tool's calls as `protected`; the header shows them under "tool not eligible" (R5).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

/** The header's counts as shown: candidates and each reason's line, e.g. "tool not eligible 2". */
async function headerCounts(page: Page): Promise<{ candidates: number; kept: Record<string, number> }> {
  const stats = page.getByLabel('Statistics');
  const candidates = /Candidates([\d,]+)/.exec((await stats.textContent()) ?? '');
  const kept: Record<string, number> = {};
  for (const line of await stats.getByRole('list', { name: 'Kept by a guard' }).getByRole('listitem').allInnerTexts()) {
    const [, reason, count] = /^(.+) ([\d,]+)$/.exec(line.trim())!;
    kept[reason] = Number(count.replace(/,/g, ''));
  }
  return { candidates: Number(candidates![1].replace(/,/g, '')), kept };
}

const total = ({ candidates, kept }: Awaited<ReturnType<typeof headerCounts>>) =>
  candidates + Object.values(kept).reduce((a, b) => a + b, 0);

test('R3 R5 unticking a tool after Run moves its calls under "tool not eligible", never under a protection', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const stats = page.getByLabel('Statistics');
  await expect(stats).not.toContainText(/protected \/ ineligible/i);
  const before = await headerCounts(page);
  expect(before.candidates).toBeGreaterThan(0);

  await page.getByRole('checkbox', { name: 'read_file' }).uncheck();
  // Only removing candidates: the proposal re-derives at once (no banner, no run).
  await expect.poll(async () => (await headerCounts(page)).candidates).toBeLessThan(before.candidates);
  const after = await headerCounts(page);
  const moved = before.candidates - after.candidates;
  // Every pair is still counted once, and only "tool not eligible" grew: by the candidates it
  // took, plus any read_file call a protection used to name (R3 checks the tool first).
  expect(total(after)).toBe(total(before));
  expect(after.kept['tool not eligible']).toBeGreaterThanOrEqual((before.kept['tool not eligible'] ?? 0) + moved);
  for (const reason of Object.keys(after.kept))
    if (reason !== 'tool not eligible') expect(after.kept[reason]).toBeLessThanOrEqual(before.kept[reason] ?? 0);

  // Each reason explains itself on keyboard focus (core/inspect/glossary.ts).
  const term = stats.getByRole('list', { name: 'Kept by a guard' }).locator('.term', { hasText: /^tool not eligible/ });
  await term.focus();
  await expect(term.getByRole('tooltip')).toBeVisible();
  await expect(term).toHaveAccessibleDescription(/The tool is not ticked/);
  await page.screenshot({ path: join(SCREENSHOTS, 'header-kept.png'), clip: { x: 0, y: 0, width: 1440, height: 190 } });

  await page.getByRole('checkbox', { name: 'read_file' }).check();
  // Ticking needs the model again: the proposal stays as derived until a run.
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect.poll(() => headerCounts(page)).toEqual(before);
});
