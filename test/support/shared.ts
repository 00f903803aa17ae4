/**
 * The shared real transcripts beside the repository (`../shared/corpus`, `../shared/formats`),
 * read in place and never copied in. A clone elsewhere has no `../shared`: suites that need
 * it skip with a one-line reason. CI sets COMPACTION_REQUIRE_SHARED=1 (`.ci/run`), and then a
 * missing folder fails the suite instead, so CI can never pass by skipping.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DIR = resolve(REPO_ROOT, '../shared');
export const SHARED_REQUIRED = process.env.COMPACTION_REQUIRE_SHARED === '1';

/**
 * The absolute path of `../shared/<sub>`, or null when it is absent. Absent while required
 * throws, which fails the test file that asked.
 */
export function sharedPath(sub: 'corpus' | 'formats' | string): string | null {
  const path = resolve(SHARED_DIR, sub);
  if (existsSync(path)) return path;
  if (SHARED_REQUIRED) throw new Error(`${path} is absent, and COMPACTION_REQUIRE_SHARED=1 requires it`);
  return null;
}

/** The one-line reason a suite gives when it skips for want of `../shared/<sub>`. */
export function sharedSkipReason(sub: string): string {
  return `skipped: ../shared/${sub} is absent (the shared transcripts are not beside this checkout)`;
}

/** The transcripts of a corpus folder, sorted: its `.json` files but `index.json` (SOURCES.md lists them). */
export function corpusFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort();
}
