/**
 * Whole-process measurements for the command-line benchmarks: wall time and peak memory (max
 * RSS) of `node <args>`, and alternating floor / CLI runs so that a burst of load elsewhere on
 * the shared machine hits both about equally.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIME = '/usr/bin/time';

export interface Sample {
  ms: number;
  peakMB: number;
  code: number | null;
}

/** Median wall time and peak of a set of runs, with the fastest and slowest run. */
export interface Summary {
  ms: number;
  minMs: number;
  maxMs: number;
  peakMB: number;
}

export const range = (s: Summary): string => `${s.minMs.toFixed(0)}–${s.maxMs.toFixed(0)}`;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A scratch folder for a benchmark's files and its runs' stdout; `remove()` when done. */
export function benchWorkspace(prefix: string): {
  dir: string;
  measure: (nodeArgs: string[], env: Record<string, string>, cwd: string) => Sample;
  bestPair: (
    floorArgs: string[],
    cliArgs: string[],
    env: Record<string, string>,
    cwd: string,
    label: string,
    runs: number,
  ) => { floor: Summary; cli: Summary };
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Without GNU time, a preload reports the child's own max RSS when it exits.
  const rssHook = join(dir, 'rss.mjs');
  writeFileSync(
    rssHook,
    "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
  );

  /** One run of `node <args>` with stdout to a file; max RSS from GNU time or the preload. */
  function measure(nodeArgs: string[], env: Record<string, string>, cwd: string): Sample {
    const out = openSync(join(dir, 'stdout'), 'w');
    const rssFile = join(dir, 'rss');
    rmSync(rssFile, { force: true });
    const viaTime = existsSync(TIME);
    const [cmd, args] = viaTime
      ? [TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...nodeArgs]]
      : [process.execPath, ['--import', rssHook, ...nodeArgs]];
    const started = process.hrtime.bigint();
    const run = spawnSync(cmd, args, {
      cwd,
      env: { ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', out, 'pipe'],
      maxBuffer: 1 << 20,
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    closeSync(out);
    const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
    return { ms, peakMB: kb / 1024, code: run.status };
  }

  /** Floor and CLI runs alternate after one unmeasured warm-up of each. */
  function bestPair(
    floorArgs: string[],
    cliArgs: string[],
    env: Record<string, string>,
    cwd: string,
    label: string,
    runs: number,
  ): { floor: Summary; cli: Summary } {
    measure(floorArgs, env, cwd);
    measure(cliArgs, env, cwd);
    const floors: Sample[] = [];
    const clis: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      floors.push(measure(floorArgs, env, cwd));
      clis.push(measure(cliArgs, env, cwd));
    }
    for (const [kind, samples] of [
      ['floor', floors],
      ['cli', clis],
    ] as const) {
      const failed = samples.find((s) => s.code !== 0);
      if (failed)
        throw new Error(
          `${kind} ${label}: exit ${failed.code}: ${readFileSync(join(dir, 'stdout'), 'utf8').slice(0, 300)}`,
        );
    }
    const summary = (samples: Sample[]): Summary => ({
      ms: median(samples.map((s) => s.ms)),
      minMs: Math.min(...samples.map((s) => s.ms)),
      maxMs: Math.max(...samples.map((s) => s.ms)),
      peakMB: median(samples.map((s) => s.peakMB)),
    });
    return { floor: summary(floors), cli: summary(clis) };
  }

  return { dir, measure, bestPair, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
