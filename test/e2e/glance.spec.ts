/**
 * What a person takes in at a glance, in Chromium against the web host on the bundled example
 * run offline: a decision's evidence as three reasons in words with signed bars, the rest behind
 * an expander; the keep_call × keep_result scatter whose points open their call; the Cache tab
 * naming the tokenizer its costs are counted with, and drawing the break-even; and the peer
 * table's quoting messages as a count, narrowed to the calls where the two actions differ.
 */
import { join } from 'node:path';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

test('evidence shows three reasons in words with signed bars, the rest behind an expander', async ({ page, host }) => {
  await runExample(page, host.url);
  const list = page.getByRole('list', { name: 'Side by side' });
  const disclosure = list.locator('details.evidence-details', { has: page.locator('.reasons-rest') }).first();
  await disclosure.locator('summary').first().click();
  const top = disclosure.getByRole('list', { name: 'Strongest reasons' });
  await expect(top).toBeVisible();
  const items = top.getByRole('listitem');
  await expect(items).toHaveCount(3);
  // In words: which way each pushes, no internal answer names, each with its signed bars.
  for (const text of await items.allInnerTexts()) {
    expect(text).toMatch(/toward (keeping|dropping) the result|caps both answers|keeps the full result/);
    expect(text).not.toMatch(/keep_result|keep_call|R\d+/);
  }
  await expect(top.getByRole('img', { name: /^result [+−]\d\.\d\d, call [+−]\d\.\d\d$/ }).first()).toBeVisible();
  // The rest, baseline included, only when asked for.
  const rest = disclosure.locator('details.reasons-rest');
  await expect(rest.getByText('Where every call starts, before any signal')).toBeHidden();
  await rest.locator('summary').click();
  await expect(rest.getByText('Where every call starts, before any signal')).toBeVisible();
  await disclosure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'evidence-reasons.png') });
});

test('R12 the scatter puts every answered call against the threshold lines; a point opens its call', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  await page.getByRole('tab', { name: 'Decisions' }).click();
  const scatter = page.getByRole('group', { name: /^Calls by keep call and keep output, threshold/ });
  await expect(scatter).toBeVisible();
  const label = (await scatter.getAttribute('aria-label'))!;
  const count = Number(/: (\d+) calls/.exec(label)![1]);
  const points = scatter.getByRole('button');
  await expect(points).toHaveCount(count);
  // As many points as rows with both answers (the guarded rows have none).
  const answered = await page
    .getByRole('table', { name: 'Decisions' })
    .locator('tbody tr[aria-rowindex]')
    .evaluateAll((trs) => trs.filter((tr) => tr.children[4]?.textContent?.trim() !== '—').length);
  expect(count).toBe(answered);
  await page.screenshot({ path: join(SCREENSHOTS, 'decisions-scatter.png') });
  // Keyboard: focus a point, Enter opens the audit at that call.
  const first = points.first();
  const callId = (await first.getAttribute('aria-label'))!.split(' ')[0];
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  const current = page.getByRole('list', { name: 'Side by side' }).locator('[aria-current="true"]');
  await expect(current).toContainText(callId);
});

test('§9 the Cache tab names its tokenizer, says when it is not the model’s own, and draws the break-even', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  await page.getByRole('tab', { name: 'Cache' }).click();
  await page.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'Anthropic Claude Opus 5' });
  const note = page.getByLabel('Tokenizer');
  await expect(note).toContainText('o200k_base');
  await expect(note).toContainText('not published');
  const picture = page.getByRole('img', { name: /^Cumulative cost over \d+ requests/ });
  await expect(picture).toBeVisible();
  // The picture says what the table's break-even row says.
  const paysRow = page.getByRole('table', { name: 'Prompt cache' }).getByRole('row', { name: /^Pays for itself/ });
  const pays = await paysRow.locator('td').first().innerText();
  const further = /after (\d+) further request/.exec(pays);
  if (further) await expect(picture).toHaveAccessibleName(new RegExp(`from request ${Number(further[1]) + 1} on`));
  await picture.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'cache-break-even.png'), fullPage: true });
  await page.getByRole('combobox', { name: 'Preset' }).selectOption({ label: 'OpenAI GPT-5.5' });
  await expect(note).toContainText('OpenAI GPT-5.5 counts with this tokenizer too');
});

test('§9 the peer table counts the quoting messages and narrows to current ≠ peer', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('slider', { name: 'Keep threshold' }).fill('0.5');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('combobox', { name: 'Peer policy' }).selectOption({ label: 'observation masking' });
  const table = page.getByRole('table', { name: 'Calls where the peer destroys a used result' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  const all = await rows.count();
  // No cell lists more than three quoting messages until asked.
  for (let i = 0; i < all; i++) {
    const row = rows.nth(i);
    await expect(row).toContainText(/\d+ messages?: /);
    expect(await row.getByRole('button', { name: /^Go to message / }).count()).toBeLessThanOrEqual(3);
  }
  const status = page.getByRole('status', { name: 'Destroyed uses shown' });
  await expect(status).toHaveText(`${all} calls`);
  await page.getByRole('checkbox', { name: 'Current ≠ peer only' }).check();
  await expect(status).toHaveText(new RegExp(`^\\d+ of ${all} calls, where the two actions differ$`));
  const shown = Number(/^(\d+) of/.exec((await status.textContent())!)![1]);
  if (shown > 0) await expect(rows).toHaveCount(shown);
  await page.screenshot({ path: join(SCREENSHOTS, 'compare-differing.png'), fullPage: true });
});
