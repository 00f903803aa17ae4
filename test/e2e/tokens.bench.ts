/**
 * `npm run bench:ui`, in Chromium against the web host: how long a threshold step takes until
 * the audit header shows both new figures, characters and BPE tokens ("counting…" gone), on
 * the 1 MB corpus transcript and on the 22 MB generated history (10,002 messages). Writes
 * bench-results/ui-tokens.md. Target: ≤ 16 ms median (one frame) on the 22 MB history.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateHistory } from '../support/generate.js';
import { sharedPath } from '../support/shared.js';
import { expect, test } from './host.js';
import type { Step } from './steps.js';
import { stepThreshold } from './steps.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x: number) => Math.round(x * 10) / 10;
const THRESHOLDS = [0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 0.3, 0.6, 0.45, 0.2, 0.65, 0.35];

interface Case {
  label: string;
  path: string;
  tools: string[];
  maxStateTokens: string;
}

async function runCase(page: Page, c: Case): Promise<{ steps: Step[]; bytes: number }> {
  await page.goto(page.url());
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Snapshot file').setInputFiles(c.path);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready', { timeout: 60_000 });
  await page.getByLabel('Max state tokens').fill(c.maxStateTokens);
  await page.getByLabel('Max request tokens').fill(String(Number(c.maxStateTokens) + 100_000));
  for (const tool of c.tools) await page.getByRole('checkbox', { name: tool, exact: true }).check();
  await page.getByLabel('Goal').fill('Finish the payment retry fix using the retry policy source read earlier.');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true', { timeout: 240_000 });
  const tokens = page.getByLabel('Statistics').locator('.stat', { hasText: 'Tokens before → after' }).locator('dd');
  // The first count of a snapshot tokenizes the whole history once; the steps come after it.
  await expect(tokens).not.toContainText('counting…', { timeout: 240_000 });
  const steps = await stepThreshold(page, THRESHOLDS);
  return { steps, bytes: statSync(c.path).size };
}

test('UI benchmark: token counts after a threshold step', async ({ page, host }) => {
  test.setTimeout(900_000);
  const big = join(host.dir, 'generated-20mb.json');
  writeFileSync(
    big,
    JSON.stringify(generateHistory({ calls: 5000, targetBytes: 20_000_000, layout: 'next_message', seed: 7 })),
  );
  const corpus = sharedPath('corpus');
  const cases: Case[] = [
    ...(corpus
      ? [
          {
            label: '1 MB corpus transcript (miniswe-gemini3pro-requests-1142)',
            path: join(corpus, 'miniswe-gemini3pro-requests-1142.json'),
            tools: ['bash'],
            maxStateTokens: '400000',
          },
        ]
      : []),
    {
      label: '22 MB generated history (10,002 messages, 5,000 calls)',
      path: big,
      tools: ['read_file', 'grep', 'list_dir'],
      maxStateTokens: '2000000',
    },
  ];
  await page.goto(host.url);
  const rows: string[] = [];
  for (const c of cases) {
    const { steps, bytes } = await runCase(page, c);
    const m = median(steps.map((s) => s.total));
    rows.push(
      `| ${c.label}, ${(bytes / 1e6).toFixed(1)} MB | ${round(m)} ms | ${round(median(steps.map((s) => s.derived)))} ms | ${round(Math.max(...steps.map((s) => s.total)))} ms | ≤ 16 ms | ${m <= 16 ? 'yes' : 'no'} |`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
  }
  const table = [
    '# UI benchmark: threshold step → characters and tokens shown (`npm run bench:ui`)',
    '',
    `Chromium headless, web host on 127.0.0.1, offline backend, median of ${THRESHOLDS.length} steps, ${new Date().toISOString()}.`,
    '',
    '| history | median | of which re-derive (until "counting…") | worst | target | ok |',
    '|---|---:|---:|---:|---:|:-:|',
    ...rows,
    '',
  ].join('\n');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/ui-tokens.md', table);
  process.stdout.write(`${table}\n`);
});
