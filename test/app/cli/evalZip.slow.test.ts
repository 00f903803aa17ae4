/**
 * Inspect `.eval` ZIP logs through the built command line (SPEC §9 "Sources", "Byte-preserving
 * export", `check`, `verify`, `eval`): the file is handed to core as bytes, `--out` writes a
 * ZIP whose edited sample member keeps its zstd compression, `verify` re-derives it, `check`
 * reads it, `eval` finds `.eval` files in a folder, and a broken archive is one line, exit 2, as is
 * an archive that would inflate past the memory budget (or past what its directory declares).
 * The zstd log with tool calls is test/support/evalZip.ts's.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { bundledExample } from '../../../app/host/setup.js';
import { installZstd } from '../../../app/zstd.js';
import { readZip } from '../../../core/formats/zip/archive.js';
import { zstdEvalWithCalls } from '../../support/evalZip.js';
import { makeExport } from '../../support/exports.js';
import { inflatingEval } from '../../support/hostileEval.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { runCli, tempDir } from './support.js';

const FORMATS = sharedPath('formats');
let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());
beforeAll(() => installZstd());

if (!FORMATS) it.skip(sharedSkipReason('formats'), () => {});
else {
  it('§9 compact_context --out on a zstd .eval writes a zstd .eval that verify and check accept', async () => {
    tmp = tempDir();
    writeFileSync(join(tmp.dir, 'run.eval'), zstdEvalWithCalls(FORMATS as string));
    const result = await runCli(
      [
        'compact_context',
        'goal=finish the task',
        'eligible_tool_names=["web_browser_go","web_browser_click"]',
        'options={"preserve_recent_messages":0,"keep_threshold":0.9}',
        'messages=@run.eval',
        '--out',
        'out.eval',
        '--reviewer',
        'Ada',
      ],
      { cwd: tmp.dir },
    );
    expect(result.code).toBe(0);
    const envelope = JSON.parse(result.stdout);
    expect(envelope.metadata.source).toMatchObject({ format: 'inspect-eval', conversation: '1', conversations: 1 });
    expect(envelope.answer.stats.messages_after).toBeLessThan(envelope.answer.stats.messages_before);
    const before = readZip(readFileSync(join(tmp.dir, 'run.eval')));
    const after = readZip(readFileSync(join(tmp.dir, 'out.eval')));
    expect(after.entries.map((e) => [e.name, e.method])).toEqual(before.entries.map((e) => [e.name, e.method]));
    expect(after.entries.every((e) => e.method === 93)).toBe(true);
    const verified = await runCli(['verify', 'out.eval.audit.json'], { cwd: tmp.dir });
    expect(verified.stdout).toMatch(/^verified: out\.eval is what this record derives/);
    expect(verified.code).toBe(0);
    const checked = await runCli(['check', 'out.eval'], { cwd: tmp.dir });
    expect(checked.stdout).toMatch(/^inspect-eval, conversation 1\npass/);
    expect(checked.code).toBe(0);
  });

  it('§9 formats lists inspect-eval; eval reads .eval files in a folder', async () => {
    tmp = tempDir();
    const formats = await runCli(['formats'], { cwd: tmp.dir });
    expect(formats.stdout).toMatch(/^inspect-eval +Inspect AI eval log \(\.eval\)/m);
    const dir = join(FORMATS as string, 'inspect-ai-eval-zip');
    const evaluated = await runCli(['eval', dir], { cwd: tmp.dir });
    // Too short for a cut, but read: each sample is named with its key.
    expect(evaluated.stderr).toMatch(/log_streaming\.eval#1\/1: no cut point/);
    expect(evaluated.stderr).toMatch(/retry-2-then-success-zstd\.eval: no cut point/);
  });

  it('§9 a broken .eval is one line on stderr and exit 2', async () => {
    tmp = tempDir();
    const bytes = readFileSync(join(FORMATS as string, 'inspect-ai-eval-zip', 'log_streaming.eval'));
    writeFileSync(join(tmp.dir, 'cut.eval'), bytes.subarray(0, bytes.length - 100));
    const result = await runCli(['compact_context', 'goal=x', 'messages=@cut.eval'], { cwd: tmp.dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'messages: not a readable ZIP archive: no end of central directory record (a truncated or partly written file?)',
    ]);
  });
}

it('§9 a small .eval whose members inflate past the memory budget is refused before inflating, in every command', async () => {
  tmp = tempDir();
  // 4 MB of zeros on disk as a few kB, its directory declaring 1.2 GB: past the heap rule's share.
  writeFileSync(join(tmp.dir, 'bomb.eval'), inflatingEval(4 * 1024 * 1024, 1_200_000_000));
  writeFileSync(join(tmp.dir, 'liar.eval'), inflatingEval(4 * 1024 * 1024, 1000));
  const declared =
    /the \.eval archive's members inflate to 1144\.4 MB \(as its central directory declares\), more than the \d+\.\d MB this reader may inflate$/;
  const lied =
    /ZIP member "samples\/1_epoch_1\.json" inflates past the 1000 bytes its central directory declares \(stopped there\)/;
  const runs: Array<[string[], RegExp]> = [
    [['check', 'bomb.eval'], declared],
    [['compact_context', 'goal=x', 'messages=@bomb.eval'], declared],
    [['eval', 'bomb.eval'], declared],
    [['check', 'liar.eval'], lied],
  ];
  for (const [args, line] of runs) {
    const result = await runCli(args, { cwd: tmp.dir });
    expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toMatch(line);
  }
  // verify: a record naming the bomb as its archive (hashes matching) re-derives nothing from it.
  const bomb = readFileSync(join(tmp.dir, 'bomb.eval'));
  const { record } = await makeExport({ text: bundledExample().text, fileName: 'history.json' });
  const sha256 = createHash('sha256').update(bomb).digest('hex');
  const archive = { name: 'bomb.eval', sha256, bytes: bomb.length };
  writeFileSync(join(tmp.dir, record.exported_file.name), 'a snapshot');
  writeFileSync(
    join(tmp.dir, 'bomb.audit.json'),
    JSON.stringify({
      ...record,
      original_sha256: sha256,
      original_bytes: bomb.length,
      archive_file: archive,
      container: null,
      source: { format: 'inspect-eval', conversation: '1', conversations: 1 },
    }),
  );
  const verified = await runCli(['verify', 'bomb.audit.json'], { cwd: tmp.dir });
  expect({ code: verified.code, stderr: verified.stderr }).toEqual({ code: 1, stderr: '' });
  expect(verified.stdout).toMatch(
    /^differs: the archive .*bomb\.eval does not read as inspect-eval conversation "1": /,
  );
  expect(verified.stdout.split('\n')[0]).toMatch(declared);
});
