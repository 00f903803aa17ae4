/**
 * Reading exported audit records for `npm run fit -- --audits DIR`: every `*.audit.json` under
 * the folder (recursive, dot folders skipped), checked with the record's schema, with the
 * archive of the original beside it (`archive_file`, checked against `original_sha256`). The
 * judgments themselves are read in core (core/eval/reviewLabels.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AuditRecord } from '../../core/records/audit.js';
import { AuditRecordSchema } from '../../core/records/audit.js';
import { describeZodError } from '../../core/engine/schema.js';
import { readInputText } from '../inputFiles.js';

export interface ReviewedExport {
  /** The record's path relative to the folder. */
  name: string;
  record: AuditRecord;
  archiveText: string;
}

function auditFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : auditFiles(path);
      return entry.name.endsWith('.audit.json') ? [path] : [];
    });
}

/** The readable records of `dir`; every one that cannot be used is named on `skip` with why. */
export function readReviewedExports(dir: string, skip: (line: string) => void): ReviewedExport[] {
  const out: ReviewedExport[] = [];
  for (const path of auditFiles(dir)) {
    const name = relative(dir, path);
    try {
      const parsed = AuditRecordSchema.safeParse(JSON.parse(readInputText(path).text));
      if (!parsed.success) {
        skip(`${name}: not an audit record: ${describeZodError(parsed.error)}`);
        continue;
      }
      const record = parsed.data;
      const archive = readInputText(join(dirname(path), record.archive_file.name));
      const sha256 = createHash('sha256').update(archive.bytes).digest('hex');
      if (sha256 !== record.original_sha256) {
        skip(`${name}: the archive ${record.archive_file.name} is not the original the record opened`);
        continue;
      }
      out.push({ name, record, archiveText: archive.text });
    } catch (error) {
      skip(`${name}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return out;
}
