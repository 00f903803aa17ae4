/** Electron's export writing: atomic, beside an audit record, never over the source unasked. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../app/electron/binary.js';
import { saveExport, STALE_TEMP_MS } from '../../app/electron/files.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'inspector-save-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Electron export files', () => {
  it('writes the snapshot and its audit record and leaves no temp files', async () => {
    const target = join(dir, 'h.compacted.json');
    expect(await saveExport(target, join(dir, 'h.json'), '[1]', '{"a":1}', async () => false)).toEqual({
      path: target,
      auditPath: `${target}.audit.json`,
    });
    expect(readFileSync(target, 'utf8')).toBe('[1]');
    expect(readFileSync(`${target}.audit.json`, 'utf8')).toBe('{"a":1}');
    expect(readdirSync(dir).sort()).toEqual(['h.compacted.json', 'h.compacted.json.audit.json']);
  });

  it('an export removes the stale temp files killed exports left for its target, and nothing else', async () => {
    const target = join(dir, 'h.compacted.json');
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    const stale = ['.h.compacted.json.0123456789ab.tmp', '.h.compacted.json.audit.json.ba9876543210.tmp'];
    // Not ours to remove: fresh (a writer may be busy with it), another target's, other patterns, a folder, the user's files.
    const kept = [
      '.h.compacted.json.fedcba987654.tmp',
      '.other.json.0123456789ab.tmp',
      '.h.compacted.json.notes.tmp',
      '.h.compacted.json.0123456789AB.tmp',
      '.h.compacted.json.0123456789ab.tmp.bak',
      'h.compacted.json.0123456789ab.tmp',
      'notes.txt',
    ];
    for (const name of [...stale, ...kept]) writeFileSync(join(dir, name), 'x');
    mkdirSync(join(dir, '.h.compacted.json.aaaaaaaaaaaa.tmp'));
    kept.push('.h.compacted.json.aaaaaaaaaaaa.tmp');
    for (const name of [...stale, ...kept.filter((n) => n !== '.h.compacted.json.fedcba987654.tmp')])
      utimesSync(join(dir, name), old, old);
    await saveExport(target, join(dir, 'h.json'), '[1]', '{"a":1}', async () => false);
    expect(readdirSync(dir).sort()).toEqual([...kept, 'h.compacted.json', 'h.compacted.json.audit.json'].sort());
    expect(readFileSync(target, 'utf8')).toBe('[1]');
  });

  it('never replaces the source unless the user confirms', async () => {
    const source = join(dir, 'h.json');
    writeFileSync(source, 'original');
    let asked = 0;
    expect(await saveExport(source, source, 'new', '{}', async () => (asked++, false))).toBeNull();
    expect(readFileSync(source, 'utf8')).toBe('original');
    expect(existsSync(`${source}.audit.json`)).toBe(false);
    expect(await saveExport(source, source, 'new', '{}', async () => (asked++, true))).not.toBeNull();
    expect(readFileSync(source, 'utf8')).toBe('new');
    expect(asked).toBe(2);
  });

  it('finds no Electron binary here without loading (and so downloading) the package', () => {
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'nothing') })).toBeNull();
  });
});
