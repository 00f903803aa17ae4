/**
 * `eval` on folders a hostile author prepared (SPEC §9 "Sources", §8 exit codes): every file is
 * read through the one bounded reader, so a FIFO or a device named like a history is skipped
 * by its type, invalid UTF-8 is refused as `compact_context` refuses it, and a call input
 * nested past the depth bound skips its file — each with a line naming it — while the rest is
 * measured and the exit code is what it would be without them.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './support.js';
import { writeHostileFolder } from '../../support/hostileFolder.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

describe.skipIf(process.platform === 'win32')('eval on a hostile folder', () => {
  it('§8 §9 a FIFO, symlinks to /dev/zero and /dev/urandom, invalid UTF-8 and deep call arguments are each skipped with a line; the rest is measured (exit 0)', async () => {
    tmp = tempDir();
    const folder = writeHostileFolder(join(tmp.dir, 'histories'));
    const started = Date.now();
    const run = await runCli(['eval', folder.dir, '--cuts', '1', '--seeds', '1'], {
      cwd: tmp.dir,
      env: { NODE_OPTIONS: '--max-old-space-size=128' },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.trimEnd().split('\n');
    for (const [name, reason] of Object.entries(folder.skipped)) {
      const line = lines.find((l) => l.startsWith(`skipping ${join(folder.dir, name)}`));
      expect(line, `${name} in:\n${run.stderr}`).toMatch(reason);
    }
    expect(run.stdout).toContain('session.json');
  }, 30_000);

  it('§8 a FIFO or a device named on the command line is bad input: exit 2, one line, at once', async () => {
    tmp = tempDir();
    const folder = writeHostileFolder(join(tmp.dir, 'histories'));
    for (const name of ['x.json', 'y.jsonl', 'latin1.json']) {
      const run = await runCli(['eval', join(folder.dir, name)], { cwd: tmp.dir });
      expect(run.code, name).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n'), name).toHaveLength(1);
      expect(run.stderr).toMatch(folder.skipped[name]);
    }
  }, 30_000);
});
