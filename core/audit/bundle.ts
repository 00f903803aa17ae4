/**
 * What an export writes side by side, decided once for every host (the Electron main process,
 * the browser's downloads, the command line's `--out`): the archive of the original (its bytes
 * under their SHA-256), the snapshot, the optional HTML report, and last the audit record that
 * names and hashes them. Before anything is written the files are verified exactly as
 * `verify` will check them later (verify.ts), so an export that would not verify is refused
 * instead of written. Hashing is the host's (core has no crypto), passed in as `hash`.
 */
import type { AuditDraft, AuditFile, AuditRecord } from '../records/audit.js';
import { auditFileName, auditText, reportFileName } from '../records/audit.js';
import { reportOf } from './report.js';
import { verifyExport } from './verify.js';
import type { ExportVerdict, Violation } from '../formats/targets/index.js';
import { describePlace, judgeExport } from '../formats/targets/index.js';
import type { SourceInput, WrittenFile } from '../formats/index.js';

/** `rule at place: message`, as refusals and warnings name a broken rule. */
export function describeViolation(v: Violation): string {
  return `${v.rule} at ${describePlace(v.place)} (${v.message})`;
}

/** A SHA-256 (hex) and the length in bytes of a text's UTF-8 encoding, or of bytes. */
export type Hash = (data: string | Uint8Array) => Promise<{ sha256: string; bytes: number }>;

export interface ExportContent {
  /** The snapshot in the source's own format (core/formats `exportSource`): text, or a `.eval` ZIP's bytes. */
  text: WrittenFile;
  /** The original's bytes, as opened, and their text as the inspector decoded it (the bytes for a ZIP). */
  archive: Uint8Array;
  archiveText: SourceInput;
  audit: AuditDraft;
  /** Also write the HTML audit report. */
  report: boolean;
}

export interface BundledFile {
  role: 'archive' | 'snapshot' | 'report' | 'audit';
  /** The name beside the snapshot. */
  name: string;
  data: string | Uint8Array;
}

/** The export is refused before anything is written; code `invalid_input` for the hosts. */
export class ExportRefused extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'ExportRefused';
  }
}

/**
 * The files of an export whose snapshot is named `snapshotName`, in the order to commit them
 * (the record last: it seals the others), and the completed record.
 */
export async function bundleExport(
  content: ExportContent,
  snapshotName: string,
  hash: Hash,
): Promise<{ record: AuditRecord; files: BundledFile[]; targets: ExportVerdict }> {
  const exported: AuditFile = { name: snapshotName, ...(await hash(content.text)) };
  const archived = await hash(content.archive);
  const record: AuditRecord = { ...content.audit, exported_file: exported };
  const archiveName = record.archive_file.name;
  if (archiveName === snapshotName)
    throw new ExportRefused(`the snapshot may not be named ${snapshotName}: that is the archive's name`);
  const verification = verifyExport(
    record,
    { name: archiveName, text: content.archiveText, ...archived },
    { ...exported, text: content.text },
  );
  if (!verification.ok)
    throw new ExportRefused(`the export would not verify, so nothing was written: ${verification.differences[0]}`);
  // SPEC §9 "Target checks": a snapshot in the source's format must keep every target rule its
  // source keeps; a rule the source already breaks, or an advisory one, is written with a warning naming it.
  const targets =
    record.exported_as === 'source'
      ? judgeExport(verification.rederived.source, content.text)
      : { reports: [], refused: [], warnings: [] };
  if (targets.refused.length > 0)
    throw new ExportRefused(
      `the export breaks ${describeViolation(targets.refused[0])}, a rule its source keeps${targets.refused.length > 1 ? ` (and ${targets.refused.length - 1} more)` : ''}, so nothing was written`,
    );
  const recordText = auditText(record);
  const auditName = auditFileName(snapshotName);
  const files: BundledFile[] = [
    { role: 'archive', name: archiveName, data: content.archive },
    { role: 'snapshot', name: snapshotName, data: content.text },
  ];
  if (content.report) {
    const { source, analysis, actions } = verification.rederived;
    const auditFile = { name: auditName, ...(await hash(recordText)) };
    files.push({
      role: 'report',
      name: reportFileName(snapshotName),
      data: reportOf(record, { messages: source.read.messages, analysis, actions }, auditFile),
    });
  }
  files.push({ role: 'audit', name: auditName, data: recordText });
  return { record, files, targets };
}
