/**
 * `verify AUDIT.json [--json]` (SPEC §9): re-derives the snapshot an audit record approved from
 * the archive beside it and the record alone (core/audit/verify.ts: no model is asked) and
 * checks every hash. Exit 0 when the snapshot is exactly what was approved; 1 with the first
 * difference on stdout; 2 with one line on stderr for bad input (not a record, a file missing
 * or unreadable). `--report` then writes the HTML audit report from the verified re-derivation.
 */
import { basename, dirname, join } from 'node:path';
import { describeZodError } from '../../core/engine/schema.js';
import type { AuditRecord } from '../../core/audit/schema.js';
import { AuditRecordSchema, EarlierAuditRecordSchema, reportFileName } from '../../core/audit/schema.js';
import { reportOf } from '../../core/audit/report.js';
import type { ReadFile, Rederived, Verification } from '../../core/audit/verify.js';
import { verifyExport } from '../../core/audit/verify.js';
import { classify, EXIT } from '../host/errors.js';
import { writeAtomic } from '../host/commitFiles.js';
import { nodeHash } from '../host/exportFiles.js';
import type { ReadPath } from './writeTargets.js';
import { checkTargets } from './writeTargets.js';
import {
  parseFileCommand,
  parseJsonValue,
  readFileBytes,
  readTextFile,
  readTextFileBytes,
  UsageError,
} from './args.js';

export const USAGE = `usage: compaction-inspector verify AUDIT.json [--json] [--report]
  AUDIT.json  an export's audit record; the snapshot and the archive it names are read from
              the same folder
  --json      the result as JSON on stdout: { ok, differences, audit, snapshot, archive, report }
  --report    once verified, also write the HTML audit report beside the snapshot
              (SNAPSHOT.report.html, what the inspector's export writes when asked); never
              over a file verify read
  --force     let --report replace an existing file of that name
  Exit 0 when the snapshot is exactly what the record approved, 1 with the first difference,
  2 on bad input.
`;

/**
 * A file beside the record, through the one bounded reader (regular files only) and decoded as
 * every command decodes (strict UTF-8, a byte-order mark dropped): no export writes anything
 * else, so a FIFO, a device or invalid UTF-8 there is bad input.
 */
async function readSibling(role: string, path: string): Promise<ReadFile> {
  const { text, bytes } = readTextFileBytes(role, path);
  const { sha256 } = await nodeHash(bytes);
  return { name: path, text, sha256, bytes: bytes.length };
}

function readRecord(path: string): AuditRecord {
  const value = parseJsonValue(path, readTextFile(path, path));
  const parsed = AuditRecordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const earlier = typeof value === 'object' && value !== null && !('exported_file' in value);
  if (earlier && EarlierAuditRecordSchema.safeParse(value).success)
    throw new UsageError(
      `${path}: written by an earlier version, before exports named their files and hashes: there is nothing to verify it against`,
    );
  throw new UsageError(`${path}: not an audit record: ${describeZodError(parsed.error)}`);
}

/**
 * The report of a verified export, from its re-derivation, beside the snapshot (atomically):
 * never over a file this command read (a record may name its snapshot so that the report's
 * name is the archive's or its own), and over another existing file only with `--force`.
 */
async function writeReport(
  auditPath: string,
  record: AuditRecord,
  rederived: Rederived,
  target: { reads: readonly ReadPath[]; force: boolean },
): Promise<string> {
  const { source, analysis, actions } = rederived;
  const auditFile = { name: basename(auditPath), ...(await nodeHash(readFileBytes(auditPath, auditPath))) };
  const path = join(dirname(auditPath), reportFileName(record.exported_file.name));
  const html = reportOf(record, { messages: source.read.messages, analysis, actions }, auditFile);
  checkTargets('--report', [{ path, data: html }], target.reads, target.force);
  try {
    writeAtomic(path, html);
  } catch (error) {
    throw new UsageError(
      `--report: cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return path;
}

function summary(record: AuditRecord): string {
  const counts = { keep: 0, drop_result: 0, drop_call: 0 };
  for (const d of record.decisions) counts[d.action]++;
  const overrides = record.decisions.filter((d) => d.override !== null).length;
  return `${record.decisions.length} decisions (${counts.keep} keep, ${counts.drop_result} drop_result, ${counts.drop_call} drop_call; ${overrides} overridden)`;
}

function render(record: AuditRecord, verification: Verification): string {
  if (verification.ok)
    return `verified: ${record.exported_file.name} is exactly what ${record.reviewer} approved on ${record.timestamps.exported_at}: ${summary(record)}, derived from the archive ${record.archive_file.name} of ${record.original_file}\n`;
  const [first, ...rest] = verification.differences;
  const more =
    rest.length > 0 ? ` (and ${rest.length} more difference${rest.length === 1 ? '' : 's'}; --json lists them)` : '';
  return `differs: ${first}${more}\n`;
}

export async function run(argv: string[]): Promise<number> {
  try {
    const parsed = parseFileCommand('verify', argv, USAGE, ['report', 'force']);
    if (parsed === null) return EXIT.success;
    const [auditPath, ...extra] = parsed.files;
    if (auditPath === undefined || extra.length > 0)
      throw new UsageError(`verify: give exactly one audit record (got ${parsed.files.length})`);
    const record = readRecord(auditPath);
    const dir = dirname(auditPath);
    const archive = await readSibling('archive', join(dir, record.archive_file.name));
    const snapshot = await readSibling('snapshot', join(dir, record.exported_file.name));
    const verification = verifyExport(record, archive, snapshot);
    const reportPath =
      verification.ok && parsed.flags.has('report')
        ? await writeReport(auditPath, record, verification.rederived, {
            reads: [
              { role: 'the audit record', path: auditPath },
              { role: 'the archive', path: archive.name },
              { role: 'the snapshot', path: snapshot.name },
            ],
            force: parsed.flags.has('force'),
          })
        : null;
    if (parsed.json) {
      const differences = verification.ok ? [] : verification.differences;
      const report = {
        ok: verification.ok,
        differences,
        audit: auditPath,
        snapshot: snapshot.name,
        archive: archive.name,
        report: reportPath,
      };
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else process.stdout.write(render(record, verification) + (reportPath ? `report: ${reportPath}\n` : ''));
    return verification.ok ? EXIT.success : EXIT.failed;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return EXIT.invalid_input;
  }
}
