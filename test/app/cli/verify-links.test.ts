/**
 * §9 verify on files swapped for symbolic links: a snapshot replaced by a link — to an identical
 * copy elsewhere, or to another file — is checked through the link, and the verdict (text and
 * `--json`) says that it is a link and where it points, so a pass never hides which file it was.
 */
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, verdictJson, verifyFiles } from '../../../app/cli/verify.js';
import { bundledExample } from '../../../app/host/setup.js';
import type { MadeExport } from '../../support/exports.js';
import { exampleExportSetup, makeExport } from '../../support/exports.js';

const example = bundledExample();
let root: string;
let made: MadeExport;

/** A fresh folder holding the export's files. */
function exportedIn(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const file of Object.values(made.files)) if (file) writeFileSync(join(dir, file.name), file.data);
  return dir;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'verify-links-'));
  made = await makeExport(exampleExportSetup());
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('§9 verify through a symbolic link', () => {
  const snapshotName = () => made.record.exported_file.name;
  const auditName = () => `${snapshotName()}.audit.json`;

  it('§9 plain files: no link is named', async () => {
    const dir = exportedIn('plain');
    const outcome = await verifyFiles(join(dir, auditName()));
    expect(outcome.differences).toEqual([]);
    expect(outcome.links).toEqual({});
    expect(render(outcome)).not.toContain('symbolic link');
    expect(verdictJson(outcome, null).links).toEqual({});
  });

  it('§9 a snapshot swapped for a link to an identical copy verifies and says where the link points', async () => {
    const dir = exportedIn('copy');
    mkdirSync(join(dir, 'elsewhere'));
    renameSync(join(dir, snapshotName()), join(dir, 'elsewhere', 'copy.json'));
    symlinkSync(join('elsewhere', 'copy.json'), join(dir, snapshotName()));
    const target = realpathSync(join(dir, 'elsewhere', 'copy.json'));
    const outcome = await verifyFiles(join(dir, auditName()));
    expect(outcome.differences).toEqual([]);
    const text = render(outcome);
    expect(text).toMatch(/^verified: /);
    expect(text).toContain(
      `\n  the snapshot ${join(dir, snapshotName())} is a symbolic link to ${target}: what was checked is the file it points to\n`,
    );
    expect(verdictJson(outcome, null)).toMatchObject({ ok: true, links: { snapshot: target } });
  });

  it('§9 a snapshot swapped for a link to another file differs and says where the link points', async () => {
    const dir = exportedIn('other');
    writeFileSync(join(dir, 'other.json'), example.text);
    rmSync(join(dir, snapshotName()));
    symlinkSync('other.json', join(dir, snapshotName()));
    const target = realpathSync(join(dir, 'other.json'));
    const outcome = await verifyFiles(join(dir, auditName()));
    expect(outcome.differences.length).toBeGreaterThan(0);
    const lines = render(outcome).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^differs: /);
    expect(lines.slice(1)).toEqual([
      `  the snapshot ${join(dir, snapshotName())} is a symbolic link to ${target}: what was checked is the file it points to`,
    ]);
    expect(verdictJson(outcome, null)).toMatchObject({ ok: false, links: { snapshot: target } });
  });
});
