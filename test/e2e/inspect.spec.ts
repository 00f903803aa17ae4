/**
 * Audit aids on the bundled example, in Chromium against the web host: the keep_result
 * histogram beside the threshold curve, "Show full output" on cut results, and find with
 * highlights and Enter / Shift+Enter across off-screen rows. Role and label locators only.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { compactContext } from '../../dist/core/engine/compact.js';
import { createOfflineModel } from '../../dist/core/engine/offline/model.js';
import { paymentRetryScenario, scenarioRequest } from '../../dist/core/examples/index.js';
import { probabilitiesOf } from '../../dist/core/inspect/actions.js';
import { probabilityHistogram } from '../../dist/core/inspect/histogram.js';
import { expect, SCREENSHOTS, runExample, test } from './host.js';

// ARIA 1.3's `mark` role: Playwright's role engine maps <mark> to it, its type list lags behind.
const MARK = 'mark' as Parameters<Page['getByRole']>[0];

test('R12 R15 the Keep output histogram counts every evaluated candidate and marks the threshold', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const response = await compactContext(scenarioRequest(paymentRetryScenario()), { model: createOfflineModel() });
  if (!response.success) throw new Error('example run failed');
  const probs = probabilitiesOf(response.answer.decisions);
  const expected = probabilityHistogram([...probs.values()].map((p) => p.keepResult));

  const table = page.getByRole('table', { name: 'Keep output histogram' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(11);
  for (let i = 0; i < 10; i++) await expect(rows.nth(i + 1).getByRole('cell')).toHaveText(String(expected[i].count));
  await expect(
    page.getByRole('figure', { name: new RegExp(`Keep output of ${probs.size} evaluated candidates`) }),
  ).toBeVisible();

  await page.getByRole('slider', { name: 'Keep threshold' }).fill('0.35');
  await expect(table.getByRole('row', { name: /^0\.3–0\.4/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('figure', { name: /threshold 0\.35 in bin 0\.3–0\.4/ })).toBeVisible();
  await page.getByRole('region', { name: 'Tune' }).screenshot({ path: join(SCREENSHOTS, 'histogram.png') });
});

test('a cut result expands in place with "Show full output" (disclosure, keyboard reachable)', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const s = paymentRetryScenario();
  const block = (s.messages[1].content as Array<{ type: string; output?: unknown }>)[3];
  const full = String(block.output);
  const row = page.getByRole('list', { name: 'Side by side' }).getByRole('listitem', { name: /^Message msg_pay_001 / });
  const toggle = row.getByRole('button', { name: 'Show full output' }).first();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(row).not.toContainText(full.slice(-60));
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const region = row.getByRole('region', { name: 'Full output of msg_pay_001 block 3 (original)' });
  await expect(region).toContainText(full.slice(-60));
  await expect(region).toContainText(full.slice(0, 60));
  await row.screenshot({ path: join(SCREENSHOTS, 'full-output.png') });
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(region).toHaveCount(0);
});

test('a very long result renders its first 200,000 characters with a note', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const output = `${'0123456789'.repeat(20_000)}TAIL-NOT-RENDERED${'x'.repeat(49_983)}`;
  const history = [
    { id: 'u0', role: 'user', content: 'read it' },
    {
      id: 'a1',
      role: 'assistant',
      content: [
        { type: 'tool_call', id: 'c1', name: 'read_file', input: '{}', state: 'finished' },
        { type: 'tool_result', id: 'c1', name: 'read_file', output, state: 'success' },
      ],
    },
    { id: 'u2', role: 'user', content: 'done' },
  ];
  await page
    .getByLabel('Snapshot file')
    .setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(history)) });
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Audit' }).click();
  const row = page.getByRole('listitem', { name: /^Message a1 / });
  await row.getByRole('button', { name: 'Show full output' }).click();
  const region = row.getByRole('region', { name: /^Full output of a1 block 1/ });
  await expect(region).toContainText('0123456789'.repeat(3));
  await expect(region).not.toContainText('TAIL-NOT-RENDERED');
  await expect(row).toContainText('Showing the first 200,000 of 250,000 characters');
});

test('find highlights matches in both panes and Enter / Shift+Enter walk them, off-screen rows included', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const list = page.getByRole('list', { name: 'Side by side' });
  const status = page.getByRole('status', { name: 'Find results' });
  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Find', { exact: true })).toBeFocused();
  await page.keyboard.type('IDEMPOTENCY');
  await expect(status).toHaveText(/^– of \d+ matches$/);
  const total = Number(/^– of (\d+)/.exec((await status.textContent())!)![1]);
  expect(total).toBeGreaterThan(2);
  // The first matching message is below the fold: Enter scrolls it into view, highlighted.
  const current = list.locator('[aria-current="true"]');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`1 of ${total} matches`);
  await expect(current.getByRole(MARK).first()).toBeInViewport();
  await expect(current.getByRole(MARK).first()).toHaveText(/^idempotency$/i);
  // Both panes: a kept message's text shows in the original and the proposed pane alike.
  const kept = list.getByRole('listitem', { name: /^Message msg_pay_012 / });
  await kept.scrollIntoViewIfNeeded();
  for (const pane of ['original', 'proposed'])
    await expect(
      kept
        .locator(`td.pane.${pane}`)
        .getByRole(MARK)
        .filter({ hasText: /^idempotency$/i })
        .first(),
    ).toBeVisible();
  // Shift+Enter from the first wraps to the last match, far below: scrolled into view.
  await page.keyboard.press('Shift+Enter');
  await expect(status).toHaveText(`${total} of ${total} matches`);
  await expect(current.getByRole(MARK).first()).toBeInViewport();
  await page.keyboard.press('Shift+Enter');
  await expect(status).toHaveText(`${total - 1} of ${total} matches`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`1 of ${total} matches`);
  await page.screenshot({ path: join(SCREENSHOTS, 'find.png') });

  await page.getByLabel('Find', { exact: true }).fill('no-such-text-anywhere');
  await expect(status).toHaveText('No matches');
  await expect(list.getByRole(MARK)).toHaveCount(0);
});

test('a 156-character native message id wraps in its row header: the row does not overflow and Protect stays in it', async ({
  page,
  host,
}) => {
  // The shape of a Cline SDK session's per-tool message ids: one unbroken run.
  const longId = `msg_qkyA1yfW${'_tool_toolu_01ASLWrsc7sQ1adiRstjQa2n'.repeat(4)}`;
  expect(longId).toHaveLength(156);
  const history = [
    { id: 'u0', role: 'user', content: [{ type: 'text', text: 'edit it' }] },
    { id: longId, role: 'assistant', content: [{ type: 'text', text: 'done' }] },
  ];
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page
    .getByLabel('Snapshot file')
    .setInputFiles({ name: 'cline.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(history)) });
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Audit' }).click();
  const row = page.getByRole('listitem', { name: `Message ${longId} (assistant)` });
  await expect(row).toContainText(longId);
  expect(await row.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const rowBox = (await row.boundingBox())!;
  const button = (await row.getByRole('button', { name: 'Protect message' }).boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
});
