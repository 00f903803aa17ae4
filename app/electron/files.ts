/**
 * Electron's file work, kept free of Electron imports so it is testable in Node: atomic
 * writes (temp file + rename, so a crash never leaves half a snapshot) and the rule that an
 * export never replaces its source unless the user confirmed it.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { auditFileName } from '../../core/ipc/audit.js';

/**
 * A temp file of ours untouched this long belongs to a writer that died (a write refreshes
 * the mtime as it goes, and even a huge snapshot takes seconds), so it may be removed.
 */
export const STALE_TEMP_MS = 10 * 60 * 1000;

const TEMP_SUFFIX = /^[0-9a-f]{12}\.tmp$/;

/**
 * Removes temp files a killed writer left beside `path`: only names of exactly our pattern
 * for this target (`.<name>.<12 hex>.tmp`), only regular files, only stale ones, so a
 * concurrent writer's file and anything the user keeps there are never touched. Best effort:
 * a failure here must not fail the export.
 */
export function removeStaleTemps(path: string, now = Date.now()): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !TEMP_SUFFIX.test(name.slice(prefix.length))) continue;
    const full = join(dir, name);
    try {
      const stat = lstatSync(full);
      if (stat.isFile() && now - stat.mtimeMs > STALE_TEMP_MS) rmSync(full);
    } catch {
      // Gone already (another writer cleaned it) or not ours to remove: leave it.
    }
  }
}

export function writeAtomic(path: string, text: string): void {
  // Before writing, so litter from earlier crashes does not count against a full disk.
  removeStaleTemps(path);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text, { encoding: 'utf8', flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function isSameFile(a: string | null, b: string): boolean {
  return a !== null && resolve(a) === resolve(b);
}

/** Writes the snapshot and its audit record; `confirmOverwrite` is asked only when target is the source. */
export async function saveExport(
  target: string,
  sourcePath: string | null,
  text: string,
  auditText: string,
  confirmOverwrite: () => Promise<boolean>,
): Promise<{ path: string; auditPath: string } | null> {
  if (isSameFile(sourcePath, target) && !(await confirmOverwrite())) return null;
  const auditPath = join(dirname(target), auditFileName(basename(target)));
  writeAtomic(target, text);
  writeAtomic(auditPath, auditText);
  return { path: target, auditPath };
}
