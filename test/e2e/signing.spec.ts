/**
 * §9 signed approvals in the web host, in Chromium: the host reads its Ed25519 key from
 * COMPACTION_INSPECTOR_SIGN_KEY (the page never sees it), the export dialog says the record
 * will be signed and by whom, the browser downloads the record's signature beside it, and
 * `verify --allowed-signers` accepts the downloads as they came, naming the signer.
 */
import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportThroughDialog } from './exporting.js';
import { expect, runExample, test } from './host.js';

const keys = mkdtempSync(join(tmpdir(), 'inspector-e2e-key-'));
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const KEY = join(keys, 'signing.pem');
writeFileSync(KEY, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
test.afterAll(() => rmSync(keys, { recursive: true, force: true }));

/** The public key as an allowed-signers line writes it: `ssh-ed25519 <base64 wire blob>`. */
function publicLine(): { line: string; fingerprint: string } {
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  const blob = Buffer.concat([str(Buffer.from('ssh-ed25519')), str(raw)]);
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { line: `ssh-ed25519 ${blob.toString('base64')}`, fingerprint };
}

test.use({ env: { DECISION_MODEL_BACKEND: 'offline', COMPACTION_INSPECTOR_SIGN_KEY: KEY } });

test('§9 a web export is signed by the host key; verify --allowed-signers accepts the downloads and names the signer', async ({
  page,
  host,
}) => {
  const { line, fingerprint } = publicLine();
  await runExample(page, host.url);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  await expect(dialog.getByRole('list', { name: 'Files to write' })).toContainText(
    '.audit.json.sig — its SSH signature',
  );
  await expect(dialog).toContainText(`The audit record will be signed by ssh-ed25519 ${fingerprint}.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const files = await exportThroughDialog(page, { reviewer: 'Grace Hopper', signed: true });
  expect(files.signature?.name).toBe(`${files.audit.name}.sig`);
  expect(files.signature?.text).toMatch(/^-----BEGIN SSH SIGNATURE-----\n/);
  await expect(page.getByText(`signed by ssh-ed25519 ${fingerprint}`).first()).toBeVisible();
  // The page never held the key: nothing the browser downloaded carries its private half.
  const secret = privateKey.export({ format: 'jwk' }).d as string;
  for (const file of [files.snapshot, files.archive, files.audit, files.signature])
    expect(file?.text).not.toContain(secret);

  const dir = mkdtempSync(join(tmpdir(), 'inspector-signed-'));
  try {
    for (const file of [files.snapshot, files.archive, files.audit, files.signature])
      if (file) writeFileSync(join(dir, file.name), file.bytes);
    writeFileSync(join(dir, 'allowed_signers'), `grace@example.com ${line}\n`);
    const verified = spawnSync(
      'node',
      [
        'dist/app/cli/main.js',
        'verify',
        join(dir, files.audit.name),
        '--allowed-signers',
        join(dir, 'allowed_signers'),
      ],
      { encoding: 'utf8' },
    );
    expect({ code: verified.status, stderr: verified.stderr }).toEqual({ code: 0, stderr: '' });
    expect(verified.stdout).toContain(`\n  signed by grace@example.com (ssh-ed25519 ${fingerprint}): `);
    expect(verified.stdout).toMatch(
      /\n {2}as grace@example\.com signed them, not re-derivable: reviewer "Grace Hopper"/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
