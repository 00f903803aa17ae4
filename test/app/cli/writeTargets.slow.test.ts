/**
 * §9 writes never replace what the command read, nor each other: `verify --report` and
 * `compact_context --out` with its companions (the archive, PATH.audit.json) refuse a path that
 * is any file they read, however it is spelled (device and inode), even with `--force`; an
 * unrelated existing file is replaced only with `--force`, as the inspector asks first; and
 * nothing but a regular file is ever replaced (a FIFO, a symbolic link, even to a regular file).
 * Exit 2 with one line, every file as it was.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundledExample } from '../../../app/host/setup.js';
import { AuditRecordSchema } from '../../../core/records/audit.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import type { CliResult } from './support.js';
import { ensureBuilt, runCli, tempDir } from './support.js';

beforeAll(() => ensureBuilt());
let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const example = bundledExample();
const ARGS = [
  `goal=${example.goal}`,
  `eligible_tool_names=${JSON.stringify(example.eligible_tool_names)}`,
  `options=${JSON.stringify(example.options)}`,
  'messages=@history.json',
];
const cli = (...args: string[]) => runCli(args, { cwd: tmp.dir });
const read = (name: string) => readFileSync(join(tmp.dir, name));
const recordOf = (name: string): AuditRecord => AuditRecordSchema.parse(JSON.parse(read(name).toString('utf8')));

function expectRefused(result: CliResult, line: RegExp): void {
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr.trim()).toMatch(line);
}

/** A fresh folder with the example history exported to out.json; the record's file names. */
async function exported(): Promise<AuditRecord> {
  tmp = tempDir();
  tmp.write('history.json', example.text);
  const result = await cli('compact_context', ...ARGS, '--out', 'out.json');
  expect(result.code, result.stderr).toBe(0);
  return recordOf('out.json.audit.json');
}

describe('§9 verify --report', () => {
  it('§9 a record named like its own report is not overwritten by the report (exit 2, record kept)', async () => {
    await exported();
    copyFileSync(join(tmp.dir, 'out.json.audit.json'), join(tmp.dir, 'out.json.report.html'));
    const before = read('out.json.report.html');
    expectRefused(
      await cli('verify', 'out.json.report.html', '--report', '--force'),
      /^--report: would replace the audit record out\.json\.report\.html; choose another path$/,
    );
    expect(read('out.json.report.html')).toEqual(before);
  });

  it('§9 an archive renamed to the report’s name (the only copy of the original bytes) is never replaced', async () => {
    const record = await exported();
    renameSync(join(tmp.dir, record.archive_file.name), join(tmp.dir, 'out.json.report.html'));
    writeFileSync(
      join(tmp.dir, 'out.json.audit.json'),
      JSON.stringify({ ...record, archive_file: { ...record.archive_file, name: 'out.json.report.html' } }, null, 2),
    );
    const result = await cli('verify', 'out.json.audit.json', '--report', '--force');
    if (result.code === 2)
      expect(result.stderr).toMatch(/^--report: would replace the archive .*out\.json\.report\.html/);
    else expect(result.code).toBe(1); // a verifier that pins the archive's name refuses it as a difference
    expect(read('out.json.report.html').toString('utf8')).toBe(example.text);
  });

  it('§9 an unrelated existing file is replaced only with --force; the same report again needs no asking', async () => {
    await exported();
    writeFileSync(join(tmp.dir, 'out.json.report.html'), 'my notes');
    expectRefused(
      await cli('verify', 'out.json.audit.json', '--report'),
      /^--report: .*out\.json\.report\.html exists; pass --force to replace it, or choose another path$/,
    );
    expect(read('out.json.report.html').toString()).toBe('my notes');
    expect((await cli('verify', 'out.json.audit.json', '--report', '--force')).code).toBe(0);
    expect(read('out.json.report.html').toString()).toMatch(/^<!doctype html>/i);
    expect((await cli('verify', 'out.json.audit.json', '--report')).code).toBe(0);
  });
});

describe('§9 compact_context --out and its companions', () => {
  it('§9 an unrelated file at PATH, at PATH.audit.json or at the archive’s name is replaced only with --force', async () => {
    const record = await exported();
    for (const name of ['notes.json', 'notes.json.audit.json', record.archive_file.name]) {
      const path = join(tmp.dir, name);
      const had = existsSync(path) ? read(name) : null;
      // The archive's name already holds the archive: a different file there must not be replaced.
      writeFileSync(path, 'keep me');
      expectRefused(
        await cli('compact_context', ...ARGS, '--out', 'notes.json'),
        /^--out: .*exists.*; pass --force to replace it, or choose another path$/,
      );
      expect(read(name).toString()).toBe('keep me');
      if (had !== null) writeFileSync(path, had);
      else if (name !== 'notes.json') writeFileSync(path, '');
    }
    expect((await cli('compact_context', ...ARGS, '--out', 'notes.json', '--force')).code).toBe(0);
    expect(recordOf('notes.json.audit.json').exported_file.name).toBe('notes.json');
  });

  it('§9 a companion that is a file the command read — the scripted answers, a hard link to the input — is refused even with --force', async () => {
    tmp = tempDir();
    tmp.write('history.json', example.text);
    tmp.write('out.json.audit.json', '{"default":{"call":0,"result":0}}');
    const script = await runCli(['compact_context', ...ARGS, '--out', 'out.json', '--force'], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'out.json.audit.json' },
    });
    expectRefused(script, /^--out: would replace the input file .*out\.json\.audit\.json; choose another path$/);
    expect(read('out.json.audit.json').toString()).toBe('{"default":{"call":0,"result":0}}');
    linkSync(join(tmp.dir, 'history.json'), join(tmp.dir, 'linked.json'));
    expectRefused(
      await cli('compact_context', ...ARGS, '--out', 'linked.json', '--force'),
      /^--out: .*linked\.json is the input file .*history\.json; choose another path$/,
    );
    expect(read('history.json').toString()).toBe(example.text);
  });

  it.skipIf(process.platform === 'win32')(
    '§9 --force replaces regular files only: a FIFO, a link to /dev/null or to a file is refused, nothing written',
    async () => {
      tmp = tempDir();
      tmp.write('history.json', example.text);
      tmp.write('notes.json', 'my notes');
      execFileSync('mkfifo', [join(tmp.dir, 'pipe.json')]);
      symlinkSync('/dev/null', join(tmp.dir, 'null.json'));
      symlinkSync('notes.json', join(tmp.dir, 'linked.json'));
      // A companion in the way is refused the same way as PATH itself.
      execFileSync('mkfifo', [join(tmp.dir, 'other.json.audit.json')]);
      const before = readdirSync(tmp.dir).sort();
      const cases: Array<[string, string, RegExp]> = [
        ['pipe.json', 'pipe.json', /a FIFO \(named pipe\)/],
        ['null.json', 'null.json', /a symbolic link/],
        ['linked.json', 'linked.json', /a symbolic link/],
        ['other.json', 'other.json.audit.json', /a FIFO \(named pipe\)/],
      ];
      for (const [out, refused, kind] of cases) {
        const result = await cli('compact_context', ...ARGS, '--out', out, '--force');
        expectRefused(result, /^--out: .*, not a regular file; only a regular file is ever replaced$/);
        expect(result.stderr).toContain(`${refused} is `);
        expect(result.stderr).toMatch(kind);
      }
      expect(readdirSync(tmp.dir).sort()).toEqual(before);
      expect(lstatSync(join(tmp.dir, 'pipe.json')).isFIFO()).toBe(true);
      expect(lstatSync(join(tmp.dir, 'other.json.audit.json')).isFIFO()).toBe(true);
      expect(readlinkSync(join(tmp.dir, 'null.json'))).toBe('/dev/null');
      expect(readlinkSync(join(tmp.dir, 'linked.json'))).toBe('notes.json');
      expect(read('notes.json').toString()).toBe('my notes');
    },
  );

  it('§9 --force without --out is a usage error', async () => {
    tmp = tempDir();
    tmp.write('history.json', example.text);
    expectRefused(await cli('compact_context', ...ARGS, '--force'), /^--force: only with --out/);
  });
});
