/**
 * Ed25519 keys for the signing tests, written as OpenSSH writes them (`openssh-key-v1`,
 * unencrypted) so every test runs without ssh-keygen; the interop tests use ssh-keygen's own
 * keys where it is installed.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { ed25519PublicKey, publicKeyText } from '../../app/signing/sshKey.js';
import type { SshPublicKey } from '../../app/signing/sshKey.js';
import { sshString, uint32 } from '../../app/signing/wire.js';

export interface TestKey {
  /** The private key file's text. */
  privateText: string;
  publicKey: SshPublicKey;
  /** `ssh-ed25519 AAAA… comment`, as KEY.pub holds it. */
  publicLine: string;
}

export function makeKey(comment = 'alice@example.com', cipher: 'none' | 'aes256-ctr' = 'none'): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const pub = Buffer.from(jwk.x as string, 'base64url');
  const seed = Buffer.from(jwk.d as string, 'base64url');
  const publicKey = ed25519PublicKey(pub);
  const check = randomBytes(4);
  let secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(pub),
    sshString(Buffer.concat([seed, pub])),
    sshString(comment),
  ]);
  for (let pad = 1; secret.length % 8 !== 0; pad++) secret = Buffer.concat([secret, Buffer.from([pad])]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString(cipher),
    sshString(cipher === 'none' ? 'none' : 'bcrypt'),
    sshString(cipher === 'none' ? '' : Buffer.concat([sshString(randomBytes(16)), uint32(16)])),
    uint32(1),
    sshString(publicKey.blob),
    sshString(secret),
  ]).toString('base64');
  const lines = body.match(/.{1,70}/g) ?? [];
  return {
    privateText: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
    publicKey,
    publicLine: `${publicKeyText(publicKey)} ${comment}`,
  };
}

/** Writes `key`'s private file at `path` with the mode ssh wants (0600). */
export function writeKey(path: string, key: TestKey): string {
  writeFileSync(path, key.privateText, { mode: 0o600 });
  writeFileSync(`${path}.pub`, `${key.publicLine}\n`);
  return path;
}

/** `ssh-keygen`'s path, or null where it is not installed. */
export function sshKeygen(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v ssh-keygen'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}

export const SSH_KEYGEN_SKIP = 'ssh-keygen is not installed (apt-get install -y openssh-client): interop not tested';
