/**
 * Export through the dialog, as a person does it: Export…, name the reviewer, optionally a
 * comment and the HTML report, Export; the browser's downloads collected by the file role the
 * audit record gives them (snapshot, archive, record, report, and the record's signature when the
 * host signs exports).
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface Downloaded {
  name: string;
  path: string;
  bytes: Buffer;
  text: string;
}

export interface ExportedDownloads {
  snapshot: Downloaded;
  archive: Downloaded;
  audit: Downloaded;
  report: Downloaded | null;
  signature: Downloaded | null;
  /** The snapshot again as a new Claude Code session (`<sessionId>.jsonl`), when asked for. */
  session: Downloaded | null;
}

export async function exportThroughDialog(
  page: Page,
  options: {
    reviewer?: string;
    comment?: string;
    report?: boolean;
    as?: 'source' | 'messages';
    signed?: boolean;
    restoreServer?: boolean;
    resumable?: boolean;
  } = {},
): Promise<ExportedDownloads> {
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  await expect(dialog.getByLabel('Reviewer', { exact: true })).toBeFocused();
  if (options.reviewer !== undefined) await dialog.getByLabel('Reviewer', { exact: true }).fill(options.reviewer);
  if (options.comment !== undefined) await dialog.getByLabel('Approval comment').fill(options.comment);
  if (options.as) await dialog.getByLabel('Export as').selectOption(options.as);
  if (options.report) await dialog.getByRole('checkbox', { name: /Also write an HTML report/ }).check();
  if (options.restoreServer) await dialog.getByRole('checkbox', { name: /Meant for the restore server/ }).check();
  if (options.resumable) await dialog.getByRole('checkbox', { name: /new Claude Code session/ }).check();
  const expected = 3 + (options.report ? 1 : 0) + (options.signed ? 1 : 0) + (options.resumable ? 1 : 0);
  const downloads: Download[] = [];
  const all = new Promise<void>((resolve) => {
    const onDownload = (d: Download) => {
      downloads.push(d);
      if (downloads.length < expected) return;
      page.off('download', onDownload);
      resolve();
    };
    page.on('download', onDownload);
  });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await all;
  // With a new session the dialog stays open to show the command that resumes it.
  if (!options.resumable) await expect(dialog).toHaveCount(0);
  const files = await Promise.all(
    downloads.map(async (d): Promise<Downloaded> => {
      const path = await d.path();
      const bytes = readFileSync(path);
      return { name: d.suggestedFilename(), path, bytes, text: bytes.toString('utf8') };
    }),
  );
  const audit = files.find((f) => f.name.endsWith('.audit.json'));
  if (!audit) throw new Error('no audit record was downloaded');
  const record = JSON.parse(audit.text) as { exported_file: { name: string }; archive_file: { name: string } };
  const byName = (name: string) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`no download named ${name}`);
    return file;
  };
  return {
    snapshot: byName(record.exported_file.name),
    archive: byName(record.archive_file.name),
    audit,
    report: files.find((f) => f.name.endsWith('.report.html')) ?? null,
    signature: files.find((f) => f.name.endsWith('.audit.json.sig')) ?? null,
    session: files.find((f) => /^[0-9a-f-]{36}\.jsonl$/.test(f.name)) ?? null,
  };
}
