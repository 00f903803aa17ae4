/**
 * `npm run bench`: runs every test/bench/*.bench.ts in turn, each a standalone script that
 * prints a markdown table and writes it to bench-results/<name>.md. A failing script is
 * reported and the others still run; the exit code says whether all passed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();

const failed: string[] = [];
for (const script of scripts) {
  process.stdout.write(`\n## ${script}\n\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${script} (exit ${run.status ?? run.signal})`);
}
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
