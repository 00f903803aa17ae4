/**
 * Electron's file work, kept free of Electron imports so it is testable in Node: atomic
 * writes (temp file + rename, so a crash never leaves half a snapshot) and the rule that an
 * export never replaces its source unless the user confirmed it.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export function writeAtomic(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text, { encoding: 'utf8', flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function auditPathFor(path: string): string {
  return `${path}.audit.json`;
}

export function isSameFile(a: string | null, b: string): boolean {
  return a !== null && resolve(a) === resolve(b);
}

/** Writes the snapshot and its audit record; `confirmOverwrite` is asked only when target is the source. */
export async function saveExport(target: string, sourcePath: string | null, text: string, auditText: string, confirmOverwrite: () => Promise<boolean>): Promise<{ path: string; auditPath: string } | null> {
  if (isSameFile(sourcePath, target) && !(await confirmOverwrite())) return null;
  const auditPath = auditPathFor(target);
  writeAtomic(target, text);
  writeAtomic(auditPath, auditText);
  return { path: target, auditPath };
}
