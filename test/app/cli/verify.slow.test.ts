/**
 * §9 `compact_context … --out PATH [--reviewer NAME]` writes the snapshot, the archive of the
 * input (its bytes, named by their SHA-256; R13's markers name it) and PATH.audit.json; and
 * `verify AUDIT.json` re-derives the snapshot from them (no model) and checks every hash:
 * exit 0 untouched, 1 with the first difference for a snapshot edited by hand, a tampered
 * record or a tampered archive, 2 on bad input. Real child processes, real files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledExample } from '../../../app/host/setup.js';
import { inspectSource } from '../../../core/formats/index.js';
import { AuditRecordSchema } from '../../../core/records/audit.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import type { CliResult } from './support.js';
import { runCli, tempDir, withoutRestoreNote } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readRecord = (path: string): AuditRecord => AuditRecordSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
const verify = (...args: string[]) => runCli(['verify', ...args], { cwd: tmp.dir });

function expectVerdict(result: CliResult, code: 0 | 1, line: RegExp): void {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code, stderr: '' });
  expect(result.stdout).toMatch(line);
}

function expectBadInput(result: CliResult, line: RegExp): void {
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
  expect(result.stderr).toMatch(line);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

interface Case {
  format: string;
  file: string;
  text: () => Buffer;
  args: string[];
}

const formats = sharedPath('formats');
const example = bundledExample();
const CASES: Case[] = [
  {
    format: 'agentscope',
    file: 'history.json',
    text: () => Buffer.from(example.text),
    args: [
      `goal=${example.goal}`,
      `eligible_tool_names=${JSON.stringify(example.eligible_tool_names)}`,
      `options=${JSON.stringify(example.options)}`,
    ],
  },
  ...(formats === null
    ? []
    : [
        {
          format: 'claude-code',
          file: 'session.jsonl',
          text: () => readFileSync(join(formats, 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl')),
          args: ['goal=Continue the investigation', 'eligible_tool_names=["Read","Bash","Grep"]'],
        },
        {
          format: 'openai-chat',
          file: 'taubench.json',
          text: () => readFileSync(join(formats, 'openai-chat-completions/taubench-gpt-4o-airline-first4.json')),
          args: [
            'goal=Finish the booking',
            'eligible_tool_names=["get_user_details","search_direct_flight","search_onestop_flight","calculate"]',
            // The offline model is sure of this short task's lookups: a high threshold drops some.
            'options={"preserve_recent_messages":2,"keep_threshold":0.95}',
            `--conversation=${
              inspectSource(
                readFileSync(join(formats, 'openai-chat-completions/taubench-gpt-4o-airline-first4.json'), 'utf8'),
              ).conversations[0].key
            }`,
          ],
        },
      ]),
];

/** Runs compact_context --out on `c` in a fresh folder; returns the paths of the three files. */
async function exported(c: Case, extra: string[] = []) {
  tmp = tempDir();
  const input = join(tmp.dir, c.file);
  writeFileSync(input, c.text());
  const out = `out.${c.file.split('.').pop()}`;
  const result = await runCli(['compact_context', ...c.args, `messages=@${c.file}`, '--out', out, ...extra], {
    cwd: tmp.dir,
  });
  const stderr = withoutRestoreNote(result.stderr).replace(/^warning: .*\n/gm, '');
  expect({ code: result.code, stderr }).toEqual({ code: 0, stderr: '' });
  const audit = join(tmp.dir, `${out}.audit.json`);
  const record = readRecord(audit);
  return { input, out: join(tmp.dir, out), audit, archive: join(tmp.dir, record.archive_file.name), record };
}

describe('§9 compact_context --out writes three files, and verify checks them', () => {
  if (formats === null) it.skip(sharedSkipReason('formats'), () => {});
  for (const c of CASES) {
    describe(c.format, () => {
      it(`§9 R13 ${c.format}: the snapshot, the archive (the input byte for byte, named by its SHA-256) and the record; markers name the archive`, async () => {
        const files = await exported(c, ['--reviewer', 'Grace Hopper']);
        const input = readFileSync(files.input);
        const [stem, ext] = c.file.split('.');
        const archiveName = `${stem}.${sha256(input).slice(0, 16)}.${ext}`;
        expect(readdirSync(tmp.dir).sort()).toEqual(
          [c.file, `out.${ext}`, `out.${ext}.audit.json`, archiveName].sort(),
        );
        expect(Buffer.compare(readFileSync(files.archive), input)).toBe(0);
        const { record } = files;
        expect(record).toMatchObject({
          original_sha256: sha256(input),
          archive_file: { name: archiveName, sha256: sha256(input), bytes: input.length },
          exported_file: { name: `out.${ext}`, sha256: sha256(readFileSync(files.out)) },
          source: { format: c.format },
          reviewer: 'Grace Hopper',
          comment: null,
          archive_ref: record.archive_file.name,
          tool: { name: 'compaction-inspector', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
        });
        const dropped = record.decisions.filter((d) => d.action === 'drop_result');
        if (dropped.length > 0)
          expect(readFileSync(files.out, 'utf8')).toContain(`the full output is in ${record.archive_file.name}`);
        expect(record.decisions.some((d) => d.action !== 'keep')).toBe(true);
      });

      it(`§9 ${c.format}: verify exits 0 on the untouched export, naming the reviewer (the OS user by default)`, async () => {
        const files = await exported(c);
        expect(files.record.reviewer).toBe(userInfo().username);
        expectVerdict(
          await verify(files.audit),
          0,
          new RegExp(`^verified: out\\.\\w+ is what this record derives from the archive `),
        );
        // It claims no more: the reviewer is the record's word, named as such.
        expect((await verify(files.audit)).stdout).toContain(`as the record says, unsigned: `);
        expect((await verify(files.audit)).stdout).toContain(`reviewer ${JSON.stringify(userInfo().username)}`);
        const json = JSON.parse((await verify(files.audit, '--json')).stdout);
        expect(json).toMatchObject({ ok: true, differences: [], report: null });
        // --report: the HTML report of the verified export, beside the snapshot.
        const reported = await verify(files.audit, '--report');
        expectVerdict(reported, 0, /\nreport: .*out\.\w+\.report\.html\n$/);
        const html = readFileSync(`${files.out}.report.html`, 'utf8');
        expect(html).toContain('<caption>Decisions</caption>');
        expect(html).toContain(sha256(readFileSync(files.audit)));
      });

      it(`§9 ${c.format}: a snapshot edited by hand after export exits 1 with where it differs (and writes no report)`, async () => {
        const files = await exported(c);
        const text = readFileSync(files.out, 'utf8');
        const at = text.indexOf('"', Math.floor(text.length / 2));
        writeFileSync(files.out, `${text.slice(0, at)}"edited ${text.slice(at + 1)}`);
        const line = text.slice(0, at).split('\n').length;
        expectVerdict(
          await verify(files.audit, '--report'),
          1,
          new RegExp(
            `^differs: the snapshot .*out\\.\\w+ differs from what the record approves from byte ${Buffer.byteLength(text.slice(0, at + 1))} \\(line ${line}, column \\d+\\)`,
          ),
        );
        expect(existsSync(`${files.out}.report.html`)).toBe(false);
        // Where, never what: the file under the snapshot's name may be anything.
        expect((await verify(files.audit)).stdout).not.toContain('edited');
      });

      it(`§9 R12 ${c.format}: a tampered audit record (a probability, then an override) exits 1 naming the decision`, async () => {
        const files = await exported(c);
        const original = readFileSync(files.audit, 'utf8');
        const record = JSON.parse(original) as AuditRecord;
        const target = record.decisions.find((d) => d.keep_result !== null && d.action !== 'keep');
        if (!target) throw new Error('no decided pair to tamper with');
        target.keep_result = 0.999;
        writeFileSync(files.audit, JSON.stringify(record));
        expectVerdict(
          await verify(files.audit),
          1,
          new RegExp(
            `^differs: decision \\d+ \\(${target.pair_id}, call ${target.call_id}\\): the record says ${target.model_action}`,
          ),
        );
        const overridden = JSON.parse(original) as AuditRecord;
        const kept = overridden.decisions.find((d) => d.pair_id === target.pair_id);
        Object.assign(kept ?? {}, { override: 'keep', action: 'keep' });
        writeFileSync(files.audit, JSON.stringify(overridden));
        expectVerdict(
          await verify(files.audit),
          1,
          /^differs: the snapshot .* differs from what the record approves from byte \d+ \(line \d+/,
        );
      });

      it(`§9 ${c.format}: a tampered archive exits 1 naming both hashes`, async () => {
        const files = await exported(c);
        const bytes = readFileSync(files.archive);
        bytes[bytes.length - 2] ^= 1;
        writeFileSync(files.archive, bytes);
        expectVerdict(
          await verify(files.audit),
          1,
          new RegExp(
            `^differs: the archive .* is not the original that was opened: sha256 ${sha256(bytes)} \\(${bytes.length} bytes\\), the record says ${files.record.original_sha256}`,
          ),
        );
      });
    });
  }
});

describe('§9 verify: bad input exits 2 with one line', () => {
  it('§9 no record, a record that is not JSON or not a record, a name with a folder, a missing file', async () => {
    const files = await exported(CASES[0]);
    expectBadInput(await verify(), /verify: give exactly one audit record \(got 0\)/);
    expectBadInput(await verify(files.audit, 'x'), /verify: give exactly one audit record \(got 2\)/);
    expectBadInput(await verify('nothere.json'), /nothere\.json: cannot read nothere\.json: ENOENT/);
    writeFileSync(join(tmp.dir, 'not.json'), '{');
    expectBadInput(await verify('not.json'), /not\.json: not JSON/);
    writeFileSync(join(tmp.dir, 'other.json'), '{"kind":"something else"}');
    expectBadInput(await verify('other.json'), /other\.json: not an audit record: kind/);
    const record = JSON.parse(readFileSync(files.audit, 'utf8')) as AuditRecord;
    writeFileSync(
      join(tmp.dir, 'escape.json'),
      JSON.stringify({ ...record, exported_file: { ...record.exported_file, name: '../etc/passwd' } }),
    );
    expectBadInput(
      await verify('escape.json'),
      /not an audit record: exported_file\.name: a file name without a folder/,
    );
    const {
      exported_file: _e,
      exported_as: _a,
      archive_file: _f,
      reviewer: _r,
      comment: _c,
      tool: _t,
      ...earlier
    } = record;
    writeFileSync(join(tmp.dir, 'earlier.json'), JSON.stringify(earlier));
    expectBadInput(
      await verify('earlier.json'),
      /earlier\.json: written by an earlier version, before exports named their files and hashes/,
    );
    writeFileSync(
      join(tmp.dir, 'gone.json'),
      JSON.stringify({ ...record, archive_file: { ...record.archive_file, name: 'gone.json.bin' } }),
    );
    expectBadInput(await verify('gone.json'), /archive: cannot read .*gone\.json\.bin: ENOENT/);
  });
});

describe('§9 --out beside the input', () => {
  it('§9 the archive keeps a byte-order mark the reader ignores; an export run again (--force) leaves the archive as it was', async () => {
    tmp = tempDir();
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(example.text)]);
    writeFileSync(join(tmp.dir, 'h.json'), bom);
    const args = ['compact_context', ...CASES[0].args, 'messages=@h.json', '--out', 'out.json'];
    expect((await runCli(args, { cwd: tmp.dir })).code).toBe(0);
    const record = readRecord(join(tmp.dir, 'out.json.audit.json'));
    expect(Buffer.compare(readFileSync(join(tmp.dir, record.archive_file.name)), bom)).toBe(0);
    expect((await runCli([...args, '--force'], { cwd: tmp.dir })).code).toBe(0);
    expectVerdict(await verify('out.json.audit.json'), 0, /^verified: /);
  });

  it('§9 an --out whose audit record would replace the input is refused (exit 2, input untouched)', async () => {
    tmp = tempDir();
    writeFileSync(join(tmp.dir, 'x.json.audit.json'), example.text);
    const result = await runCli(
      ['compact_context', ...CASES[0].args, 'messages=@x.json.audit.json', '--out', 'x.json'],
      {
        cwd: tmp.dir,
      },
    );
    expectBadInput(result, /--out: would replace the input file .*x\.json\.audit\.json; choose another path/);
    expect(readFileSync(join(tmp.dir, 'x.json.audit.json'), 'utf8')).toBe(example.text);
    expect(existsSync(join(tmp.dir, 'x.json'))).toBe(false);
  });
});
