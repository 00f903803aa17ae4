/**
 * §9 provenance end to end, in Chromium against the web host: a comment on a decision, the
 * archive reference, the reviewer (the OS user until named, then remembered), and Export
 * writing the snapshot, the archive of the original and the audit record — which the command
 * line's `verify` accepts as they were downloaded; and the HTML report, opened offline with
 * JavaScript disabled, showing the decisions.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import type { ExportedDownloads } from './exporting.js';
import { exportThroughDialog } from './exporting.js';
import { expect, SCREENSHOTS, runExample, test } from './host.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Comments on the first call the audit view shows; returns its call id. */
async function commentOnFirstCall(page: Page, text: string): Promise<string> {
  const button = page.getByRole('button', { name: /^Comment on / }).first();
  const callId = ((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '').replace(
    /^Comment on /,
    '',
  );
  await button.click();
  await page.getByRole('textbox', { name: `Comment on ${callId}` }).fill(text);
  await page.screenshot({ path: join(SCREENSHOTS, 'decision-comment.png') });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: `Edit comment on ${callId}` })).toBeVisible();
  return callId;
}

/** The downloads written into one folder under their own names, as a reviewer would keep them. */
function keep(files: ExportedDownloads): { dir: string; audit: string } {
  const dir = mkdtempSync(join(tmpdir(), 'inspector-export-'));
  for (const file of [files.snapshot, files.archive, files.audit, ...(files.report ? [files.report] : [])])
    writeFileSync(join(dir, file.name), file.bytes);
  return { dir, audit: join(dir, files.audit.name) };
}

test('§9 R13 export writes the snapshot, the archive and the audit record, with the reviewer and comments; verify accepts them', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const archiveRef = page.getByLabel('Archive reference');
  await expect(archiveRef).toHaveValue(/^payment-retry\.[0-9a-f]{16}\.json$/);
  const callId = await commentOnFirstCall(page, 'Kept on purpose: the retry policy is read again later.');

  // The reviewer starts empty (never the host's OS user); the person names who approves.
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  await expect(dialog.getByLabel('Reviewer', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Reviewer', { exact: true })).toHaveAttribute('placeholder', /remembered/);
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await expect(dialog).toContainText('Name the reviewer who approves this export.');
  await dialog.getByLabel('Reviewer', { exact: true }).fill('Grace Hopper');
  await dialog.getByLabel('Approval comment').fill('Approved for the payment-retry fix.');
  await dialog.getByRole('checkbox', { name: /Also write an HTML report/ }).check();
  await expect(dialog.getByRole('list', { name: 'Files to write' })).toContainText(await archiveRef.inputValue());
  await page.screenshot({ path: join(SCREENSHOTS, 'export-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const files = await exportThroughDialog(page, { report: true });
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText(files.audit.name);
  const record = JSON.parse(files.audit.text) as {
    reviewer: string;
    comment: string | null;
    archive_ref: string;
    original_sha256: string;
    exported_file: { name: string; sha256: string; bytes: number };
    archive_file: { name: string; sha256: string; bytes: number };
    tool: { name: string; version: string };
    decisions: Array<{ call_id: string; comment: string | null; action: string }>;
  };
  expect(record).toMatchObject({
    reviewer: 'Grace Hopper',
    comment: 'Approved for the payment-retry fix.',
    archive_ref: files.archive.name,
    exported_file: {
      name: files.snapshot.name,
      sha256: sha256(files.snapshot.bytes),
      bytes: files.snapshot.bytes.length,
    },
    archive_file: { name: files.archive.name, sha256: sha256(files.archive.bytes), bytes: files.archive.bytes.length },
    tool: { name: 'compaction-inspector', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
  });
  expect(record.original_sha256).toBe(sha256(files.archive.bytes));
  expect(record.decisions.find((d) => d.call_id === callId)?.comment).toBe(
    'Kept on purpose: the retry policy is read again later.',
  );
  expect(record.decisions.filter((d) => d.comment !== null)).toHaveLength(1);
  // R13: every marker names the archive that was written beside the snapshot.
  if (record.decisions.some((d) => d.action === 'drop_result'))
    expect(files.snapshot.text).toContain(`the full output is in ${files.archive.name}`);

  const kept = keep(files);
  try {
    const verified = spawnSync('node', ['dist/app/cli/main.js', 'verify', kept.audit], { encoding: 'utf8' });
    expect({ code: verified.status, stderr: verified.stderr }).toEqual({ code: 0, stderr: '' });
    expect(verified.stdout).toMatch(/^verified: .* is what this record derives from the archive /);
    expect(verified.stdout).toMatch(/\n {2}as the record says, unsigned: .*reviewer "Grace Hopper"/);
  } finally {
    rmSync(kept.dir, { recursive: true, force: true });
  }

  // Remembered between launches: a new page load names the same reviewer.
  await runExample(page, host.url);
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(dialog.getByLabel('Reviewer', { exact: true })).toHaveValue('Grace Hopper');
});

test('§9 an export meant for the restore server shows its configuration; its markers say how to restore; verify accepts it', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  // The first call's result shortened whatever the model said (an override), so the snapshot holds a marker.
  const [override] = await page.getByRole('combobox', { name: /^Override / }).all();
  await override.selectOption('drop_result');
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  await dialog.getByRole('checkbox', { name: /Meant for the restore server/ }).check();
  const setup = dialog.getByRole('region', { name: 'Restore server configuration' });
  await expect(setup).toContainText('claude mcp add --scope project compaction-inspector --');
  await expect(setup).toContainText('[mcp_servers.compaction-inspector]');
  await expect(setup).toContainText(/app\/cli\/main\.js mcp --archive-dir/);
  await page.screenshot({ path: join(SCREENSHOTS, 'export-restore-server.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const files = await exportThroughDialog(page, { reviewer: 'Grace Hopper', restoreServer: true });
  const record = JSON.parse(files.audit.text) as {
    marker_restore?: boolean;
    decisions: Array<{ call_id: string; action: string }>;
  };
  expect(record.marker_restore).toBe(true);
  const shortened = record.decisions.filter((d) => d.action === 'drop_result');
  expect(shortened.length).toBeGreaterThan(0);
  for (const d of shortened) expect(files.snapshot.text).toContain(`and call_id \\"${d.call_id}\\" returns it`);
  const kept = keep(files);
  try {
    const verified = spawnSync('node', ['dist/app/cli/main.js', 'verify', kept.audit], { encoding: 'utf8' });
    expect({ code: verified.status, stderr: verified.stderr }).toEqual({ code: 0, stderr: '' });
  } finally {
    rmSync(kept.dir, { recursive: true, force: true });
  }
});

test('§9 the HTML report opens offline with JavaScript disabled and shows the decisions', async ({
  page,
  host,
  browser,
}) => {
  await runExample(page, host.url);
  const callId = await commentOnFirstCall(page, 'Checked <b>by hand</b>');
  const files = await exportThroughDialog(page, { reviewer: 'Grace Hopper', report: true });
  if (!files.report) throw new Error('the report was not downloaded');
  const record = JSON.parse(files.audit.text) as { decisions: Array<{ call_id: string; action: string }> };
  const kept = keep(files);
  const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
  try {
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    const report = await context.newPage();
    const url = pathToFileURL(join(kept.dir, files.report.name)).href;
    await report.goto(url);
    await expect(report.getByRole('heading', { level: 1 })).toHaveText('Compaction audit: payment-retry.json');
    await expect(report.getByText('Approved by Grace Hopper')).toBeVisible();
    const decisions = report.getByRole('table', { name: 'Decisions' });
    await expect(decisions.getByRole('row')).toHaveCount(record.decisions.length + 1);
    // The comment is shown as text, never as markup.
    const commented = decisions.getByRole('row').filter({ hasText: callId });
    await expect(commented).toContainText('Checked <b>by hand</b>');
    await report.screenshot({ path: join(SCREENSHOTS, 'audit-report.png') });
    const dropped = record.decisions.find((d) => d.action !== 'keep');
    if (!dropped) throw new Error('the example drops nothing');
    const row = decisions.getByRole('row').filter({ hasText: dropped.call_id });
    await row.getByRole('link', { name: dropped.action }).click();
    await expect(report).toHaveURL(/#message-\d+$/);
    await expect(report.getByRole('heading', { name: /^Message \d+ · / }).first()).toBeVisible();
    await report.screenshot({ path: join(SCREENSHOTS, 'audit-report-message.png') });
    // Nothing but the file itself was requested: no network, no asset.
    expect(requests.filter((r) => !r.startsWith(url.split('#')[0]))).toEqual([]);
  } finally {
    await context.close();
    rmSync(kept.dir, { recursive: true, force: true });
  }
});
