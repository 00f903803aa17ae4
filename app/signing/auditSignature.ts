/**
 * Signed approvals: an export's audit record signed with the reviewer's SSH key, in a detached
 * file beside it (`NAME.audit.json.sig`, what `ssh-keygen -Y sign -n compaction-inspector-audit
 * NAME.audit.json` writes), and checked by `verify --allowed-signers FILE` as
 * `ssh-keygen -Y verify` would. The record holds the SHA-256 of the snapshot and the archive,
 * so signing its bytes signs all three files and every field the record states. The key is
 * read here and held by the host (CLI, Electron main, web host) only: no record, log, result
 * or renderer sees more than its public half's fingerprint and comment.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { AllowedSigner } from './allowedSigners.js';
import { findPrincipals } from './allowedSigners.js';
import type { SigningKey } from './sshKey.js';
import { fingerprint, readSigningKey, SigningKeyError } from './sshKey.js';
import { AUDIT_NAMESPACE, checkSignature, parseSignature, SignatureFormatError, signMessage } from './sshsig.js';

export { AUDIT_NAMESPACE };

export { signatureFileName } from '../../core/records/audit.js';

/** Who a signature names: the key (type and fingerprint) and the key file's comment. */
export interface SignerKey {
  keyType: string;
  fingerprint: string;
  comment: string;
}

export function signerKeyOf(key: SigningKey): SignerKey {
  return { keyType: key.publicKey.type, fingerprint: fingerprint(key.publicKey), comment: key.comment };
}

/** A key file is small: anything larger is not one, and is not read whole. */
const KEY_FILE_LIMIT = 64 * 1024;

/** Reads the private key at `path` (a regular file, at most 64 KB); SigningKeyError says why it cannot sign. */
export function loadSigningKey(path: string): SigningKey {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new SigningKeyError(
      `cannot read the signing key ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new SigningKeyError(`the signing key ${path} is not a regular file`);
    if (stat.size > KEY_FILE_LIMIT) throw new SigningKeyError(`the signing key ${path} is too large to be a key file`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return readSigningKey(buffer.subarray(0, read).toString('utf8'), path);
  } finally {
    closeSync(fd);
  }
}

/** The armored signature of the record's bytes, and who it names. */
export function signAuditRecord(recordText: string | Uint8Array, key: SigningKey): { text: string; signer: SignerKey } {
  const bytes = typeof recordText === 'string' ? Buffer.from(recordText, 'utf8') : recordText;
  return { text: signMessage(bytes, key, AUDIT_NAMESPACE), signer: signerKeyOf(key) };
}

export type SignatureVerdict =
  { ok: true; principals: string[]; keyType: string; fingerprint: string } | { ok: false; reason: string };

/**
 * The record's signature checked against the allowed signers: the signature reads, was made
 * for audit records, matches the record's bytes, and its key may sign audit records for one
 * or more principals now. `signature` null: the file is missing.
 */
export function verifyAuditSignature(
  record: Uint8Array,
  signature: string | null,
  signers: readonly AllowedSigner[],
  now: Date = new Date(),
): SignatureVerdict {
  if (signature === null) return { ok: false, reason: 'there is no signature beside the record' };
  let parsed;
  try {
    parsed = parseSignature(signature);
  } catch (error) {
    if (error instanceof SignatureFormatError)
      return { ok: false, reason: `the signature is unreadable: ${error.message}` };
    throw error;
  }
  const key = { keyType: parsed.publicKey.type, fingerprint: fingerprint(parsed.publicKey) };
  const check = checkSignature(record, parsed, AUDIT_NAMESPACE);
  if (!check.ok)
    return { ok: false, reason: `the signature by ${key.keyType} ${key.fingerprint} fails: ${check.reason}` };
  const found = findPrincipals(signers, parsed.publicKey, AUDIT_NAMESPACE, now);
  if (!found.ok)
    return { ok: false, reason: `the record is signed by ${key.keyType} ${key.fingerprint}, but ${found.reason}` };
  return { ok: true, principals: found.principals, ...key };
}
