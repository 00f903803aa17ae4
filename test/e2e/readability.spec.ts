/**
 * The inspector read at a glance, in Chromium against the web host on the bundled example: the
 * Export dialog above every part of the page, a 900-px window with the policy folded away and
 * every action and probability read whole, the pairs a threshold step changed marked (R12,
 * R15), focus on the new figures after Run, and files that are not histories refused in words
 * with a way to dismiss. Role and label locators, and the data-app-state="ready" signal.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { compactContext } from '../../dist/core/engine/compact.js';
import { createOfflineModel } from '../../dist/core/engine/offline/model.js';
import { paymentRetryScenario, scenarioRequest } from '../../dist/core/examples/index.js';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

async function decisionsAt(threshold: number) {
  const request = scenarioRequest(paymentRetryScenario());
  const response = await compactContext(
    { ...request, options: { ...request.options, keep_threshold: threshold } },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error('example run failed');
  return response.answer.decisions;
}

/** The element at the centre of `label`'s field is the field itself: nothing is drawn over it. */
async function fieldOnTop(page: Page, label: string): Promise<boolean> {
  return page.getByLabel(label, { exact: true }).evaluate((field) => {
    const box = field.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === field;
  });
}

for (const width of [1400, 900]) {
  test(`the Export dialog is above the decisions table's sticky header at ${width} px, and says where files go`, async ({
    page,
    host,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await runExample(page, host.url);
    await page.getByRole('tab', { name: 'Decisions' }).click();
    await expect(page.getByRole('table', { name: 'Decisions' })).toBeVisible();
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
    await expect(dialog).toBeVisible();
    expect(await fieldOnTop(page, 'Reviewer')).toBe(true);
    expect(await fieldOnTop(page, 'Export as')).toBe(true);
    // The web host says where the files go; the reviewer is named by the person, never the OS user.
    await expect(dialog).toContainText("Downloaded to your browser's downloads folder");
    await expect(dialog.getByLabel('Reviewer', { exact: true })).toHaveValue('');
  });
}

test('R12 at 900 px the policy folds away and no action or probability in Decisions is cut', async ({ page, host }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await runExample(page, host.url);
  const toggle = page.getByRole('button', { name: 'Policy »' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('complementary', { name: 'Policy' })).toBeHidden();
  await page.getByRole('tab', { name: 'Decisions' }).click();
  const table = page.getByRole('table', { name: 'Decisions' });
  await expect(table.getByRole('cell', { name: 'drop call' }).first()).toBeVisible();
  const cut = await table.locator('tbody tr[aria-rowindex]').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [...Array.from(row.querySelectorAll('.badge.action')), row.children[4], row.children[5]]
        .filter((e): e is HTMLElement => e instanceof HTMLElement)
        .filter((e) => e.scrollWidth > e.clientWidth)
        .map((e) => e.textContent),
    ),
  );
  expect(cut).toEqual([]);
  // drop_result and drop_call read as different words.
  const labels = await table.locator('.badge.action').allTextContents();
  expect(new Set(labels)).toEqual(new Set(['keep', 'drop call', 'drop output'].filter((l) => labels.includes(l))));
  expect(labels.some((l) => l.startsWith('drop_'))).toBe(false);

  await toggle.click();
  await expect(page.getByRole('button', { name: '« Hide policy' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('textbox', { name: 'Goal' })).toBeVisible();
});

test('R12 R15 a threshold step marks every call whose action it changed, and only those', async ({ page, host }) => {
  const atHalf = await decisionsAt(0.5);
  // Just above the lowest keep_result kept at 0.5: at least that call changes.
  const kept = atHalf.filter((d) => d.action === 'keep' && d.keep_result !== null).map((d) => d.keep_result!);
  const step = Math.floor(Math.min(...kept) * 100) / 100 + 0.01;
  const after = new Map((await decisionsAt(step)).map((d) => [d.call_id, d.action]));
  const changed = atHalf.filter((d) => after.get(d.call_id) !== d.action).map((d) => d.call_id);
  expect(changed.length).toBeGreaterThan(0);

  await runExample(page, host.url);
  await page.getByRole('tab', { name: 'Decisions' }).click();
  const marks = page.getByRole('table', { name: 'Decisions' }).getByText('changed by the last threshold step');
  await expect(marks).toHaveCount(0);
  await page.getByRole('slider', { name: 'Keep threshold' }).fill(step.toFixed(2));
  await expect(marks).toHaveCount(changed.length);
  const rows = page.getByRole('table', { name: 'Decisions' }).locator('tbody tr[aria-rowindex]');
  for (const id of changed) {
    await page.getByLabel('Filter decisions').fill(id);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('changed by the last threshold step');
  }
  await expect(
    page.getByText(/else keep the call and drop its output when keep call ≥ threshold; else drop the call/),
  ).toBeVisible();
});

test('after Run, focus moves to the figures of the new proposal', async ({ page, host }) => {
  await runExample(page, host.url);
  await expect(page.getByLabel('Statistics')).toBeFocused();
});

test('three files that are not histories: each refused in words, the example stays open, the error dismissed', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const random = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 97 + 13) % 256));
  const cases: Array<[string, Buffer, RegExp]> = [
    ['noise.bin', random, /noise\.bin: not a text file/],
    [
      'notes.jsonl',
      Buffer.from('Meeting notes\nnothing here is JSON\n'),
      /notes\.jsonl: not JSON: line 1, column 1: expected a value/,
    ],
    ['config.json', Buffer.from('{"port": 8080, "debug": true}'), /config\.json: /],
  ];
  const alert = page.getByRole('alert');
  for (const [name, buffer, message] of cases) {
    await page.getByLabel('Snapshot file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await expect(alert).toContainText(message);
    await expect(alert).not.toContainText('\ufffd');
    await expect(alert).toContainText('payment-retry.json is still open');
    await alert.getByText('What the inspector reads').click();
    await expect(alert.getByRole('listitem').filter({ hasText: 'Claude Code session JSONL' })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss the open error' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator('.toolbar')).toContainText('payment-retry.json');
  }
});

test('the UI names no rule numbers: every tab of the example after Run, and Before running', async ({ page, host }) => {
  // Rule numbers (R1–R15, SPEC §n) belong in docs and tooltips, not in what a person reads.
  const ruleNumber = /\bR(1[0-5]|[1-9])\b|SPEC|§\d/;
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  expect(await page.locator('body').innerText()).not.toMatch(ruleNumber);
  await runExample(page, host.url);
  for (const tab of ['Summary', 'Audit', 'Decisions', 'Compare', 'Cache', 'Observation', 'Requests']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const text = await page.locator('body').innerText();
    expect(
      text.match(ruleNumber)?.[0] ?? null,
      `${tab}: ${text.slice(Math.max(0, text.search(ruleNumber) - 80), text.search(ruleNumber) + 40)}`,
    ).toBeNull();
  }
});

test('message rows say which turn they belong to: a person’s prompt starts one', async ({ page, host }) => {
  await runExample(page, host.url);
  const side = page.getByRole('list', { name: 'Side by side' });
  await expect(side.getByRole('listitem', { name: 'Message msg_pay_000 (user)' })).toContainText('turn 1');
  await expect(side.getByRole('listitem', { name: 'Message msg_pay_001 (assistant)' })).toContainText('turn 1');
});

test('the timeline lists the turns, collapsed until opened; a turn scrolls the audit to its first message', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const timeline = page.locator('details.timeline');
  const turns = page.getByRole('list', { name: 'Turns' });
  await expect(turns).toBeHidden();
  await timeline.locator('summary').click();
  await expect(turns).toBeVisible();
  await expect(turns.getByRole('listitem').first()).toContainText(/Turn 1\s+\d+ steps?, [\d,]+ characters/);
  await timeline.screenshot({ path: join(SCREENSHOTS, 'timeline.png') });
  await turns.getByRole('button', { name: 'Turn 1' }).click();
  await expect(page.getByRole('listitem', { name: 'Message msg_pay_000 (user)' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('the header keeps its place between tabs, and says "counting…" at most once', async ({ page, host }) => {
  await runExample(page, host.url);
  const stats = page.getByLabel('Statistics');
  expect(((await stats.innerText()).match(/counting…/g) ?? []).length).toBeLessThanOrEqual(1);
  await expect(stats).not.toContainText('counting…');
  const boxes: string[] = [];
  for (const tab of ['Summary', 'Audit', 'Decisions', 'Compare', 'Cache', 'Observation', 'Requests']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    // Each figure's label and value at the same place on every tab: nothing in the header moves.
    const cells = await stats.locator('dt, dd').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
      }),
    );
    boxes.push(cells.join(' '));
  }
  expect(boxes[0].split(' ').length).toBeGreaterThan(10);
  expect(new Set(boxes).size, boxes.join('\n')).toBe(1);
});
