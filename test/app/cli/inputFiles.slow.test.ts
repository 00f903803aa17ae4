/**
 * The one bounded reader of every file the command line reads (app/inputFiles.ts; SPEC §8: bad
 * input is one line and exit 2): regular files only unless streams are asked for, a byte
 * budget, FIFOs and devices refused by type before a byte is read, strict UTF-8 everywhere.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readInputBytes, readInputText, UnreadableFile } from '../../../app/inputFiles.js';
import { exampleArgs, runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

function refusal(read: () => unknown): UnreadableFile {
  try {
    read();
  } catch (error) {
    if (error instanceof UnreadableFile) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.skipIf(process.platform === 'win32')('§8 the bounded reader', () => {
  it('§8 a regular file is read whole; its text drops a byte-order mark', () => {
    tmp = tempDir();
    const path = tmp.write('a.json', '\ufeff[1]');
    expect(readInputText(path).text).toBe('[1]');
    expect(readInputBytes(path).length).toBe(6);
  });

  it('§8 a FIFO is refused at once by its type, not waited on (regular files only unless asked)', () => {
    tmp = tempDir();
    const fifo = join(tmp.dir, 'x.json');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const error = refusal(() => readInputBytes(fifo));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.reason).toBe('not_a_file');
    expect(error.message).toBe(`${fifo} is a FIFO (named pipe), not a regular file`);
  });

  it('§8 a symlink to /dev/zero is refused by its target’s type; asked for streams, it stops at the byte budget', () => {
    tmp = tempDir();
    const link = join(tmp.dir, 'y.jsonl');
    symlinkSync('/dev/zero', link);
    expect(refusal(() => readInputBytes(link)).message).toBe(`${link} is a character device, not a regular file`);
    const capped = refusal(() => readInputBytes(link, { streams: true, maxBytes: 3 * 1024 * 1024 }));
    expect(capped.reason).toBe('too_large');
    expect(capped.message).toMatch(/holds more than the 3\.0 MB this process has left for its inputs/);
  });

  it('§8 a folder is refused by type; a file over the budget by its size, before reading', () => {
    tmp = tempDir();
    expect(refusal(() => readInputBytes(tmp.dir)).message).toBe(`${tmp.dir} is a folder, not a regular file`);
    const path = tmp.write('big.json', 'x'.repeat(2048));
    const error = refusal(() => readInputBytes(path, { maxBytes: 1024 }));
    expect(error.reason).toBe('too_large');
  });

  it('§8 invalid UTF-8 is refused, never read as U+FFFD', () => {
    tmp = tempDir();
    const path = join(tmp.dir, 'latin1.json');
    writeFileSync(path, Buffer.from('["caf\u00e9"]', 'latin1'));
    const error = refusal(() => readInputText(path));
    expect(error.reason).toBe('not_utf8');
    expect(error.message).toBe(`${path} is not valid UTF-8`);
  });
});

describe.skipIf(process.platform === 'win32')('§8 §9 every command reads through it', () => {
  it('§9 compare with a FIFO for A exits 2 with one line at once instead of hanging', async () => {
    tmp = tempDir();
    const fifo = join(tmp.dir, 'a.json');
    execFileSync('mkfifo', [fifo]);
    const b = tmp.write('b.json', '{}');
    const run = await runCli(['compare', fifo, b], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`A (${fifo}): ${fifo} is a FIFO (named pipe), not a regular file`);
  }, 15_000);

  it('§9 verify with a FIFO for the record exits 2 with one line at once', async () => {
    tmp = tempDir();
    const fifo = join(tmp.dir, 'x.audit.json');
    execFileSync('mkfifo', [fifo]);
    const run = await runCli(['verify', fifo], { cwd: tmp.dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('is a FIFO (named pipe), not a regular file');
  }, 15_000);

  it('§8 DECISION_MODEL_SCRIPT that is not UTF-8 is refused like an @file value (exit 2, one line)', async () => {
    tmp = tempDir();
    writeFileSync(
      join(tmp.dir, 'script.json'),
      Buffer.from('{"default":{"call":0,"result":0},"x":"\u00e9"}', 'latin1'),
    );
    const run = await runCli(['compact_context', ...exampleArgs()], {
      cwd: tmp.dir,
      env: { DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('DECISION_MODEL_SCRIPT: script.json is not valid UTF-8');
  });
});
