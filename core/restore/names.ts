/**
 * SPEC §9 "Restore server": `archive` and `audit` are names looked up only inside the
 * `--archive-dir` roots. What a name may look like is decided here, before any file is touched:
 * never absolute, never climbing with `..`; an archive carries the SHA-256 prefix its export gave
 * it (core/records/audit.ts `archiveFileName`), and an audit record ends in `.audit.json`. Any other
 * file in the folder (a `.env`, the snapshot itself) is not ours to hand to an agent.
 */
import { ARCHIVE_HASH_DIGITS } from '../records/audit.js';

const HASHED = new RegExp(`\\.([0-9a-f]{${ARCHIVE_HASH_DIGITS}})(?:\\.[A-Za-z0-9]{1,12})?$`);

/** Why `name` may not be looked up inside a root, as one sentence; null when it may. */
export function refusedName(key: string, name: string): string | null {
  if (name.trim() === '') return `${key} is empty; give the file name inside an --archive-dir folder.`;
  if (name.includes('\0')) return `${key} holds a NUL character; give a plain file name.`;
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name))
    return `${key} "${clip(name)}" is an absolute path; give the file name inside an --archive-dir folder.`;
  if (name.split(/[\\/]/).includes('..'))
    return `${key} "${clip(name)}" climbs out of its folder with ".."; give the file name inside an --archive-dir folder.`;
  return null;
}

/** The SHA-256 prefix (lowercase hex) an archive's name carries, or null when it has none. */
export function archiveHashPrefix(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? name;
  return HASHED.exec(base)?.[1] ?? null;
}

export function isAuditName(name: string): boolean {
  return name.endsWith('.audit.json');
}

export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
