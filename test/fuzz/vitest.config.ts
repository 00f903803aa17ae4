/**
 * `npm run fuzz`: the long runs. The same fuzz properties as `npm test` with FUZZ_RUNS cases
 * (the script sets a default) plus the cases too big for CI (*.fuzz.ts: the 200 MB history).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/**/fuzz-*.test.ts', 'test/fuzz/**/*.fuzz.ts'],
    // The 200 MB case runs the built CLI: dist/ is built once, loudly (test/support/build.ts).
    globalSetup: ['test/support/build.ts'],
    testTimeout: 60 * 60_000,
    hookTimeout: 10 * 60_000,
    // One file at a time: the 200 MB case needs the machine's memory to itself.
    fileParallelism: false,
  },
});
