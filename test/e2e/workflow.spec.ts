/**
 * The inspector end to end, in Chromium against the web host and the real core: open a corpus
 * transcript, set goal and allowlist, run offline, audit, move the threshold (R15), override
 * a call, export — and compare the file with what the command line produces for the same
 * request, with the override applied by core's rebuild (R13/R14) and the markers naming the
 * archive written beside it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action, CompactResponse, Message } from '../../dist/core/engine/schema.js';
import { analyze } from '../../dist/core/engine/guards.js';
import { loadHistory, writeHistory } from '../../dist/core/engine/containers.js';
import { rebuild } from '../../dist/core/engine/rebuild.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { archiveFileName } from '../../dist/core/records/audit.js';
import { exportThroughDialog } from './exporting.js';
import { expect, SCREENSHOTS, test } from './host.js';

const corpus = sharedPath('corpus');
const FILE = join(corpus ?? '', 'taubench-gpt4o-airline-task2.json');
const GOAL =
  'Downgrade reservation BOH180 flights from business to economy using the flight numbers and prices found by search_direct_flight.';
const TOOLS = ['search_direct_flight', 'get_reservation_details'];
/** The inspector's markers name the archive an export writes beside the snapshot; the CLI is asked the same. */
const ARCHIVE_REF = corpus
  ? archiveFileName(createHash('sha256').update(readFileSync(FILE)).digest('hex'), 'taubench-gpt4o-airline-task2.json')
  : '';

function cli(threshold: number): CompactResponse {
  const out = execFileSync(
    'node',
    [
      'dist/app/cli/main.js',
      'compact_context',
      `messages=@${FILE}`,
      `goal=${GOAL}`,
      `eligible_tool_names=${JSON.stringify(TOOLS)}`,
      `archive_ref=${ARCHIVE_REF}`,
      `options=${JSON.stringify({ keep_threshold: threshold })}`,
    ],
    {
      env: { ...process.env, DECISION_MODEL_BACKEND: 'offline' },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as CompactResponse;
}

test.skip(corpus === null, sharedSkipReason('corpus'));

test('R15 R13 R14 open a corpus file, tune, override and export the same file as the CLI', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Snapshot file').setInputFiles(FILE);
  await expect(page.getByRole('toolbar').or(page.locator('.toolbar'))).toContainText(
    'taubench-gpt4o-airline-task2.json',
  );
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('table', { name: 'Tool calls per tool' })).toContainText('search_direct_flight');

  // R5: nothing is eligible on a freshly opened file, and the panel says why.
  await expect(page.getByRole('checkbox', { name: 'search_direct_flight' })).not.toBeChecked();
  const advice = page.getByRole('note', { name: 'Why no call is a candidate' });
  await expect(advice).toContainText('kept by tool not eligible');
  await page.getByLabel('Goal').fill(GOAL);
  for (const tool of TOOLS) await page.getByRole('checkbox', { name: tool }).check();
  await expect(advice).toHaveCount(0);
  // R5: the calls of the tools left unticked are named as the header names them, not by their code.
  const kept = page.getByRole('list', { name: 'Kept by a guard before running' });
  await expect(kept.getByRole('listitem')).toHaveText([/^tool not eligible(?!_).* 9$/]);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');

  // The side-by-side matches the CLI's decisions at the default threshold.
  const atHalf = cli(0.5);
  if (!atHalf.success) throw new Error('CLI failed');
  const dropped = atHalf.answer.decisions.filter((d) => d.action !== 'keep');
  expect(dropped.length).toBeGreaterThan(0);
  await expect(page.getByLabel('Statistics')).toContainText(atHalf.answer.stats.chars_after!.toLocaleString('en-US'));
  await page.getByRole('combobox', { name: 'Filter' }).selectOption('changed');
  await expect(page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter' }).selectOption('all');

  // Tune: a new threshold re-derives every action without a model call (R15).
  // A higher threshold drops more: the offline model keeps every call here at 0.3.
  await page.getByRole('slider', { name: 'Keep threshold' }).fill('0.7');
  const atHigh = cli(0.7);
  if (!atHigh.success) throw new Error('CLI failed');
  await expect(page.getByLabel('Statistics')).toContainText(atHigh.answer.stats.chars_after!.toLocaleString('en-US'));
  await expect(page.getByRole('img', { name: /Characters after compaction/ })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'tune.png') });

  // Override the first call the CLI drops: find it (off-screen rows included), keep it.
  const target = atHigh.answer.decisions.find((d) => d.action !== 'keep')!;
  expect(target).toBeDefined();
  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Find', { exact: true })).toBeFocused();
  // Find searches the text shown (ids without JSON quotes); ids grow down the history, so the
  // first hit of "c2" is c2's own call, before any c20.
  await page.keyboard.type(target.call_id);
  await expect(page.getByRole('status', { name: 'Find results' })).toHaveText(/of [1-9]/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Find results' })).toHaveText(/^1 of/);
  const override = page.getByRole('combobox', { name: `Override ${target.call_id}`, exact: true });
  await override.selectOption('keep');
  await expect(page.getByLabel('Statistics')).toContainText('Overrides1');

  // Export: the snapshot, the archive of the original and the audit record, as downloads in the browser.
  const files = await exportThroughDialog(page, { reviewer: 'Ada Reviewer' });
  expect(files.snapshot.name).toBe('taubench-gpt4o-airline-task2.compacted.json');
  const exported = files.snapshot.text;
  expect(Buffer.compare(files.archive.bytes, readFileSync(FILE))).toBe(0);
  const source = readFileSync(FILE, 'utf8');
  const loaded = loadHistory(source);
  const policy = { eligibleToolNames: TOOLS, protectedMessageIds: [], protectedCallIds: [], preserveRecentMessages: 6 };
  const actions = new Map<string, Action>(atHigh.answer.decisions.map((d) => [d.pair_id, d.action]));
  actions.set(target.pair_id, 'keep');
  // R13's markers name the archive written beside the snapshot.
  expect(files.archive.name).toBe(ARCHIVE_REF);
  const expected = writeHistory(
    loaded.container,
    rebuild(loaded.messages as Message[], analyze(loaded.messages, policy).pairs, actions, {
      truncateHeadChars: 300,
      truncateTailChars: 0,
      archiveRef: ARCHIVE_REF,
    }).messages,
  );
  expect(exported).toBe(expected);
  // Without the override, the export would be exactly the CLI's answer written back.
  actions.set(target.pair_id, target.action);
  expect(writeHistory(loaded.container, atHigh.answer.messages as Message[])).toBe(
    writeHistory(
      loaded.container,
      rebuild(loaded.messages as Message[], analyze(loaded.messages, policy).pairs, actions, {
        truncateHeadChars: 300,
        truncateTailChars: 0,
        archiveRef: ARCHIVE_REF,
      }).messages,
    ),
  );

  const audit = JSON.parse(files.audit.text) as Record<string, unknown> & {
    decisions: Array<Record<string, unknown>>;
  };
  expect(audit.original_file).toBe('taubench-gpt4o-airline-task2.json');
  expect(audit.original_sha256).toBe(createHash('sha256').update(readFileSync(FILE)).digest('hex'));
  expect(audit.goal).toBe(GOAL);
  expect(audit.eligible_tool_names).toEqual(TOOLS);
  expect((audit.options as { keep_threshold: number }).keep_threshold).toBe(0.7);
  expect(audit.backend).toBe('offline');
  const overridden = audit.decisions.find((d) => d.call_id === target.call_id)!;
  expect(overridden).toMatchObject({
    action: 'keep',
    override: 'keep',
    keep_call: target.keep_call,
    keep_result: target.keep_result,
  });
  expect(audit.decisions).toHaveLength(atHigh.answer.decisions.length);
});
