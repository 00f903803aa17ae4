/**
 * An Inspect `.eval` log compressed with zstd, opened, compacted and exported in the browser
 * (SPEC §9 "Byte-preserving export"): the edited sample member stays zstd, which the page can
 * write only with its own zstd WebAssembly under the strict CSP, and every other member is the
 * original's byte for byte. The real zstd fixture holds no tool calls, so its sample member is
 * replaced here by the real tool-calling sample of the browser log (still zstd).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installZstd } from '../../dist/app/zstd.js';
import { countToolBlocks, openSource } from '../../dist/core/formats/index.js';
import { rawData, readZip, writeZip } from '../../dist/core/formats/zip/archive.js';
import { replacementFor } from '../../dist/core/formats/zip/members.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { exportThroughDialog } from './exporting.js';
import { expect, test } from './host.js';

const formats = sharedPath('formats');
test.skip(formats === null, sharedSkipReason('formats'));

const SAMPLE = 'samples/1_epoch_1.json';

/** The zstd fixture with the browser log's first sample (4 calls) in its sample member. */
async function zstdEvalWithCalls(): Promise<string> {
  await installZstd();
  const archive = readZip(
    new Uint8Array(readFileSync(join(formats ?? '', 'inspect-ai-eval-zip', 'retry-2-then-success-zstd.eval'))),
  );
  const at = archive.entries.findIndex((e) => e.name === SAMPLE);
  const log = JSON.parse(
    readFileSync(join(formats ?? '', 'inspect-ai-eval-log', '2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
  );
  const sample = new TextEncoder().encode(JSON.stringify({ ...log.samples[0], id: 1, epoch: 1 }));
  const path = join(mkdtempSync(join(tmpdir(), 'eval-zip-')), 'browser-zstd.eval');
  writeFileSync(path, writeZip(archive, new Map([[at, replacementFor(archive.entries[at], sample)]])));
  return path;
}

test('§9 R12 a zstd .eval exported from the page keeps its edited sample zstd and every other member', async ({
  page,
  host,
}) => {
  const path = await zstdEvalWithCalls();
  const original = readZip(new Uint8Array(readFileSync(path)));
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  // The picker offers `.eval` files beside the JSON ones.
  await expect(page.getByLabel('Snapshot file')).toHaveAttribute('accept', /(^|,)\.eval(,|$)/);
  await page.getByLabel('Snapshot file').setInputFiles(path);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByRole('table', { name: 'File' })).toContainText('inspect-eval');
  await page.getByLabel('Goal').fill('finish the task');
  for (const tool of ['web_browser_go', 'web_browser_click'])
    await page.getByRole('checkbox', { name: tool, exact: true }).check();
  await page.getByRole('spinbutton', { name: 'Preserve recent messages' }).fill('0');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  // R12: at threshold 1 every candidate is drop_call, so the sample member must be rewritten.
  await page.getByRole('slider', { name: 'Keep threshold' }).fill('1');

  const { snapshot } = await exportThroughDialog(page, { reviewer: 'Ada Reviewer' });
  expect(snapshot.name).toBe('browser-zstd.compacted.eval');
  const exported = new Uint8Array(snapshot.bytes);
  const after = readZip(exported);
  const at = after.entries.findIndex((e) => e.name === SAMPLE);
  expect(after.entries[at].method).toBe(93);
  for (const [i, entry] of original.entries.entries())
    if (entry.name !== SAMPLE)
      expect(Buffer.from(rawData(after, after.entries[i])).equals(Buffer.from(rawData(original, entry)))).toBe(true);
  const before = countToolBlocks(openSource(new Uint8Array(readFileSync(path))).read.messages);
  const reread = countToolBlocks(openSource(exported).read.messages);
  expect(reread.calls).toBeLessThan(before.calls);
});
