/**
 * §9 signed approvals end to end: `compact_context --out PATH --sign-key KEY` writes
 * PATH.audit.json.sig beside the record and `verify --allowed-signers` names the signer; the
 * hosts read their key from COMPACTION_INSPECTOR_SIGN_KEY (never from the renderer), sign what
 * the renderer exports, and the inspector says who signed. Real processes, real files, the
 * real store over the real host handlers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveExportAt } from '../../../app/host/saveExport.js';
import { setupHost } from '../../../app/host/setup.js';
import { parseAllowedSigners } from '../../../app/signing/allowedSigners.js';
import { signAuditRecord, verifyAuditSignature } from '../../../app/signing/auditSignature.js';
import { fingerprint } from '../../../app/signing/sshKey.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import type { CliResult } from '../cli/support.js';
import { ensureBuilt, exampleArgs, runCli, withoutRestoreNote } from '../cli/support.js';
import type { TestKey } from '../../support/sshKeys.js';
import { makeKey, writeKey } from '../../support/sshKeys.js';
import { directBridge } from '../../renderer/store/directBridge.js';

beforeAll(() => ensureBuilt());
let dir: string;
const fresh = () => (dir = mkdtempSync(join(tmpdir(), 'signed-export-')));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, { cwd: dir });
const allowed = (key: TestKey, principal = 'ada@example.com') => {
  writeFileSync(join(dir, 'allowed_signers'), `${principal} ${key.publicLine}\n`);
  return 'allowed_signers';
};

function expectBadInput(result: CliResult, line: RegExp): void {
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
  expect(result.stderr).toMatch(line);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

describe('§9 compact_context --out --sign-key', () => {
  it('§9 signs the record beside it; verify --allowed-signers names the signer and what it signed', async () => {
    fresh();
    const key = makeKey('ada@example.com');
    writeKey(join(dir, 'id_ed25519'), key);
    const out = await cli(
      'compact_context',
      ...exampleArgs(),
      '--out',
      'out.json',
      '--reviewer',
      'Ada',
      '--sign-key',
      'id_ed25519',
    );
    // SPEC §1's example has no `name`: the one warning says AgentScope 2.x would refuse it as it came.
    expect({ code: out.code, stderr: withoutRestoreNote(out.stderr) }).toEqual({
      code: 0,
      stderr: expect.stringMatching(
        /^warning: --out: agentscope2\.name at message 0, \$\[0\] \(no name\) and 1 more; the source breaks it too\n$/,
      ),
    });
    expect(readdirSync(dir)).toContain('out.json.audit.json.sig');
    expect(readFileSync(join(dir, 'out.json.audit.json.sig'), 'utf8')).toMatch(/^-----BEGIN SSH SIGNATURE-----\n/);
    // No byte of the private key in anything the command printed or wrote but the key file itself.
    const body = key.privateText.split('\n').slice(1, -2).join('');
    for (const name of readdirSync(dir).filter((n) => !n.startsWith('id_ed25519')))
      expect(readFileSync(join(dir, name), 'utf8')).not.toContain(body.slice(60, 100));
    expect(out.stdout).not.toContain(body.slice(60, 100));

    const verified = await cli('verify', 'out.json.audit.json', '--allowed-signers', allowed(key));
    expect({ code: verified.code, stderr: verified.stderr }).toEqual({ code: 0, stderr: '' });
    expect(verified.stdout).toContain(
      `\n  signed by ada@example.com (ssh-ed25519 ${fingerprint(key.publicKey)}): the record is byte for byte what that key signed\n`,
    );
    expect(verified.stdout).toMatch(
      /\n {2}as ada@example\.com signed them, not re-derivable: reviewer "Ada", comment, /,
    );
    expect(verified.stdout).not.toContain('unsigned');
    const json = JSON.parse(
      (await cli('verify', 'out.json.audit.json', '--json', '--allowed-signers', allowed(key))).stdout,
    );
    expect(json.signature).toMatchObject({ present: true, checked: true, ok: true, principals: ['ada@example.com'] });
  });

  it('§9 an unusable key, or --sign-key without --out, is bad input before anything is run or written', async () => {
    fresh();
    writeKey(join(dir, 'locked'), makeKey('x', 'aes256-ctr'));
    expectBadInput(
      await cli('compact_context', ...exampleArgs(), '--out', 'out.json', '--sign-key', 'locked'),
      /^locked is protected by a passphrase, which compaction-inspector cannot unlock/,
    );
    expectBadInput(
      await cli('compact_context', ...exampleArgs(), '--out', 'out.json', '--sign-key', 'absent'),
      /cannot read the signing key absent: ENOENT/,
    );
    expectBadInput(
      await cli('compact_context', ...exampleArgs(), '--sign-key', 'locked'),
      /^--sign-key: signs the audit record of --out PATH; give --out too/,
    );
    expect(readdirSync(dir).sort()).toEqual(['locked', 'locked.pub']);
  });

  it('§9 --out never writes over the signing key it read', async () => {
    fresh();
    const key = makeKey();
    writeKey(join(dir, 'k.json'), key);
    const result = await cli('compact_context', ...exampleArgs(), '--out', 'k.json', '--sign-key', 'k.json');
    expect(result.code).toBe(2);
    expect(readFileSync(join(dir, 'k.json'), 'utf8')).toBe(key.privateText);
  });
});

describe('§9 the hosts sign with their configured key', () => {
  it('§9 COMPACTION_INSPECTOR_SIGN_KEY: app.info names the key, audit.sign signs only audit records', async () => {
    fresh();
    const key = makeKey('ada@example.com');
    writeKey(join(dir, 'signing'), key);
    const setup = setupHost('web', {
      env: { DECISION_MODEL_BACKEND: 'offline', COMPACTION_INSPECTOR_SIGN_KEY: 'signing' },
      cwd: dir,
    });
    const { bridge } = directBridge(setup.handlers);
    const info = await bridge['app.info']({});
    expect(info.signer).toEqual({
      keyType: 'ssh-ed25519',
      fingerprint: fingerprint(key.publicKey),
      comment: 'ada@example.com',
    });
    expect(JSON.stringify(info)).not.toContain(key.privateText.split('\n')[3]);
    await expect(bridge['audit.sign']({ recordText: '{"kind":"something else"}' })).rejects.toThrow(
      /audit\.sign: not an audit record/,
    );
    await expect(bridge['audit.sign']({ recordText: 'not json' })).rejects.toThrow(/not JSON/);

    // Unsigned host: no signer, nothing signed.
    const plain = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: dir });
    expect(await directBridge(plain.handlers).bridge['app.info']({})).toMatchObject({ signer: null });
    // A key that cannot sign stops the host with the sentence that says why.
    writeKey(join(dir, 'locked'), makeKey('x', 'aes256-ctr'));
    expect(() => setupHost('web', { env: { COMPACTION_INSPECTOR_SIGN_KEY: 'locked' }, cwd: dir })).toThrow(
      /^COMPACTION_INSPECTOR_SIGN_KEY: .*locked is protected by a passphrase/,
    );
  });

  it('§9 an inspector export is signed by the host, and the inspector says by whom', async () => {
    fresh();
    const key = makeKey('ada@example.com');
    writeKey(join(dir, 'signing'), key);
    const env = { DECISION_MODEL_BACKEND: 'offline', COMPACTION_INSPECTOR_SIGN_KEY: 'signing' };
    // Electron main's file.save: the key stays in the host; the renderer sends the draft only.
    const signingKey = setupHost('electron', { env, cwd: dir }).signingKey;
    const setup = setupHost('electron', {
      env,
      cwd: dir,
      extra: {
        'file.save': (args) =>
          saveExportAt(join(dir, args.suggestedName), args, {
            confirmReplace: async () => true,
            ...(signingKey ? { sign: (record: string) => signAuditRecord(record, signingKey) } : {}),
          }),
      },
    });
    const { bridge, calls } = directBridge(setup.handlers);
    const store = createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 });
    const s = () => store.getState();
    s().setHostInfo(await bridge['app.info']({}));
    await s().openExample();
    await s().startRun();
    s().setReviewer('Ada');
    const notice = await s().exportApproved({ as: 'source', report: false });
    expect(notice).toMatch(
      new RegExp(
        `\\.audit\\.json\\.sig; signed by ada@example\\.com \\(ssh-ed25519 ${fingerprint(key.publicKey).replace(/[+/]/g, '\\$&')}\\)$`,
      ),
    );
    expect(s().lastExport).toMatchObject({ signedBy: { comment: 'ada@example.com' } });
    expect(calls['audit.sign']).toBe(0);
    const audit = s().lastExport!.auditPath;
    const signers = parseAllowedSigners(`ada@example.com ${key.publicLine}\n`, 'allowed');
    expect(verifyAuditSignature(readFileSync(audit), readFileSync(`${audit}.sig`, 'utf8'), signers)).toMatchObject({
      ok: true,
    });
  });
});
