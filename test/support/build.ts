/**
 * The build the slow suites run against: `tsc -b` of core and app into dist/, once per vitest
 * run (vitest.config.ts names this file as the `slow` project's globalSetup), so a test never
 * runs against a stale dist/ nor one a compile error left half-written. tsc -b is incremental:
 * on an up-to-date tree it only checks, in about a second.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './shared.js';

/** Builds core and app; a compile error throws with the compiler's own output. */
export function buildDist(): void {
  const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-b'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status === 0) return;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || String(result.error ?? 'no output');
  throw new Error(`tsc -b failed (exit ${result.status}); the slow suites run the built dist/:\n${output}`);
}

/** Set once dist/ is built in this run; workers inherit it (test/app/cli/support.ts checks it). */
export const DIST_BUILT = 'COMPACTION_DIST_BUILT';

/** vitest's globalSetup hook: runs before the first test file of the project that names it. */
export default function setup(): void {
  buildDist();
  process.env[DIST_BUILT] = '1';
}
