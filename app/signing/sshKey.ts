/**
 * Ed25519 keys as OpenSSH writes them: the public key blob (`string "ssh-ed25519" string key`),
 * its `SHA256:` fingerprint as `ssh-keygen -l` prints it, and the private key file
 * (`openssh-key-v1`, PROTOCOL.key in OpenSSH; or PKCS#8 PEM) turned into a `node:crypto` key.
 * The private key never leaves the KeyObject: errors name the file and what is wrong with it,
 * never a byte of it.
 */
import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { sshString, WireError, WireReader } from './wire.js';

export const ED25519 = 'ssh-ed25519';

/** A public key: its type, raw 32 bytes and the wire blob signatures and allowed-signers carry. */
export interface SshPublicKey {
  type: typeof ED25519;
  raw: Uint8Array;
  blob: Buffer;
}

export interface SigningKey {
  publicKey: SshPublicKey;
  privateKey: KeyObject;
  /** The key file's comment (often the owner's e-mail); empty when it has none. */
  comment: string;
}

/** A key the signer cannot use, with the sentence that says why (and never the key). */
export class SigningKeyError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'SigningKeyError';
  }
}

export function ed25519PublicKey(raw: Uint8Array): SshPublicKey {
  return { type: ED25519, raw, blob: Buffer.concat([sshString(ED25519), sshString(raw)]) };
}

/** A public key blob as signatures carry it; null when it is not an Ed25519 key. */
export function parsePublicKeyBlob(blob: Uint8Array): { key: SshPublicKey | null; type: string } {
  const reader = new WireReader(blob, 'the public key');
  const type = reader.text();
  if (type !== ED25519) return { key: null, type };
  const raw = reader.string();
  if (raw.length !== 32 || !reader.done) throw new WireError('the Ed25519 public key is not 32 bytes');
  return { key: ed25519PublicKey(Buffer.from(raw)), type };
}

/** `SHA256:…` as `ssh-keygen -l` and `git log --show-signature` print it. */
export function fingerprint(key: SshPublicKey): string {
  return `SHA256:${createHash('sha256').update(key.blob).digest('base64').replace(/=+$/, '')}`;
}

/** The key as an authorized_keys or allowed_signers line writes it: `ssh-ed25519 AAAA…`. */
export function publicKeyText(key: SshPublicKey): string {
  return `${key.type} ${key.blob.toString('base64')}`;
}

export function nodePublicKey(key: SshPublicKey): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.raw).toString('base64url') },
    format: 'jwk',
  });
}

const OPENSSH_BEGIN = '-----BEGIN OPENSSH PRIVATE KEY-----';
const OPENSSH_END = '-----END OPENSSH PRIVATE KEY-----';
const MAGIC = 'openssh-key-v1\0';

const passphraseRefusal = (path: string) =>
  `${path} is protected by a passphrase, which compaction-inspector cannot unlock: sign with an Ed25519 key kept without one (ssh-keygen -t ed25519 -N '' -f KEY), or sign the record with ssh-keygen -Y sign -n compaction-inspector-audit`;

/** Reads the private key file's text (`path` names it in errors). */
export function readSigningKey(text: string, path: string): SigningKey {
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(text)) throw new SigningKeyError(passphraseRefusal(path));
  if (/-----BEGIN PRIVATE KEY-----/.test(text)) return pkcs8Key(text, path);
  const begin = text.indexOf(OPENSSH_BEGIN);
  const end = text.indexOf(OPENSSH_END);
  if (begin < 0 || end < begin) {
    const hint = /^\s*(ssh-|ecdsa-|sk-)/.test(text)
      ? ': it is a public key; give the private key (the same name without .pub)'
      : /-----BEGIN (RSA|EC|DSA) PRIVATE KEY-----/.test(text)
        ? ': only Ed25519 keys sign audit records'
        : ': expected an OpenSSH Ed25519 private key (-----BEGIN OPENSSH PRIVATE KEY-----)';
    throw new SigningKeyError(`${path} is not a private key file${hint}`);
  }
  const bytes = Buffer.from(text.slice(begin + OPENSSH_BEGIN.length, end).replace(/\s+/g, ''), 'base64');
  try {
    return opensshKey(bytes, path);
  } catch (error) {
    if (error instanceof WireError)
      throw new SigningKeyError(`${path} is not a valid OpenSSH key file: ${error.message}`);
    throw error;
  }
}

function opensshKey(bytes: Buffer, path: string): SigningKey {
  const reader = new WireReader(bytes, 'the key file');
  if (Buffer.from(reader.raw(MAGIC.length)).toString('latin1') !== MAGIC)
    throw new SigningKeyError(`${path} is not an OpenSSH key file (no openssh-key-v1 header)`);
  const cipher = reader.text();
  const kdf = reader.text();
  reader.string(); // kdf options
  if (cipher !== 'none' || kdf !== 'none') throw new SigningKeyError(passphraseRefusal(path));
  const count = reader.uint32();
  if (count !== 1) throw new SigningKeyError(`${path} holds ${count} keys; give a file with one`);
  const publicBlob = reader.string();
  const { key: publicKey, type } = parsePublicKeyBlob(publicBlob);
  if (publicKey === null)
    throw new SigningKeyError(`${path} is a ${type} key: only Ed25519 keys (ssh-ed25519) sign audit records`);
  const secret = new WireReader(reader.string(), 'the key file');
  if (secret.uint32() !== secret.uint32()) throw new SigningKeyError(`${path} is damaged: its check numbers differ`);
  if (secret.text() !== ED25519) throw new SigningKeyError(`${path} is damaged: its private part is not Ed25519`);
  const pub = secret.string();
  const priv = secret.string();
  const comment = Buffer.from(secret.string()).toString('utf8');
  if (priv.length !== 64 || !Buffer.from(pub).equals(Buffer.from(publicKey.raw)))
    throw new SigningKeyError(`${path} is damaged: its private part does not match its public key`);
  const privateKey = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(priv.subarray(0, 32)).toString('base64url'),
      x: Buffer.from(publicKey.raw).toString('base64url'),
    },
    format: 'jwk',
  });
  return { publicKey, privateKey, comment };
}

function pkcs8Key(text: string, path: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(text);
  } catch {
    throw new SigningKeyError(`${path} is not a readable PKCS#8 private key`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new SigningKeyError(
      `${path} is a ${privateKey.asymmetricKeyType ?? 'unknown'} key: only Ed25519 keys sign audit records`,
    );
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return { publicKey: ed25519PublicKey(Buffer.from(jwk.x as string, 'base64url')), privateKey, comment: '' };
}
