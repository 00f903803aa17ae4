/**
 * Writing files so that a crash, a kill or a full disk never leaves a torn or half-written
 * export: each file goes to a temp file beside its target and is renamed over it (a rename
 * within a folder is atomic), and a set of files is committed together — every temp written
 * before any target is replaced, so a failure while writing leaves every old file as it was,
 * and a failed rename puts back the files already replaced.
 * Only a regular file is ever replaced: a rename over a FIFO, a device node, a socket or a
 * symbolic link would put a regular file where the system (or the person) keeps something
 * else — as root, `/dev/null` itself — so such a target is refused before anything is written.
 * A symbolic link is refused whatever it points to: replacing the link would cut it, writing
 * through it would change a file elsewhere, and neither is what `--force` asks for.
 * A replaced file keeps its permissions. Shared by the Electron export and the command line's
 * `--out`; "is this the same file" compares device and inode, so links and case-insensitive
 * disks cannot slip a source file through under another spelling.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { kindOf } from '../inputFiles.js';

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

/** True when `a` and `b` name the same file: one inode (links, case-insensitive disks) or one real path. */
export function isSameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    // One of them does not exist (yet): only the spelling of an existing parent can still match.
  }
  try {
    return realpathSync(resolve(a)) === realpathSync(resolve(b));
  } catch {
    return resolve(a) === resolve(b);
  }
}

/** A target that exists and is not a regular file: what no write may replace (bad input, CLI exit 2). */
export class NotRegularTarget extends Error {
  readonly code = 'invalid_input';
  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file; only a regular file is ever replaced`);
    this.name = 'NotRegularTarget';
  }
}

/** Throws NotRegularTarget for the first of `paths` that exists and is not a regular file (links not followed). */
export function refuseIrregularTargets(paths: readonly string[]): void {
  for (const path of paths) {
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      continue;
    }
    if (!stats.isFile()) throw new NotRegularTarget(path, kindOf(stats));
  }
}

export interface FileToCommit {
  path: string;
  data: string | Uint8Array;
}

const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** True when a file already at `path` holds exactly `data` (it then needs no writing). */
export function holdsExactly(path: string, data: string | Uint8Array): boolean {
  const bytes = bytesOf(data);
  try {
    // Never read a FIFO or a device to compare (a FIFO would block): only a regular file can hold it.
    const stats = lstatSync(path);
    if (!stats.isFile() || stats.size !== bytes.length) return false;
    return Buffer.compare(readFileSync(path), bytes) === 0;
  } catch {
    return false;
  }
}

/** The targets that exist and would change: what a person is asked about before they are replaced. */
export function targetsToReplace(files: readonly FileToCommit[]): string[] {
  return files.filter((f) => exists(f.path) && !holdsExactly(f.path, f.data)).map((f) => f.path);
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Commits `files` together, in order: every temp file is written first (a failure removes
 * them all and changes nothing), then each is renamed over its target. A target that is not a
 * regular file (a folder, a FIFO, a device, a link) is refused before anything is written. Should a rename still fail, the targets
 * already replaced get their old files back (hard links kept until the end; on a disk without
 * hard links, a file that did not exist before is removed and an old one cannot be restored).
 */
export function commitFiles(files: readonly FileToCommit[]): void {
  const temps: Array<{ temp: string; path: string }> = [];
  const backups: string[] = [];
  const committed: Array<{ path: string; backup: string | null }> = [];
  refuseIrregularTargets(files.map((file) => file.path));
  try {
    for (const file of files) {
      // Before writing, so litter from earlier crashes does not count against a full disk.
      removeStaleTemps(file.path);
      const temp = tempBeside(file.path);
      temps.push({ temp, path: file.path });
      writeFileSync(temp, file.data, { flag: 'wx' });
      const mode = modeOf(file.path);
      if (mode !== null) chmodSync(temp, mode);
    }
    for (const { temp, path } of temps) {
      const backup = linkToOld(path);
      if (backup !== null) backups.push(backup);
      renameSync(temp, path);
      committed.push({ path, backup });
    }
  } catch (error) {
    for (const { path, backup } of committed.reverse()) {
      try {
        if (backup !== null) renameSync(backup, path);
        else rmSync(path, { force: true });
      } catch {
        // Best effort: the error below still says the commit failed.
      }
    }
    for (const { temp } of temps) rmSync(temp, { force: true });
    throw error;
  } finally {
    for (const backup of backups) rmSync(backup, { force: true });
  }
}

function tempBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** A hard link to the file now at `path` (named like a temp, so a crash leaves only cleanable litter); null when none. */
function linkToOld(path: string): string | null {
  if (!exists(path)) return null;
  const backup = tempBeside(path);
  try {
    linkSync(path, backup);
    return backup;
  } catch {
    return null;
  }
}

function modeOf(path: string): number | null {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return null;
  }
}

/** One file, atomically (see commitFiles). */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  commitFiles([{ path, data }]);
}
