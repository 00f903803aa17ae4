/**
 * The decisions table and the evidence links, in Chromium against the web host on the bundled
 * example run offline: a header sorts (aria-sort), the filters narrow, a row opens the audit
 * at its call, an evidence link scrolls to the message it names, and every term explains
 * itself on keyboard focus (core/inspect/glossary.ts). Role and label locators only.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

const numbers = async (page: Page, column: number) =>
  (await page.getByRole('table', { name: 'Decisions' }).getByRole('row').allTextContents()).length > 0
    ? (
        await page
          .getByRole('table', { name: 'Decisions' })
          .locator('tbody tr[aria-rowindex]')
          .evaluateAll((trs, c) => trs.map((tr) => tr.children[c]?.textContent ?? ''), column)
      ).map((t) => Number(t.replace(/,/g, '')))
    : [];

test('R12 the decisions table sorts by a header, filters, and a row opens the audit at its call', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  await page.getByRole('tab', { name: 'Decisions' }).click();
  const table = page.getByRole('table', { name: 'Decisions' });
  const header = table.getByRole('columnheader', { name: 'Result chars' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const up = await numbers(page, 2);
  expect(up.length).toBeGreaterThan(3);
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const down = await numbers(page, 2);
  expect(down).toEqual([...up].sort((a, b) => b - a));
  await page.screenshot({ path: join(SCREENSHOTS, 'decisions.png') });

  // Filters: by action, then by text.
  const status = page.getByRole('status', { name: 'Decisions shown' });
  const total = Number(/of (\d+) calls/.exec((await status.textContent())!)![1]);
  await page.getByLabel('Action', { exact: true }).selectOption('drop_call');
  const dropped = table.locator('tbody tr[aria-rowindex]');
  await expect(dropped.first()).toContainText('drop call');
  for (const text of await dropped.allTextContents()) expect(text).toContain('drop call');
  await page.getByLabel('Action', { exact: true }).selectOption('all');
  await page.getByLabel('Filter decisions').fill('read_file');
  await expect(status).not.toHaveText(new RegExp(`^${total} of`));
  for (const text of await table.locator('tbody tr[aria-rowindex]').allTextContents())
    expect(text).toMatch(/read_file/);

  // The largest read_file result: Enter on its row opens the audit there.
  const first = table.locator('tbody tr[aria-rowindex]').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  const current = page.getByRole('list', { name: 'Side by side' }).locator('[aria-current="true"]');
  await expect(current).toBeInViewport();
  await expect(current.locator('td.pane.original').filter({ hasText: 'read_file' }).first()).toBeVisible();
});

test('evidence names messages as links that scroll there; every term explains itself on focus', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const list = page.getByRole('list', { name: 'Side by side' });
  // Evidence is collapsed under its row: open the first disclosure that holds a link, from the keyboard.
  const disclosure = list
    .locator('details.evidence-details', { has: page.locator('button[aria-label^="Go to message "]') })
    .first();
  await expect(disclosure.getByRole('button', { name: /^Go to message / }).first()).toBeHidden();
  // Its own summary, not the nested "more signals" one.
  await disclosure.locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  await expect(disclosure).toHaveAttribute('open', '');
  const link = disclosure.getByRole('button', { name: /^Go to message / }).first();
  await link.scrollIntoViewIfNeeded();
  // The evidence kind beside the link explains itself on keyboard focus.
  const quoted = disclosure.locator('.term', { hasText: /^quoted later in/ }).first();
  await quoted.focus();
  await expect(quoted.getByRole('tooltip')).toBeVisible();
  await expect(quoted).toHaveAccessibleDescription(/Later messages whose text or call inputs repeat/);
  await page.screenshot({ path: join(SCREENSHOTS, 'evidence-term.png') });
  // A reason likewise: in words, its code (what the record names) in the description, no rule numbers.
  const reason = list.locator('.decision .reason').first();
  await reason.focus();
  await expect(reason.getByRole('tooltip')).toBeVisible();
  await expect(reason).toContainText(/^(not needed|output needed|call needed)/);
  await expect(reason).toHaveAccessibleDescription(/^(result_needed|call_needed|not_needed|[a-z_]+) [A-Z]/);
  await expect(reason).not.toHaveAccessibleDescription(/\bR\d+\b/);

  const id = (await link.textContent())!;
  await link.click();
  const target = list.getByRole('listitem', { name: new RegExp(`^Message ${id} `) });
  await expect(target).toHaveAttribute('aria-current', 'true');
  await expect(target).toBeInViewport();
});
