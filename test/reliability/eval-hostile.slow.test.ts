/**
 * `eval` on folders a hostile author prepared, through the built CLI (SPEC §8, §9 "Sources"):
 * each hostile file beside one real history, and all of them at once, against the same folder
 * with the history alone. Every run must end by itself (no FIFO wait, no endless device read),
 * exit 0 with the history measured, name each hostile file in a skip line, and peak no higher
 * than the clean folder's run plus a margin: a refusal by type or budget reads nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../app/cli/support.js';
import { CLI, cleanEnv, ensureBuilt, resultOf, tempDir } from '../app/cli/support.js';
import { debuggingSession } from '../core/eval/fixtures.js';
import { deepArgumentsHistory, writeHostileFolder } from '../support/hostileFolder.js';
import { record } from './support/record.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  ensureBuilt();
  tmp = tempDir();
  writeFileSync(
    join(tmp.dir, 'peak.mjs'),
    "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.PEAK_FILE, String(process.resourceUsage().maxRSS)));\n",
  );
});
afterAll(() => tmp?.cleanup());

interface Run {
  result: CliResult;
  ms: number;
  peakMb: number;
}

/** eval on `dir` with one cut and one seed; killed after 60 s (a hang is a failure, not a wait). */
async function evalOn(dir: string): Promise<Run> {
  const peakFile = join(tmp.dir, 'peak.txt');
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, 'eval', dir, '--cuts', '1', '--seeds', '1'], {
    cwd: tmp.dir,
    env: cleanEnv({ NODE_OPTIONS: `--import=${join(tmp.dir, 'peak.mjs')}`, PEAK_FILE: peakFile }),
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const result = await resultOf(child);
  clearTimeout(timer);
  const peakKb = Number(readFileSync(peakFile, 'utf8'));
  return { result, ms: Date.now() - started, peakMb: peakKb / 1024 };
}

const signed = (n: number, digits: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(digits)}`;

/** A folder holding the real history and, through `add`, one hostile file. */
function folder(name: string, add: (dir: string) => void): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'session.json'), JSON.stringify(debuggingSession().messages, null, 1));
  add(dir);
  return dir;
}

const CASES: Array<{ name: string; add: (dir: string) => void; skipped: RegExp | null }> = [
  { name: 'the history alone', add: () => {}, skipped: null },
  {
    name: 'a FIFO named x.json (no writer)',
    add: (dir) => execFileSync('mkfifo', [join(dir, 'x.json')]),
    skipped: /x\.json: a FIFO/,
  },
  {
    name: 'a symlink y.jsonl to /dev/zero',
    add: (dir) => symlinkSync('/dev/zero', join(dir, 'y.jsonl')),
    skipped: /y\.jsonl: a character device/,
  },
  {
    name: 'a file that is not UTF-8',
    add: (dir) => writeFileSync(join(dir, 'latin1.json'), Buffer.from('["caf\u00e9"]', 'latin1')),
    skipped: /latin1\.json: not valid UTF-8/,
  },
  {
    name: 'a call input nested 100,000 levels',
    add: (dir) => writeFileSync(join(dir, 'deep.json'), JSON.stringify(deepArgumentsHistory())),
    skipped: /deep\.json: .*nests more than 1000 levels/,
  },
  {
    name: 'all of them and a symlink to /dev/urandom',
    add: (dir) => writeHostileFolder(join(dir, 'hostile')),
    skipped: /noise\.traj: a character device/,
  },
];

describe.skipIf(process.platform === 'win32')('eval on hostile folders: time and peak memory', () => {
  it('§8 §9 every run ends by itself, measures the history, names each hostile file, and peaks like the clean run', async () => {
    const runs: Array<{ name: string; run: Run }> = [];
    for (const c of CASES) {
      const run = await evalOn(folder(c.name.replace(/[^a-z0-9]+/gi, '-'), c.add));
      expect(run.result.code, `${c.name}: ${run.result.stderr}`).toBe(0);
      expect(run.result.stdout).toContain('session.json');
      if (c.skipped) expect(run.result.stderr).toMatch(c.skipped);
      runs.push({ name: c.name, run });
    }
    const clean = runs[0].run;
    for (const { name, run } of runs.slice(1)) {
      expect(run.peakMb, name).toBeLessThan(clean.peakMb + 64);
      expect(run.ms, name).toBeLessThan(30_000);
    }
    for (const { name, run } of runs)
      record({
        area: 'inputs',
        name: `eval on a folder with ${name}`,
        tried: 1,
        outcomes: {
          exit_0: 1,
          skipped_with_a_line: CASES.find((c) => c.name === name)?.skipped ? 1 : 0,
          ms: run.ms,
          peak_mb: Math.round(run.peakMb),
        },
        notes:
          name === CASES[0].name
            ? 'the baseline: 1 cut, 1 seed, offline backend'
            : `${signed((run.ms - clean.ms) / 1000, 1)} s and ${signed(run.peakMb - clean.peakMb, 0)} MB against the baseline`,
      });
  }, 240_000);
});
