/**
 * The host side of an export, for the Electron main process and the command line's `--out`:
 * Node's SHA-256 for core's bundle (core/audit/bundle.ts: archive, snapshot, report,
 * audit record, verified before anything is written), the reviewer a host knows (the OS
 * account), and the files committed together beside the snapshot (commitFiles.ts) after the
 * caller was asked about every existing file that would change.
 */
import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { BundledFile, ExportContent, Hash } from '../../core/audit/bundle.js';
import { bundleExport, describeViolation } from '../../core/audit/bundle.js';
import type { Violation } from '../../core/formats/targets/index.js';
import type { SignerKey } from '../signing/auditSignature.js';
import { signatureFileName } from '../signing/auditSignature.js';
import type { FileToCommit } from './commitFiles.js';
import { commitFiles, holdsExactly, isSameFile, refuseIrregularTargets, targetsToReplace } from './commitFiles.js';

export const nodeHash: Hash = async (data) => ({
  sha256: createHash('sha256').update(data).digest('hex'),
  bytes: typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length,
});

/** The account this process runs as, the default reviewer; null when the system cannot say. */
export function osUser(env: Record<string, string | undefined> = process.env): string | null {
  try {
    const name = userInfo().username;
    if (name.trim() !== '') return name;
  } catch {
    // No passwd entry (some containers): fall back to what the shell says.
  }
  const named = env.USER ?? env.USERNAME ?? env.LOGNAME;
  return named && named.trim() !== '' ? named : null;
}

export interface WrittenExport {
  path: string;
  archivePath: string;
  auditPath: string;
  reportPath: string | null;
  /** The record's detached SSH signature and the key that made it, when the export was signed. */
  signaturePath: string | null;
  signedBy: SignerKey | null;
  /** Target rules the source already broke (or advisory ones) that the snapshot breaks (SPEC §9), described. */
  targetWarnings: string[];
}

/** One line per broken rule: its first place, and how many more the file has. */
function warningsByRule(warnings: readonly Violation[]): string[] {
  const byRule = new Map<string, Violation[]>();
  for (const v of warnings) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  return [...byRule.values()].map(
    ([first, ...rest]) => `${describeViolation(first)}${rest.length > 0 ? ` and ${rest.length} more` : ''}`,
  );
}

/** A file the export would replace: its path, and whether it is one the export was read from. */
export interface Replacement {
  path: string;
  isSource: boolean;
}

export interface WriteOptions {
  /** Files the export was read from. */
  sources: readonly string[];
  /** Asked once with every existing file that would change; false cancels and nothing is written. */
  confirmReplace(replacements: Replacement[]): Promise<boolean>;
  /**
   * Signs the record's bytes with the host's key (app/signing/): the signature is committed with
   * the other files, beside the record, so a record is never written without the signature asked for.
   */
  sign?: (recordText: string) => { text: string; signer: SignerKey };
}

/**
 * Writes the export whose snapshot goes to `target`; null when the person declined to replace
 * a file. A file that already holds exactly its bytes (the archive of an original exported
 * before) is left as it is.
 */
export async function writeExport(
  target: string,
  content: ExportContent,
  options: WriteOptions,
): Promise<WrittenExport | null> {
  const dir = dirname(target);
  const { files, targets } = await bundleExport(content, basename(target), nodeHash);
  const audit = files.find((f) => f.role === 'audit') as BundledFile;
  const signed = options.sign?.(audit.data as string) ?? null;
  const all: Array<Omit<BundledFile, 'role'> & { role: BundledFile['role'] | 'signature' }> = signed
    ? [...files, { role: 'signature', name: signatureFileName(audit.name), data: signed.text }]
    : files;
  const placed = all.map((file) => ({ ...file, path: join(dir, file.name) }));
  const changing = placed.filter((file) => !holdsExactly(file.path, file.data));
  // Before asking: no answer makes a FIFO, a device or a link replaceable.
  refuseIrregularTargets(changing.map((file) => file.path));
  const replacements = targetsToReplace(changing).map((path) => ({
    path,
    isSource: options.sources.some((source) => isSameFile(source, path)),
  }));
  if (replacements.length > 0 && !(await options.confirmReplace(replacements))) return null;
  commitFiles(changing.map((file): FileToCommit => ({ path: file.path, data: file.data })));
  const pathOf = (role: (typeof all)[number]['role']) => placed.find((f) => f.role === role)?.path ?? null;
  return {
    path: target,
    archivePath: pathOf('archive') as string,
    auditPath: pathOf('audit') as string,
    reportPath: pathOf('report'),
    signaturePath: pathOf('signature'),
    signedBy: signed?.signer ?? null,
    targetWarnings: warningsByRule(targets.warnings),
  };
}
