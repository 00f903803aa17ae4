/**
 * Detached SSH signatures as `ssh-keygen -Y sign` writes them and git verifies them (the
 * `sshsig` format, PROTOCOL.sshsig in OpenSSH): the signer signs, with its Ed25519 key, the
 * blob `"SSHSIG" ‖ string namespace ‖ string reserved ‖ string hash_alg ‖ string H(message)`;
 * the file is that signature with the public key, namespace and hash algorithm, armored
 * between `-----BEGIN SSH SIGNATURE-----` lines. The namespace keeps a signature made for one
 * purpose (a git commit, a file) from being accepted for another: audit records use
 * `compaction-inspector-audit`. Only Ed25519 is made or checked here (node:crypto).
 */
import { createHash, sign, verify } from 'node:crypto';
import type { SigningKey, SshPublicKey } from './sshKey.js';
import { ED25519, nodePublicKey, parsePublicKeyBlob } from './sshKey.js';
import { sshString, uint32, WireError, WireReader } from './wire.js';

export const AUDIT_NAMESPACE = 'compaction-inspector-audit';

const MAGIC = 'SSHSIG';
const VERSION = 1;
const BEGIN = '-----BEGIN SSH SIGNATURE-----';
const END = '-----END SSH SIGNATURE-----';
/** ssh-keygen wraps the armored base64 at 70 columns. */
const LINE = 70;
const HASHES = ['sha512', 'sha256'] as const;
type HashAlgorithm = (typeof HASHES)[number];

/** A parsed signature file: who claims to have signed, for what purpose, and the signature. */
export interface SshSignature {
  publicKey: SshPublicKey;
  namespace: string;
  hashAlgorithm: HashAlgorithm;
  signature: Uint8Array;
}

/** A signature file that cannot be read as one; the sentence says why. */
export class SignatureFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureFormatError';
  }
}

/** What the key signs: the message's hash with the namespace, never the message itself. */
function signedData(message: Uint8Array, namespace: string, hash: HashAlgorithm): Buffer {
  return Buffer.concat([
    Buffer.from(MAGIC),
    sshString(namespace),
    sshString(''),
    sshString(hash),
    sshString(createHash(hash).update(message).digest()),
  ]);
}

/** The armored signature of `message` with `key` for `namespace`, as `ssh-keygen -Y sign` writes it. */
export function signMessage(message: Uint8Array, key: SigningKey, namespace: string = AUDIT_NAMESPACE): string {
  const hash: HashAlgorithm = 'sha512';
  const raw = sign(null, signedData(message, namespace, hash), key.privateKey);
  const blob = Buffer.concat([
    Buffer.from(MAGIC),
    uint32(VERSION),
    sshString(key.publicKey.blob),
    sshString(namespace),
    sshString(''),
    sshString(hash),
    sshString(Buffer.concat([sshString(ED25519), sshString(raw)])),
  ]);
  const base64 = blob.toString('base64');
  const lines = [];
  for (let i = 0; i < base64.length; i += LINE) lines.push(base64.slice(i, i + LINE));
  return `${BEGIN}\n${lines.join('\n')}\n${END}\n`;
}

/** Reads an armored signature file; a SignatureFormatError says what is wrong with it. */
export function parseSignature(text: string): SshSignature {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new SignatureFormatError(`not an SSH signature (no ${BEGIN} block)`);
  const body = text.slice(begin + BEGIN.length, end).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new SignatureFormatError('the signature block is not base64');
  try {
    return parseBlob(Buffer.from(body, 'base64'));
  } catch (error) {
    if (error instanceof WireError) throw new SignatureFormatError(`the signature is damaged: ${error.message}`);
    throw error;
  }
}

function parseBlob(blob: Buffer): SshSignature {
  const reader = new WireReader(blob, 'the signature');
  if (Buffer.from(reader.raw(MAGIC.length)).toString('latin1') !== MAGIC)
    throw new SignatureFormatError('not an SSH signature (no SSHSIG preamble)');
  const version = reader.uint32();
  if (version !== VERSION) throw new SignatureFormatError(`SSH signature version ${version} is not supported`);
  const { key, type } = parsePublicKeyBlob(reader.string());
  if (key === null) throw new SignatureFormatError(`signed with a ${type} key; only Ed25519 signatures are checked`);
  const namespace = reader.text();
  reader.string(); // reserved
  const hashAlgorithm = reader.text();
  if (!(HASHES as readonly string[]).includes(hashAlgorithm))
    throw new SignatureFormatError(`hash algorithm ${JSON.stringify(hashAlgorithm)} is not sha512 or sha256`);
  const sig = new WireReader(reader.string(), 'the signature');
  const sigType = sig.text();
  const signature = sig.string();
  if (sigType !== ED25519 || signature.length !== 64 || !sig.done)
    throw new SignatureFormatError('the signature is not an Ed25519 signature');
  if (!reader.done) throw new SignatureFormatError('the signature has bytes after its end');
  return { publicKey: key, namespace, hashAlgorithm: hashAlgorithm as HashAlgorithm, signature };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether `signature` is its key's signature of `message` for `namespace`. Who the key
 * belongs to is the allowed-signers file's question (allowedSigners.ts), asked after this.
 */
export function checkSignature(message: Uint8Array, signature: SshSignature, namespace: string): SignatureCheck {
  if (signature.namespace !== namespace)
    return {
      ok: false,
      reason: `it was made for namespace ${JSON.stringify(signature.namespace)}, not ${JSON.stringify(namespace)}`,
    };
  const data = signedData(message, namespace, signature.hashAlgorithm);
  return verify(null, data, nodePublicKey(signature.publicKey), signature.signature)
    ? { ok: true }
    : { ok: false, reason: 'it does not match the record: the record or the signature was changed after signing' };
}
