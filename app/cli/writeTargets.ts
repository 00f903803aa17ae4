/**
 * What a command may write over (SPEC §9 `--out`, `verify --report`): never a file it read —
 * the input, the archive (the only copy of the original bytes), the audit record — however the
 * path is spelled (device and inode, app/host/commitFiles.ts), not even with `--force`; and an
 * existing file that would change only when asked (`--force`), as the inspector asks before
 * replacing a file (app/host/exportFiles.ts); never anything but a regular file (a FIFO, a device,
 * a folder, a socket or a symbolic link), not even with `--force` (app/host/commitFiles.ts). A
 * file that already holds exactly the bytes to write is left as it is and needs no asking.
 */
import {
  holdsExactly,
  isSameFile,
  NotRegularTarget,
  refuseIrregularTargets,
  targetsToReplace,
} from '../host/commitFiles.js';
import { UsageError } from './args.js';

/** A file the command read, by the role a refusal names (`the input file`, `the archive`…). */
export interface ReadPath {
  role: string;
  path: string;
}

/** The file read that `target` is, by device and inode or real path; null when none. */
export function readFileAt(target: string, reads: readonly ReadPath[]): ReadPath | null {
  return reads.find((read) => isSameFile(target, read.path)) ?? null;
}

/**
 * Refuses, as one usage line naming `flag`, to write `files` over a file the command read, or
 * over an existing file that would change unless `force`.
 */
export function checkTargets(
  flag: string,
  files: ReadonlyArray<{ path: string; data: string | Uint8Array }>,
  reads: readonly ReadPath[],
  force: boolean,
): void {
  for (const file of files) {
    const read = readFileAt(file.path, reads);
    if (read !== null) throw new UsageError(`${flag}: would replace ${read.role} ${read.path}; choose another path`);
  }
  const changing = files.filter((file) => !holdsExactly(file.path, file.data));
  try {
    refuseIrregularTargets(changing.map((file) => file.path));
  } catch (error) {
    throw usageOf(flag, error);
  }
  if (force) return;
  const replaced = targetsToReplace(changing);
  if (replaced.length > 0) throw notAsked(flag, replaced);
}

/** The refusal to replace existing files that nobody asked to replace. */
export function notAsked(flag: string, replaced: readonly string[]): UsageError {
  const more = replaced.length > 1 ? ` (and ${replaced.slice(1).join(', ')})` : '';
  return new UsageError(`${flag}: ${replaced[0]} exists${more}; pass --force to replace it, or choose another path`);
}

/** A target that is not a regular file, as the one usage line naming `flag`; any other error as it is. */
export function usageOf(flag: string, error: unknown): unknown {
  return error instanceof NotRegularTarget ? new UsageError(`${flag}: ${error.message}`) : error;
}
