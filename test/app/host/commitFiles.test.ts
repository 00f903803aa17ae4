/**
 * Writing an export (app/host/commitFiles.ts, app/host/exportFiles.ts): the files are
 * committed together — every temp written before any target is replaced — keep a replaced
 * file's permissions, never replace the file the export was read from unasked, leave an
 * archive that already holds the same bytes alone, and clean only their own stale temps.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitFiles, STALE_TEMP_MS, writeAtomic } from '../../../app/host/commitFiles.js';
import type { Replacement } from '../../../app/host/exportFiles.js';
import { writeExport } from '../../../app/host/exportFiles.js';
import { parseAllowedSigners } from '../../../app/signing/allowedSigners.js';
import { signAuditRecord, verifyAuditSignature } from '../../../app/signing/auditSignature.js';
import { fingerprint, readSigningKey } from '../../../app/signing/sshKey.js';
import { makeKey } from '../../support/sshKeys.js';
import { bundledExample } from '../../../app/host/setup.js';
import { makeExport } from '../../support/exports.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'inspector-commit-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const temps = () => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('commitFiles', () => {
  it('writes every file and leaves no temp file; a replaced file keeps its permissions', () => {
    const a = join(dir, 'a.json');
    writeFileSync(a, 'old');
    chmodSync(a, 0o600);
    commitFiles([
      { path: a, data: 'new' },
      { path: join(dir, 'b.bin'), data: new Uint8Array([0, 255, 1]) },
    ]);
    expect(readFileSync(a, 'utf8')).toBe('new');
    expect(statSync(a).mode & 0o777).toBe(0o600);
    expect([...readFileSync(join(dir, 'b.bin'))]).toEqual([0, 255, 1]);
    expect(temps()).toEqual([]);
  });

  it('a file that cannot be written replaces none of the others and leaves no temp file', () => {
    const a = join(dir, 'a.json');
    writeFileSync(a, 'old');
    expect(() =>
      commitFiles([
        { path: a, data: 'new' },
        { path: join(dir, 'missing-folder', 'b.json'), data: 'x' },
      ]),
    ).toThrow(/ENOENT/);
    expect(readFileSync(a, 'utf8')).toBe('old');
    expect(temps()).toEqual([]);
  });

  it('removes the stale temp files killed writers left for its targets, and nothing else', () => {
    const target = join(dir, 'h.compacted.json');
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    const stale = ['.h.compacted.json.0123456789ab.tmp'];
    // Not ours to remove: fresh (a writer may be busy with it), another target's, other patterns, a folder, the user's files.
    const kept = [
      '.h.compacted.json.fedcba987654.tmp',
      '.other.json.0123456789ab.tmp',
      '.h.compacted.json.notes.tmp',
      '.h.compacted.json.0123456789AB.tmp',
      '.h.compacted.json.0123456789ab.tmp.bak',
      'h.compacted.json.0123456789ab.tmp',
      'notes.txt',
    ];
    for (const name of [...stale, ...kept]) writeFileSync(join(dir, name), 'x');
    mkdirSync(join(dir, '.h.compacted.json.aaaaaaaaaaaa.tmp'));
    kept.push('.h.compacted.json.aaaaaaaaaaaa.tmp');
    for (const name of [...stale, ...kept.filter((n) => n !== '.h.compacted.json.fedcba987654.tmp')])
      utimesSync(join(dir, name), old, old);
    writeAtomic(target, '[1]');
    expect(readdirSync(dir).sort()).toEqual([...kept, 'h.compacted.json'].sort());
    expect(readFileSync(target, 'utf8')).toBe('[1]');
  });
});

describe('writeExport', () => {
  const example = bundledExample();
  const content = async () => {
    const made = await makeExport({
      text: example.text,
      fileName: example.fileName,
      goal: example.goal,
      eligible: example.eligible_tool_names,
      options: example.options,
    });
    const { exported_file: _f, ...audit } = made.record;
    return {
      text: made.files.snapshot?.data as string,
      archive: made.archive,
      archiveText: example.text,
      audit,
      report: true,
    };
  };

  it('§9 writes the archive, the snapshot, the report and the record side by side', async () => {
    const written = await writeExport(join(dir, 'out.json'), await content(), {
      sources: [],
      confirmReplace: async () => {
        throw new Error('nothing exists yet: nothing to ask about');
      },
    });
    expect(written).toEqual({
      path: join(dir, 'out.json'),
      archivePath: expect.stringMatching(/payment-retry\.[0-9a-f]{16}\.json$/),
      auditPath: join(dir, 'out.json.audit.json'),
      reportPath: join(dir, 'out.json.report.html'),
      signaturePath: null,
      signedBy: null,
      targetWarnings: [],
    });
    expect(readdirSync(dir)).toHaveLength(4);
    expect(readFileSync(written?.archivePath ?? '', 'utf8')).toBe(example.text);
  });

  it("§9 a signed export commits the record's SSH signature with the other files, over the bytes written", async () => {
    const key = makeKey('ada@example.com');
    const signing = readSigningKey(key.privateText, 'key');
    const written = await writeExport(join(dir, 'out.json'), await content(), {
      sources: [],
      confirmReplace: async () => true,
      sign: (text) => signAuditRecord(text, signing),
    });
    expect(written).toMatchObject({
      signaturePath: join(dir, 'out.json.audit.json.sig'),
      signedBy: { keyType: 'ssh-ed25519', fingerprint: fingerprint(key.publicKey), comment: 'ada@example.com' },
    });
    expect(readdirSync(dir).sort()).toEqual(
      [
        basename(written?.archivePath ?? ''),
        'out.json',
        'out.json.audit.json',
        'out.json.audit.json.sig',
        'out.json.report.html',
      ].sort(),
    );
    const signers = parseAllowedSigners(`ada@example.com ${key.publicLine}\n`, 'allowed');
    const sig = readFileSync(join(dir, 'out.json.audit.json.sig'), 'utf8');
    expect(verifyAuditSignature(readFileSync(join(dir, 'out.json.audit.json')), sig, signers)).toMatchObject({
      ok: true,
      principals: ['ada@example.com'],
    });
    // The key's private half is in no file the export wrote.
    const seed = signing.privateKey.export({ format: 'jwk' }).d as string;
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name));
      expect(bytes.includes(Buffer.from(seed, 'base64url'))).toBe(false);
      expect(bytes.toString('latin1')).not.toContain(seed);
    }
  });

  it('§9 asks before replacing the source (declined: nothing written); an identical archive is neither asked about nor rewritten', async () => {
    const source = join(dir, 'history.json');
    writeFileSync(source, 'the opened file');
    const asked: Replacement[][] = [];
    const first = await writeExport(join(dir, 'out.json'), await content(), {
      sources: [source],
      confirmReplace: async () => true,
    });
    const archived = statSync(first?.archivePath ?? '').mtimeMs;
    // Another reviewer: the record and the report change, the snapshot and the archive do not.
    const base = await content();
    const again = { ...base, audit: { ...base.audit, reviewer: 'Someone Else' } };
    // The same export over its own files, then over the source: asked each time, declined the second.
    expect(
      await writeExport(join(dir, 'out.json'), again, {
        sources: [source],
        confirmReplace: async (r) => (asked.push(r), true),
      }),
    ).not.toBeNull();
    expect(asked[0].map((r) => r.path).sort()).toEqual(
      [join(dir, 'out.json.audit.json'), join(dir, 'out.json.report.html')].sort(),
    );
    expect(
      await writeExport(source, again, { sources: [source], confirmReplace: async (r) => (asked.push(r), false) }),
    ).toBeNull();
    expect(asked[1]).toEqual([{ path: source, isSource: true }]);
    expect(readFileSync(source, 'utf8')).toBe('the opened file');
    expect(existsSync(`${source}.audit.json`)).toBe(false);
    expect(statSync(first?.archivePath ?? '').mtimeMs).toBe(archived);
  });

  it('§9 a source opened through a symlink, exported to its real path, is asked about as the source and keeps its 0600 mode', async () => {
    const real = join(dir, 'history.json');
    writeFileSync(real, 'the opened file');
    chmodSync(real, 0o600);
    const link = join(dir, 'link-to-history.json');
    symlinkSync(real, link);
    const asked: Replacement[][] = [];
    const declined = await writeExport(real, await content(), {
      sources: [link],
      confirmReplace: async (r) => (asked.push(r), false),
    });
    expect(declined).toBeNull();
    expect(asked).toEqual([[{ path: real, isSource: true }]]);
    expect(readFileSync(real, 'utf8')).toBe('the opened file');
    const written = await writeExport(real, await content(), { sources: [link], confirmReplace: async () => true });
    expect(written).not.toBeNull();
    expect(readFileSync(real, 'utf8')).not.toBe('the opened file');
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readFileSync(link, 'utf8')).toBe(readFileSync(real, 'utf8'));
  });

  it('§9 an existing audit record is asked about; declined, nothing is written', async () => {
    const record = join(dir, 'out.json.audit.json');
    writeFileSync(record, '{"an":"earlier record"}');
    const asked: Replacement[][] = [];
    const written = await writeExport(join(dir, 'out.json'), await content(), {
      sources: [],
      confirmReplace: async (r) => (asked.push(r), false),
    });
    expect(written).toBeNull();
    expect(asked).toEqual([[{ path: record, isSource: false }]]);
    expect(readFileSync(record, 'utf8')).toBe('{"an":"earlier record"}');
    expect(readdirSync(dir)).toEqual(['out.json.audit.json']);
  });

  it('§9 an audit record that cannot be written replaces nothing: the snapshot stays as it was', async () => {
    const target = join(dir, 'out.json');
    writeFileSync(target, 'the earlier snapshot');
    // A folder where the record goes: its temp is written, then it cannot take the folder's place.
    mkdirSync(join(dir, 'out.json.audit.json'));
    writeFileSync(join(dir, 'out.json.audit.json', 'keep.txt'), 'x');
    await expect(
      writeExport(target, await content(), { sources: [], confirmReplace: async () => true }),
    ).rejects.toThrow();
    expect(readFileSync(target, 'utf8')).toBe('the earlier snapshot');
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'out.json.audit.json']);
  });
});
