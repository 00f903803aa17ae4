/**
 * `verify AUDIT.json [--json] [--report] [--allowed-signers FILE]` (SPEC §9): re-derives the
 * snapshot an audit record approved from the archive beside it and the record alone
 * (core/audit/verify.ts: no model is asked) and checks every hash. The verdict claims what that
 * proves — the snapshot is what this record derives from the archive — and names, by field,
 * what was recomputed and what stands only on the record's word (core/audit/proof.ts); with
 * `--allowed-signers`, the record's SSH signature (app/signing/) must be there, match the record
 * byte for byte and come from an allowed signer, and those fields are then the signer's word.
 * Exit 0 when all holds; 1 with the first difference on stdout; 2 with one line on stderr for
 * bad input (not a record, a file missing or unreadable, a malformed allowed-signers file).
 */
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeZodError } from '../../core/engine/schema.js';
import type { ProofMap } from '../../core/audit/proof.js';
import { fieldList, proofOf } from '../../core/audit/proof.js';
import type { AuditRecord } from '../../core/records/audit.js';
import { AuditRecordSchema, EarlierAuditRecordSchema, reportFileName } from '../../core/records/audit.js';
import { reportOf } from '../../core/audit/report.js';
import type { ReadFile, Rederived, Verification } from '../../core/audit/verify.js';
import { verifyExport } from '../../core/audit/verify.js';
import { inflateBudgetBytes } from '../budget.js';
import { classify, EXIT } from '../host/errors.js';
import { writeAtomic } from '../host/commitFiles.js';
import { nodeHash } from '../host/exportFiles.js';
import { parseAllowedSigners } from '../signing/allowedSigners.js';
import type { SignatureVerdict } from '../signing/auditSignature.js';
import { signatureFileName, verifyAuditSignature } from '../signing/auditSignature.js';
import type { ReadPath } from './writeTargets.js';
import { checkTargets } from './writeTargets.js';
import {
  parseFileCommand,
  parseJsonValue,
  readFileBytes,
  readTextFile,
  readSourceFileBytes,
  readTextFileBytes,
  UsageError,
} from './args.js';

export const USAGE = `usage: compaction-inspector verify AUDIT.json [--json] [--report] [--allowed-signers FILE]
                                    [--policy FILE]
  AUDIT.json  an export's audit record; the snapshot and the archive it names are read from
              the same folder
  --json      the result as JSON on stdout: { ok, differences, audit, snapshot, archive,
              report, links, proof, signature }
  --report    once verified, also write the HTML audit report beside the snapshot
              (SNAPSHOT.report.html, what the inspector's export writes when asked); never
              over a file verify read
  --force     let --report replace an existing file of that name
  --allowed-signers FILE
              also check the record's SSH signature (AUDIT.json.sig beside it, as
              ssh-keygen -Y sign -n compaction-inspector-audit writes it) against git's
              allowed-signers file: a missing, altered or unknown signature is a difference
  --policy FILE
              also check that the export was approved under this compaction-policy.json
              (the record names its policy by the SHA-256 of its canonical text): another
              policy, or none named, is a difference
  Exit 0 when the snapshot is what the record derives from the archive (and, with
  --allowed-signers, the record is what an allowed signer signed), 1 with the first
  difference, 2 on bad input. The verdict names every field it could not check.
`;

/**
 * A file beside the record, through the one bounded reader (regular files only) and decoded as
 * every command decodes (strict UTF-8, a byte-order mark dropped; a ZIP, an Inspect `.eval` log,
 * as its bytes): no export writes anything else, so a FIFO, a device or invalid UTF-8 there is
 * bad input.
 */
async function readSibling(role: string, path: string): Promise<ReadFile> {
  const { text, bytes } = readSourceFileBytes(role, path);
  const { sha256 } = await nodeHash(bytes);
  return { name: path, text, sha256, bytes: bytes.length };
}

/** The files verify reads, by the key `--json` names them with. */
export type VerifiedRole = 'audit' | 'snapshot' | 'archive';

/**
 * Where each of the record, the snapshot and the archive points when it is a symbolic link (its
 * real path, through every link): the verdict is about the file read, and a link may put any file
 * — an identical copy, or another one — under the record's name, so the verdict says so.
 */
function linksOf(paths: Record<VerifiedRole, string>): Partial<Record<VerifiedRole, string>> {
  const links: Partial<Record<VerifiedRole, string>> = {};
  for (const [role, path] of Object.entries(paths) as Array<[VerifiedRole, string]>) {
    try {
      if (lstatSync(path).isSymbolicLink()) links[role] = realpathSync(path);
    } catch {
      // Read already, so it exists; a link swapped away since is not this run's verdict.
    }
  }
  return links;
}

/** The record's bytes (what a signature covers) and the record they parse as. */
function readRecord(path: string): { record: AuditRecord; bytes: Buffer } {
  const { text, bytes } = readTextFileBytes(path, path);
  const value = parseJsonValue(path, text);
  const parsed = AuditRecordSchema.safeParse(value);
  if (parsed.success) return { record: parsed.data, bytes };
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

/** The record's signature file, and what checking it found (null: no --allowed-signers). */
export interface SignatureOutcome {
  path: string;
  present: boolean;
  verdict: SignatureVerdict | null;
}

export interface VerifyOutcome {
  auditPath: string;
  record: AuditRecord;
  archive: ReadFile;
  snapshot: ReadFile;
  verification: Verification;
  signature: SignatureOutcome;
  /** The files read that are symbolic links: where each points. */
  links: Partial<Record<VerifiedRole, string>>;
  /** The signature's failure first (nothing in a record it does not cover counts), then the re-derivation's. */
  differences: string[];
  proof: ProofMap;
}

/** `--policy FILE`'s hash as a record names it (policy.ts `policySha256`); a bad file is bad usage. */
async function policyHashOf(path: string): Promise<string> {
  const { readPolicyFlag, policySha256 } = await import('./policy.js');
  return policySha256(readPolicyFlag(path));
}

/** Every check `verify` makes, on the files as they are: what the CLI prints and the tests read. */
export async function verifyFiles(
  auditPath: string,
  options: { allowedSigners?: string; policy?: string; now?: Date } = {},
): Promise<VerifyOutcome> {
  const signers =
    options.allowedSigners === undefined
      ? null
      : parseAllowedSigners(readTextFile('--allowed-signers', options.allowedSigners), options.allowedSigners);
  const { record, bytes } = readRecord(auditPath);
  const dir = dirname(auditPath);
  const archive = await readSibling('archive', join(dir, record.archive_file.name));
  const snapshot = await readSibling('snapshot', join(dir, record.exported_file.name));
  // Re-deriving a .eval export compresses its edited zstd members (core/formats/zip/members.ts).
  if (record.source.format === 'inspect-eval') await (await import('../zstd.js')).installZstd();
  const verification = verifyExport(record, archive, snapshot, {
    maxInflatedBytes: inflateBudgetBytes(archive.bytes),
  });
  const sigPath = join(dir, signatureFileName(basename(auditPath)));
  const present = existsSync(sigPath);
  const verdict =
    signers === null
      ? null
      : verifyAuditSignature(bytes, present ? readTextFile('signature', sigPath) : null, signers, options.now);
  const differences = verification.ok ? [] : [...verification.differences];
  if (options.policy !== undefined) {
    const wanted = await policyHashOf(options.policy);
    if (record.policy_sha256 !== wanted)
      differences.push(
        `--policy ${options.policy} (sha256 ${wanted}): the record was approved under ${record.policy_sha256 === undefined ? 'no policy file' : `another policy (sha256 ${record.policy_sha256})`}`,
      );
  }
  if (verdict !== null && !verdict.ok)
    differences.unshift(
      present
        ? `the signature ${sigPath}: ${verdict.reason}`
        : `--allowed-signers asks for a signature, and there is no ${sigPath} beside the record`,
    );
  return {
    auditPath,
    record,
    archive,
    snapshot,
    verification,
    signature: { path: sigPath, present, verdict },
    links: linksOf({ audit: auditPath, snapshot: snapshot.name, archive: archive.name }),
    differences,
    proof: proofOf(record),
  };
}

function summary(record: AuditRecord): string {
  const counts = { keep: 0, drop_result: 0, drop_call: 0 };
  for (const d of record.decisions) counts[d.action]++;
  const overrides = record.decisions.filter((d) => d.override !== null).length;
  return `${record.decisions.length} decisions (${counts.keep} keep, ${counts.drop_result} drop_result, ${counts.drop_call} drop_call; ${overrides} overridden)`;
}

/** The stated fields, the reviewer with the name the record gives. */
function statedList(outcome: VerifyOutcome): string {
  const reviewer = `reviewer ${JSON.stringify(outcome.record.reviewer)}`;
  return fieldList(outcome.proof.stated).replace(/(^|, )reviewer(?=,|$)/, `$1${reviewer}`);
}

/** One line per file read through a symbolic link, under either verdict. */
function linkLines(outcome: VerifyOutcome): string[] {
  const named: Record<VerifiedRole, string> = {
    audit: `the audit record ${outcome.auditPath}`,
    snapshot: `the snapshot ${outcome.snapshot.name}`,
    archive: `the archive ${outcome.archive.name}`,
  };
  return (Object.entries(outcome.links) as Array<[VerifiedRole, string]>).map(
    ([role, target]) => `  ${named[role]} is a symbolic link to ${target}: what was checked is the file it points to`,
  );
}

export function render(outcome: VerifyOutcome): string {
  const { record, proof, signature } = outcome;
  if (outcome.differences.length > 0) {
    const [first, ...rest] = outcome.differences;
    const more =
      rest.length > 0 ? ` (and ${rest.length} more difference${rest.length === 1 ? '' : 's'}; --json lists them)` : '';
    return [`differs: ${first}${more}`, ...linkLines(outcome)].map((line) => `${line}\n`).join('');
  }
  const lines = [
    `verified: ${record.exported_file.name} is what this record derives from the archive ${record.archive_file.name}, the original it names (sha256 ${record.original_sha256}): ${summary(record)}`,
    `  derived with the record's: ${fieldList(proof.derives)}`,
    `  recomputed from the archive: ${fieldList(proof.recomputed)}`,
  ];
  if (record.policy_sha256 !== undefined)
    lines.push(
      `  approved under the policy file sha256 ${record.policy_sha256} (verify --policy FILE checks a file against it)`,
    );
  const verdict = signature.verdict;
  if (verdict?.ok) {
    const who = verdict.principals.join(', ');
    lines.push(
      `  signed by ${who} (${verdict.keyType} ${verdict.fingerprint}): the record is byte for byte what that key signed`,
      `  as ${who} signed them, not re-derivable: ${statedList(outcome)}`,
    );
  } else {
    lines.push(`  as the record says, unsigned: ${statedList(outcome)}`);
    if (signature.present)
      lines.push(
        `  a signature is beside the record (${basename(signature.path)}), unchecked: give --allowed-signers FILE`,
      );
  }
  lines.push(...linkLines(outcome));
  return `${lines.join('\n')}\n`;
}

/** What `--json` prints. */
export function verdictJson(outcome: VerifyOutcome, report: string | null) {
  const { verdict } = outcome.signature;
  return {
    ok: outcome.differences.length === 0,
    differences: outcome.differences,
    audit: outcome.auditPath,
    snapshot: outcome.snapshot.name,
    archive: outcome.archive.name,
    report,
    links: outcome.links,
    proof: outcome.proof,
    signature: {
      file: outcome.signature.path,
      present: outcome.signature.present,
      checked: verdict !== null,
      ...(verdict === null
        ? {}
        : verdict.ok
          ? { ok: true, principals: verdict.principals, key_type: verdict.keyType, fingerprint: verdict.fingerprint }
          : { ok: false, reason: verdict.reason }),
    },
  };
}

/** Every file verify read: --report may replace none of them. */
function readsOf(outcome: VerifyOutcome, allowedSigners: string | undefined, policy: string | undefined): ReadPath[] {
  return [
    { role: 'the audit record', path: outcome.auditPath },
    { role: 'the archive', path: outcome.archive.name },
    { role: 'the snapshot', path: outcome.snapshot.name },
    ...(outcome.signature.present ? [{ role: 'the signature', path: outcome.signature.path }] : []),
    ...(allowedSigners !== undefined ? [{ role: 'the allowed signers', path: allowedSigners }] : []),
    ...(policy !== undefined ? [{ role: 'the policy', path: policy }] : []),
  ];
}

export async function run(argv: string[]): Promise<number> {
  try {
    const parsed = parseFileCommand('verify', argv, USAGE, ['report', 'force'], ['allowed-signers', 'policy']);
    if (parsed === null) return EXIT.success;
    const [auditPath, ...extra] = parsed.files;
    if (auditPath === undefined || extra.length > 0)
      throw new UsageError(`verify: give exactly one audit record (got ${parsed.files.length})`);
    const outcome = await verifyFiles(auditPath, {
      allowedSigners: parsed.values.get('allowed-signers'),
      policy: parsed.values.get('policy'),
    });
    const ok = outcome.differences.length === 0;
    const reportPath =
      ok && outcome.verification.ok && parsed.flags.has('report')
        ? await writeReport(auditPath, outcome.record, outcome.verification.rederived, {
            reads: readsOf(outcome, parsed.values.get('allowed-signers'), parsed.values.get('policy')),
            force: parsed.flags.has('force'),
          })
        : null;
    if (parsed.json) process.stdout.write(`${JSON.stringify(verdictJson(outcome, reportPath), null, 2)}\n`);
    else process.stdout.write(render(outcome) + (reportPath ? `report: ${reportPath}\n` : ''));
    return ok ? EXIT.success : EXIT.failed;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return EXIT.invalid_input;
  }
}
