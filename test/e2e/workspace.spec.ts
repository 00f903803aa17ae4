/**
 * The workspace end to end, in Chromium against the web host: ../shared/corpus and
 * ../shared/formats opened as one workspace, the allowlist, an option and the threshold changed
 * (the curve's marker and the sessions' figures follow), one session's audit opened and left, and
 * the exported policy file applied by `compact_context --policy` with the actions the audit showed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, SCREENSHOTS, test } from './host.js';

const corpus = sharedPath('corpus');
const formats = sharedPath('formats');
test.skip(corpus === null || formats === null, sharedSkipReason('formats'));

function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? historyFiles(join(dir, e.name))
        : /\.(jsonl?|traj|eval)$/.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );
}

const caption = (page: Page) =>
  page.getByRole('figure').filter({ hasText: 'Model at threshold' }).locator('figcaption');
const cell = (page: Page, session: string, column: number) =>
  page.getByRole('row').filter({ hasText: session }).getByRole('cell').nth(column);

test('a workspace of the shared transcripts: tools, threshold, one audit and back, the policy applied by the CLI', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  const files = [...historyFiles(corpus as string), ...historyFiles(formats as string)];
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Workspace files').setInputFiles(files);
  await expect(page.getByRole('heading', { name: 'Workspace' })).toBeVisible();
  await expect(caption(page)).toContainText('Model at threshold 0.50', { timeout: 120_000 });
  const sessions = page.getByRole('table').filter({ hasText: 'Used results kept' }).locator('tbody tr');
  expect(await sessions.count()).toBeGreaterThan(15);
  await page.screenshot({ path: join(SCREENSHOTS, 'workspace.png'), fullPage: true });

  // A threshold step asks nothing of the model: the marker and the rows follow at once.
  const session = 'cctrace-phase0-investigation-main.jsonl';
  const reductionAt50 = await cell(page, session, 6).textContent();
  const before = await caption(page).textContent();
  await page.getByLabel('Keep threshold').fill('0.8');
  await expect(caption(page)).toContainText('Model at threshold 0.80');
  expect(await caption(page).textContent()).not.toBe(before);
  await expect(cell(page, session, 6)).not.toHaveText(reductionAt50 ?? '');

  // Fewer tools: measured again, and the session's candidates follow.
  const candidates = await cell(page, session, 5).textContent();
  await page.getByRole('checkbox', { name: /^Bash/ }).uncheck();
  await page.getByRole('button', { name: 'Measure with these tools' }).click();
  await expect(page.getByRole('status', { name: 'Workspace progress' })).toHaveCount(0, { timeout: 120_000 });
  await expect(cell(page, session, 5)).not.toHaveText(candidates ?? '');

  // An option: every session measured again with it; it travels into the audit and the policy file.
  await page.getByLabel('Truncate head chars').fill('100');
  await page.getByRole('button', { name: 'Measure with these options' }).click();
  await expect(page.getByRole('status', { name: 'Workspace progress' })).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByLabel('Truncate head chars')).toHaveValue('100');

  // One session's audit under the same policy, and back.
  await page.getByRole('button', { name: `Open the audit of ${session}` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const goal = await page.getByLabel('Goal').inputValue();
  expect(goal.trim()).not.toBe('');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const stats = page.getByRole('definition').filter({ hasText: '→' }).first();
  const chars = (await stats.textContent()) ?? '';
  await page.getByRole('button', { name: 'Back to the workspace' }).click();
  await expect(caption(page)).toContainText('Model at threshold 0.80');

  // The exported policy, applied by the command line to the same session and goal.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export policy' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('compaction-policy.json');
  const policyPath = join(host.dir, 'compaction-policy.json');
  await download.saveAs(policyPath);
  const policy = JSON.parse(readFileSync(policyPath, 'utf8')) as { eligible_tool_names: string[]; options: object };
  expect(policy.eligible_tool_names).not.toContain('Bash');
  expect(policy.options).toEqual({ keep_threshold: 0.8, truncate_head_chars: 100 });
  const goalFile = join(host.dir, 'goal.txt');
  writeFileSync(goalFile, goal);
  const envelope = JSON.parse(
    execFileSync(
      'node',
      [
        'dist/app/cli/main.js',
        'compact_context',
        `goal=@${goalFile}`,
        `messages=@${files.find((f) => f.endsWith(session))}`,
        '--policy',
        policyPath,
        // --out names the archive as the inspector does, so both write the same markers (R13).
        '--out',
        join(host.dir, session),
        '--reviewer',
        'e2e',
      ],
      { env: { ...process.env, DECISION_MODEL_BACKEND: 'offline' }, encoding: 'utf8' },
    ),
  ) as { answer: { stats: { chars_before: number; chars_after: number } } };
  const fmt = (n: number) => n.toLocaleString('en-US');
  expect(chars).toBe(`${fmt(envelope.answer.stats.chars_before)} → ${fmt(envelope.answer.stats.chars_after)}`);
});
