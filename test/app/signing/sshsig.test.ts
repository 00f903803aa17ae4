/**
 * §9 signed approvals: audit records are signed as git signs with SSH keys (the `sshsig`
 * format of OpenSSH's PROTOCOL.sshsig, namespace `compaction-inspector-audit`, Ed25519 through
 * node:crypto) and checked against git's allowed-signers file. Where ssh-keygen is installed,
 * `ssh-keygen -Y verify` accepts our signatures and we accept `ssh-keygen -Y sign`'s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AllowedSignersError, parseAllowedSigners } from '../../../app/signing/allowedSigners.js';
import {
  AUDIT_NAMESPACE,
  loadSigningKey,
  signAuditRecord,
  verifyAuditSignature,
} from '../../../app/signing/auditSignature.js';
import { fingerprint, readSigningKey, SigningKeyError } from '../../../app/signing/sshKey.js';
import { parseSignature, signMessage } from '../../../app/signing/sshsig.js';
import type { TestKey } from '../../support/sshKeys.js';
import { makeKey, SSH_KEYGEN_SKIP, sshKeygen, writeKey } from '../../support/sshKeys.js';

const RECORD = Buffer.from('{\n  "kind": "compaction-inspector.audit",\n  "reviewer": "alice"\n}\n');
const allowedLine = (key: TestKey, principal = 'alice@example.com', options = '') =>
  `${principal}${options ? ` ${options}` : ''} ${key.publicLine.split(' ').slice(0, 2).join(' ')}\n`;
const signers = (text: string) => parseAllowedSigners(text, 'allowed_signers');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sshsig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('§9 signed approvals: sshsig with Ed25519', () => {
  it('§9 a record signed with an OpenSSH key verifies against the allowed signers, naming the principal', () => {
    const key = makeKey();
    const signing = loadSigningKey(writeKey(join(dir, 'id_ed25519'), key));
    const signed = signAuditRecord(RECORD, signing);
    expect(signed.text).toMatch(
      /^-----BEGIN SSH SIGNATURE-----\n(?:[A-Za-z0-9+/=]{1,70}\n)+-----END SSH SIGNATURE-----\n$/,
    );
    expect(signed.signer).toEqual({
      keyType: 'ssh-ed25519',
      fingerprint: fingerprint(key.publicKey),
      comment: 'alice@example.com',
    });
    expect(verifyAuditSignature(RECORD, signed.text, signers(`# reviewers\n\n${allowedLine(key)}`))).toEqual({
      ok: true,
      principals: ['alice@example.com'],
      keyType: 'ssh-ed25519',
      fingerprint: fingerprint(key.publicKey),
    });
  });

  it('§9 the signature names neither the private key nor anything but the public half', () => {
    const key = makeKey();
    const signed = signAuditRecord(RECORD, readSigningKey(key.privateText, 'k'));
    const decoded = Buffer.from(signed.text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
    const seed = Buffer.from(
      readSigningKey(key.privateText, 'k').privateKey.export({ format: 'jwk' }).d as string,
      'base64url',
    );
    expect(seed).toHaveLength(32);
    for (let i = 0; i + 8 <= seed.length; i++) expect(decoded.includes(seed.subarray(i, i + 8))).toBe(false);
    expect(decoded.includes(key.publicKey.blob)).toBe(true);
  });

  it('§9 an altered record fails the signature', () => {
    const key = makeKey();
    const signed = signAuditRecord(RECORD, readSigningKey(key.privateText, 'k'));
    const altered = Buffer.from(RECORD.toString().replace('alice', 'mallory'));
    expect(verifyAuditSignature(altered, signed.text, signers(allowedLine(key)))).toEqual({
      ok: false,
      reason: expect.stringMatching(/fails: it does not match the record/),
    });
  });

  it('§9 a signer not in the allowed signers is refused, by its fingerprint', () => {
    const [alice, mallory] = [makeKey(), makeKey('mallory@example.com')];
    const signed = signAuditRecord(RECORD, readSigningKey(mallory.privateText, 'k'));
    const verdict = verifyAuditSignature(RECORD, signed.text, signers(allowedLine(alice)));
    expect(verdict).toEqual({
      ok: false,
      reason: `the record is signed by ssh-ed25519 ${fingerprint(mallory.publicKey)}, but its key is not in the allowed signers`,
    });
  });

  it('§9 a signature made for another namespace (a git commit) is refused, naming both', () => {
    const key = makeKey();
    const signing = readSigningKey(key.privateText, 'k');
    const forGit = signMessage(RECORD, signing, 'git');
    expect(verifyAuditSignature(RECORD, forGit, signers(allowedLine(key)))).toEqual({
      ok: false,
      reason: expect.stringMatching(/it was made for namespace "git", not "compaction-inspector-audit"/),
    });
  });

  it('§9 allowed-signers options: namespaces, validity and cert-authority narrow who may sign', () => {
    const key = makeKey();
    const signed = signAuditRecord(RECORD, readSigningKey(key.privateText, 'k')).text;
    const now = new Date('2026-06-01T00:00:00Z');
    const verdict = (options: string) =>
      verifyAuditSignature(RECORD, signed, signers(allowedLine(key, 'alice@example.com', options)), now);
    expect(verdict(`namespaces="git,${AUDIT_NAMESPACE}"`)).toMatchObject({ ok: true });
    expect(verdict('namespaces="compaction-*"')).toMatchObject({ ok: true });
    expect(verdict('namespaces="git"')).toMatchObject({ ok: false, reason: /does not allow namespace/ });
    expect(verdict('namespaces="*,!compaction-*"')).toMatchObject({ ok: false });
    expect(verdict('valid-after="20260101Z",valid-before="20270101Z"')).toMatchObject({ ok: true });
    expect(verdict('valid-before="20260101Z"')).toMatchObject({ ok: false, reason: /expired at 2026-01-01/ });
    expect(verdict('valid-after="202612011200Z"')).toMatchObject({ ok: false, reason: /valid only after/ });
    expect(verdict('cert-authority')).toMatchObject({ ok: false, reason: /certificate authority/ });
    // Quoted principals holding a space, several principals on one key.
    const quoted = signers(`"Alice Doe",alice@example.com ${key.publicLine}\n`);
    expect(verifyAuditSignature(RECORD, signed, quoted)).toMatchObject({
      ok: true,
      principals: ['Alice Doe,alice@example.com'],
    });
  });

  it('§9 a missing or damaged signature is a failure with a reason, never a crash', () => {
    const key = makeKey();
    const list = signers(allowedLine(key));
    const signed = signAuditRecord(RECORD, readSigningKey(key.privateText, 'k')).text;
    expect(verifyAuditSignature(RECORD, null, list)).toEqual({
      ok: false,
      reason: 'there is no signature beside the record',
    });
    const lines = signed.split('\n');
    const cut = [lines[0], lines[1].slice(0, 30), ...lines.slice(-2)].join('\n');
    for (const text of ['', 'hello', cut, signed.replace(/[A-Z]/, '!')])
      expect(verifyAuditSignature(RECORD, text, list)).toMatchObject({ ok: false, reason: /unreadable/ });
  });

  it('§9 keys that cannot sign are refused with one sentence naming the file, not its bytes', () => {
    const encrypted = makeKey('x', 'aes256-ctr');
    const refuse = (text: string) => {
      try {
        readSigningKey(text, '/keys/k');
      } catch (error) {
        expect(error).toBeInstanceOf(SigningKeyError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refuse(encrypted.privateText)).toMatch(
      /^\/keys\/k is protected by a passphrase, which compaction-inspector cannot unlock/,
    );
    expect(refuse(makeKey().publicLine)).toMatch(/is a public key; give the private key/);
    expect(refuse('-----BEGIN RSA PRIVATE KEY-----\nMII\n-----END RSA PRIVATE KEY-----\n')).toMatch(/only Ed25519/);
    expect(
      refuse(
        '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----',
      ),
    ).toMatch(/not a valid OpenSSH key file: the key file ends early/);
    expect(() => loadSigningKey(dir)).toThrow(/is not a regular file/);
    expect(() => loadSigningKey(join(dir, 'absent'))).toThrow(/cannot read the signing key .*ENOENT/);
  });

  it('§9 a malformed allowed-signers line is bad input naming its line', () => {
    expect(() => signers('# ok\nalice@example.com ssh-ed25519\n')).toThrow(AllowedSignersError);
    expect(() => signers('# ok\nalice@example.com ssh-ed25519\n')).toThrow(
      /^allowed_signers:2: not an allowed-signers line/,
    );
    expect(() => signers('a valid-before="tomorrow" ssh-ed25519 AAAA\n')).toThrow(/valid-before="tomorrow"/);
  });
});

describe('§9 signed approvals interoperate with ssh-keygen -Y', () => {
  const keygen = sshKeygen();
  if (keygen === null) {
    it.skip(SSH_KEYGEN_SKIP, () => {});
    return;
  }
  const run = (args: string[], input?: Buffer) =>
    spawnSync(keygen, args, { cwd: dir, input, encoding: 'utf8', timeout: 20_000 });

  function keygenKey(passphrase = ''): string {
    const path = join(dir, 'id_ed25519');
    const made = run(['-q', '-t', 'ed25519', '-N', passphrase, '-C', 'alice@example.com', '-f', path]);
    expect(made.status).toBe(0);
    return path;
  }
  const allowedFor = (keyPath: string) => {
    const path = join(dir, 'allowed_signers');
    writeFileSync(path, `alice@example.com ${readFileSync(`${keyPath}.pub`, 'utf8')}`);
    return path;
  };

  it('§9 ssh-keygen -Y verify accepts our signature of a record, and ours is byte for byte what ssh-keygen -Y sign writes', () => {
    const keyPath = keygenKey();
    const recordPath = join(dir, 'out.json.audit.json');
    writeFileSync(recordPath, RECORD);
    const ours = signAuditRecord(RECORD, loadSigningKey(keyPath)).text;
    writeFileSync(`${recordPath}.sig`, ours);
    const checked = run(
      [
        '-Y',
        'verify',
        '-f',
        allowedFor(keyPath),
        '-I',
        'alice@example.com',
        '-n',
        AUDIT_NAMESPACE,
        '-s',
        `${recordPath}.sig`,
      ],
      RECORD,
    );
    expect({ status: checked.status, out: checked.stdout }).toEqual({
      status: 0,
      out: expect.stringMatching(
        /^Good "compaction-inspector-audit" signature for alice@example.com with ED25519 key SHA256:/,
      ),
    });
    rmSync(`${recordPath}.sig`);
    expect(run(['-Y', 'sign', '-f', keyPath, '-n', AUDIT_NAMESPACE, recordPath]).status).toBe(0);
    // Ed25519 signatures are deterministic (RFC 8032): the same key, namespace and bytes sign alike.
    expect(readFileSync(`${recordPath}.sig`, 'utf8')).toBe(ours);
  });

  it('§9 we accept ssh-keygen -Y sign and refuse its signature of another file or namespace', () => {
    const keyPath = keygenKey();
    const recordPath = join(dir, 'rec.audit.json');
    writeFileSync(recordPath, RECORD);
    const allowed = signers(readFileSync(allowedFor(keyPath), 'utf8'));
    expect(run(['-Y', 'sign', '-f', keyPath, '-n', AUDIT_NAMESPACE, recordPath]).status).toBe(0);
    const sig = readFileSync(`${recordPath}.sig`, 'utf8');
    expect(verifyAuditSignature(RECORD, sig, allowed)).toMatchObject({ ok: true, principals: ['alice@example.com'] });
    expect(parseSignature(sig).namespace).toBe(AUDIT_NAMESPACE);
    expect(verifyAuditSignature(Buffer.concat([RECORD, Buffer.from(' ')]), sig, allowed)).toMatchObject({ ok: false });
    rmSync(`${recordPath}.sig`);
    expect(run(['-Y', 'sign', '-f', keyPath, '-n', 'file', recordPath]).status).toBe(0);
    expect(verifyAuditSignature(RECORD, readFileSync(`${recordPath}.sig`, 'utf8'), allowed)).toMatchObject({
      ok: false,
      reason: /namespace "file"/,
    });
  });

  it('§9 a passphrase-protected key from ssh-keygen is refused with the sentence that says so', () => {
    const keyPath = keygenKey('correct horse');
    expect(() => loadSigningKey(keyPath)).toThrow(/is protected by a passphrase/);
  });
});
