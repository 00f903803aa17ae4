/**
 * §9 in Chromium against the web host, on the bundled example: pin a proposal as A, run B at
 * a threshold that changes a decision (read off the real run) and read the compare view; the prompt-cache panel with its price table
 * (presets, edits, kept across a reload) and break-even; the first changed message marked in
 * the side by side; Tune's cache-friendly toggle. Expected figures come from the real core.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/model/gpt-4o';
import { compactContext } from '../../dist/core/engine/compact.js';
import { createOfflineModel } from '../../dist/core/engine/offline/model.js';
import { paymentRetryScenario, scenarioRequest } from '../../dist/core/examples/index.js';
import { cacheCost, PRICE_PRESETS } from '../../dist/core/inspect/cache.js';
import { compareProposals, envelopeSide } from '../../dist/core/inspect/compare.js';
import { ACTION_LABELS } from '../../dist/core/inspect/glossary.js';
import { bundledExample } from '../../dist/app/host/setup.js';
import { archiveFileName } from '../../dist/core/records/audit.js';
import { expect, SCREENSHOTS, test } from './host.js';

/** The inspector's markers name the archive an export writes beside the example; the core runs are asked the same. */
const example = bundledExample();
const ARCHIVE_REF = archiveFileName(createHash('sha256').update(example.text).digest('hex'), example.fileName);

async function exampleAt(threshold: number) {
  const request = { ...scenarioRequest(paymentRetryScenario()), archive_ref: ARCHIVE_REF };
  const response = await compactContext(
    { ...request, options: { ...request.options, keep_threshold: threshold } },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error('example run failed');
  return { request, response, answer: response.answer };
}

/** Opens the app on the bundled example and runs it at `threshold`. */
async function openAndRun(page: Page, url: string, threshold: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await runAt(page, threshold);
}

async function runAt(page: Page, threshold: string) {
  await page.getByRole('slider', { name: 'Keep threshold' }).fill(threshold);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
}

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}`;

/** A threshold (two decimals, as the slider takes it) just above the lowest keep_result kept at 0.5. */
async function pastLowestKept(): Promise<number> {
  const kept = (await exampleAt(0.5)).answer.decisions
    .filter((d) => d.action === 'keep' && d.keep_result !== null)
    .map((d) => d.keep_result as number);
  return Math.min(1, Math.floor(Math.min(...kept) * 100) / 100 + 0.01);
}

test('§9 pin A at 0.5, run B past a kept result: the compare view lists every differing call with both sides', async ({
  page,
  host,
}) => {
  const b = await pastLowestKept();
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('button', { name: 'Pin as A' })).toBeDisabled();
  await runAt(page, '0.5');
  await page.getByRole('button', { name: 'Pin as A' }).click();
  await runAt(page, b.toFixed(2));

  const [atHalf, atLow] = [await exampleAt(0.5), await exampleAt(b)];
  const expected = compareProposals(envelopeSide(atHalf.response), envelopeSide(atLow.response));
  expect(expected.differences.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('status', { name: 'Agreement' })).toContainText(
    `${expected.agreeing} of ${expected.compared} decided calls have the same action; ${expected.differences.length} differ`,
  );
  const sides = page.getByRole('table', { name: 'A and B' });
  await expect(sides.getByRole('row', { name: /^A \(pinned\)/ })).toContainText(
    expected.a.charsAfter.toLocaleString('en-US'),
  );
  await expect(sides.getByRole('row', { name: /^B \(current\)/ })).toContainText(
    expected.b.charsAfter.toLocaleString('en-US'),
  );
  await expect(sides.getByRole('row', { name: /^B \(current\)/ })).toContainText(b.toFixed(2));
  // Tokens after, in real BPE tokens of each side's history, A's counted even though it was pinned at once.
  for (const [name, answer] of [
    [/^A \(pinned\)/, atHalf.answer],
    [/^B \(current\)/, atLow.answer],
  ] as const)
    await expect(sides.getByRole('row', { name })).toContainText(
      countTokens(JSON.stringify(answer.messages)).toLocaleString('en-US'),
    );
  const table = page.getByRole('table', { name: 'Calls whose action differs' });
  await expect(table.getByRole('row')).toHaveCount(expected.differences.length + 2);
  for (const d of expected.differences) {
    const row = table.getByRole('row', { name: new RegExp(`^${d.call_id} `) });
    // Actions read in words on screen (ACTION_LABELS): drop_result and drop_call told apart.
    await expect(row).toContainText(ACTION_LABELS[d.a.action]);
    await expect(row).toContainText(ACTION_LABELS[d.b.action]);
    await expect(row).toContainText(d.a.reason);
    await expect(row).toContainText(d.b.reason);
    await expect(row).toContainText((d.b.keep_result ?? 0).toFixed(2));
  }
  await page.screenshot({ path: join(SCREENSHOTS, 'compare.png'), fullPage: true });

  // A's proposed history against B's, row by row.
  await page.getByRole('button', { name: 'Side by side: A against B' }).click();
  await expect(page.getByLabel('Left pane')).toHaveValue('pinned');
  const list = page.getByRole('list', { name: 'Side by side' });
  await expect(list.getByRole('columnheader', { name: 'A (pinned)' }).first()).toBeAttached();
  await expect(list.getByRole('columnheader', { name: 'B (current)' }).first()).toBeAttached();
  await page.screenshot({ path: join(SCREENSHOTS, 'compare-side-by-side.png') });
  await page.getByLabel('Left pane').selectOption('original');
  await expect(list.getByRole('columnheader', { name: 'Original' }).first()).toBeAttached();
  await page.getByRole('button', { name: 'Unpin A' }).click();
  await expect(page.getByLabel('Left pane')).toHaveCount(0);
});

test('§9 the cache panel: first changed message, prefix, price presets and edits kept across a reload, break-even', async ({
  page,
  host,
}) => {
  await openAndRun(page, host.url, '0.3');
  const { request, answer } = await exampleAt(0.3);
  const { stats } = answer;
  const firstId = stats.first_changed_message_id as string;
  const firstIndex = request.messages.findIndex((m) => m.id === firstId);

  await page.getByRole('tab', { name: 'Cache' }).click();
  const table = page.getByRole('table', { name: 'Prompt cache' });
  await expect(table.getByRole('row', { name: /^First changed message/ })).toContainText(`${firstId} (#${firstIndex})`);
  await expect(table.getByRole('row', { name: /^Unchanged prefix \(characters\)/ })).toContainText(
    (stats.unchanged_prefix_chars as number).toLocaleString('en-US'),
  );

  // Real BPE counts, as the panel's worker counts them.
  const before = countTokens(JSON.stringify(request.messages));
  const after = countTokens(JSON.stringify(answer.messages));
  const prefix = countTokens(JSON.stringify(request.messages.slice(0, firstIndex)));
  await expect(table.getByRole('row', { name: /^Unchanged prefix \(tokens\)/ })).toContainText(
    prefix.toLocaleString('en-US'),
  );
  const gpt = PRICE_PRESETS.find((p) => p.id === 'gpt-5.5')!;
  await page.getByLabel('Preset').selectOption(gpt.id);
  const cost = cacheCost({ before, after, unchangedPrefix: prefix }, gpt.prices);
  await expect(table.getByRole('row', { name: /^Next request without/ })).toContainText(usd(cost.nextWithout));
  await expect(table.getByRole('row', { name: /^Next request with it/ })).toContainText(usd(cost.nextWith));
  await expect(table.getByRole('row', { name: /^Pays for itself/ })).toContainText(
    cost.breakEvenRequests === 0 ? 'at once' : `after ${cost.breakEvenRequests} further request`,
  );

  await page.screenshot({ path: join(SCREENSHOTS, 'cache.png'), fullPage: true });

  // An edit is range-checked, turns the preset into Custom and survives a reload.
  const read = page.getByLabel('Cache read');
  await read.fill('-1');
  await expect(read).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('a price in USD per million tokens, ≥ 0')).toBeVisible();
  await read.fill('2.5');
  await expect(read).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Preset')).toHaveValue('custom');
  const edited = cacheCost({ before, after, unchangedPrefix: prefix }, { ...gpt.prices, cacheRead: 2.5 });
  await expect(table.getByRole('row', { name: /^Each later request saves/ })).toContainText(
    usd(edited.savingPerRequest),
  );

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await runAt(page, '0.3');
  await page.getByRole('tab', { name: 'Cache' }).click();
  await expect(page.getByLabel('Cache read')).toHaveValue('2.5');
  await expect(page.getByLabel('Preset')).toHaveValue('custom');

  // The first change is marked in the side by side.
  await page.getByRole('button', { name: 'Show it in the side by side' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('listitem', { name: new RegExp(`^Message ${firstId} `) });
  await expect(row).toBeInViewport();
  await expect(row.getByText('first change: cache breaks here')).toBeVisible();
  await expect(page.getByText('first change: cache breaks here')).toHaveCount(1);
  await row.screenshot({ path: join(SCREENSHOTS, 'first-change.png') });
});

test('§9 Tune’s cache-friendly toggle shows the reduction left when only later messages change', async ({
  page,
  host,
}) => {
  await openAndRun(page, host.url, '0.3');
  const { request, answer } = await exampleAt(0.3);
  const firstIndex = request.messages.findIndex((m) => m.id === answer.stats.first_changed_message_id);
  const tune = page.getByRole('region', { name: 'Tune' });
  await tune.getByRole('checkbox', { name: /Cache-friendly/ }).check();
  await expect(tune.getByLabel('Message #')).toHaveValue(String(firstIndex));
  const after = firstIndex + 4;
  await tune.getByLabel('Message #').fill(String(after));
  // Expected: a run with every message up to `after` protected changes nothing at or before it.
  const protectedRun = await compactContext(
    {
      ...request,
      protected_message_ids: request.messages.slice(0, after + 1).map((m) => m.id as string),
      options: { ...request.options, keep_threshold: 0.3 },
    },
    { model: createOfflineModel() },
  );
  if (!protectedRun.success) throw new Error('protected run failed');
  const status = tune.getByRole('status', { name: 'Cache-friendly reduction' });
  await expect(status).toContainText(
    `(${(protectedRun.answer.stats.chars_after as number).toLocaleString('en-US')} characters after)`,
  );
  await tune.getByLabel('Message #').fill('100000');
  await expect(tune.getByLabel('Message #')).toHaveAttribute('aria-invalid', 'true');
  await tune.getByLabel('Message #').fill(String(after));
  await tune.screenshot({ path: join(SCREENSHOTS, 'cache-friendly.png') });
});
