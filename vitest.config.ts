/**
 * Two tiers, told apart by file name so that they survive a test moving to another folder:
 * - `unit` (`npm run test:unit`): every `*.test.ts(x)` that runs in this process against the
 *   sources, without a build, in a few seconds at most.
 * - `slow`: every `*.slow.test.ts(x)`: a test that spawns the built CLI or host, drives Chromium,
 *   or takes more than ~5 s on its own. It runs against dist/, built once per run by the
 *   globalSetup (test/support/build.ts), which fails the run with the compiler's output.
 * `vitest run` (and `npm test`) runs both.
 */
import { defineConfig } from 'vitest/config';

const SLOW = ['test/**/*.slow.test.ts', 'test/**/*.slow.test.tsx'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...SLOW, 'test/e2e/**', 'node_modules/**'],
          // One module graph for all unit files: importing core, zod and the store once rather
          // than per file halves the tier's CPU time. These tests share no mutable module state
          // (each builds its own store, host and fake server); a test that must not share one
          // belongs in the slow tier.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          exclude: ['test/e2e/**', 'node_modules/**'],
          globalSetup: ['test/support/build.ts'],
        },
      },
    ],
  },
});
