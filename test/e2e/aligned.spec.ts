/**
 * R13 R14 the side by side in Chromium on the bundled example: what the proposal puts in place
 * of a block sits on that block's line, as a diff viewer aligns a hunk and its replacement
 * (core/inspect/align.ts `blockLines`), so a tall original never pushes the proposed side's next
 * block out of line. Measured on the laid-out page: each line's cells start level.
 */
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, SCREENSHOTS, runExample, test } from './host.js';

const top = async (cell: Locator) => (await cell.boundingBox())!.y;
const bottom = async (cell: Locator) => {
  const box = (await cell.boundingBox())!;
  return box.y + box.height;
};

test('R14 a dropped call and its result are replaced on their own lines; R13 a shortened result beside its original', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  // The example's proposal drops calls and shortens nothing: shorten one long result by hand.
  await page.getByLabel('Filter').selectOption('kept');
  await page.getByLabel('Override toolu_05RetryPolicy').selectOption('drop_result');
  await page.getByLabel('Filter').selectOption('changed');
  const list = page.getByRole('list', { name: 'Side by side' });

  // The first removal marker: on the line of the call it replaces, spanning its result's line.
  const removed = page.getByRole('cell', { name: /^tool_call and tool_result removed \(drop_call\)$/ });
  const table = list.getByRole('table').filter({ has: removed }).first();
  await expect(table).toHaveAccessibleName(/^Blocks of .+: Original beside Proposed$/);
  const line = table.getByRole('row').filter({ has: removed }).first();
  const marker = line.getByRole('cell', { name: /removed \(drop_call\)$/ });
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('rowspan', '2');
  const callCell = line.locator('td.pane.original');
  await expect(callCell).toContainText(/\S/);
  await expect(callCell.locator('.block.call')).toHaveCount(1);
  expect(Math.abs((await top(marker)) - (await top(callCell)))).toBeLessThanOrEqual(1);
  // The result's line: its original cell ends where the marker does.
  const number = Number(await line.getByRole('rowheader').textContent());
  const resultLine = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(number + 1) }) });
  const resultCell = resultLine.locator('td.pane.original');
  await expect(resultCell.locator('.block.result')).toHaveCount(1);
  await expect(resultLine.locator('td.pane.proposed')).toHaveCount(0);
  expect(Math.abs((await bottom(marker)) - (await bottom(resultCell)))).toBeLessThanOrEqual(1);

  // Every line of every changed row on screen starts level on both sides.
  const lines = list.getByRole('row').filter({ has: page.locator('td.pane.proposed') });
  const count = await lines.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const row = lines.nth(i);
    if (!(await row.isVisible())) continue;
    const [left, right] = [row.locator('td.pane.original'), row.locator('td.pane.proposed')];
    expect(Math.abs((await top(left)) - (await top(right)))).toBeLessThanOrEqual(1);
  }

  // A shortened result (R13) sits beside the full output it shortens.
  await list.getByRole('listitem', { name: /^Message msg_pay_012 / }).scrollIntoViewIfNeeded();
  const shortLine = list
    .getByRole('row')
    .filter({ has: page.locator('.block.truncated') })
    .first();
  const shortened = shortLine.locator('td.pane.proposed');
  const beside = shortLine.locator('td.pane.original');
  await expect(beside.locator('.block.result')).toHaveCount(1);
  expect(Math.abs((await top(shortened)) - (await top(beside)))).toBeLessThanOrEqual(1);

  await marker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'aligned.png') });
});
