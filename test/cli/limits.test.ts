/**
 * Limits of the built CLI that a user can reach with ordinary input: timers past a timer's range
 * (R10), and `@` arguments that are not regular files (SPEC §9: one line, exit 2).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../support/fakeOpenAI.js';
import { ensureBuilt, exampleArgs, runCli, tempDir } from './support.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(ensureBuilt, 120_000);
afterEach(() => tmp?.cleanup());

describe('R10 timers past a timer’s range', () => {
  it('R10 total_timeout_seconds and DECISION_MODEL_TIMEOUT_SECONDS ≥ 2,147,484 mean "as long as allowed", with no Node warning', async () => {
    tmp = tempDir();
    // Latency longer than the 1 ms an overflowing timer fires after, so "now" would be seen.
    const fake = await startFakeOpenAI({ latencyMs: 50 });
    try {
      const run = await runCli(
        [
          'compact_context',
          ...exampleArgs({ options: '{"preserve_recent_messages":1,"total_timeout_seconds":3000000}' }),
        ],
        {
          cwd: tmp.dir,
          env: {
            DECISION_MODEL_BACKEND: 'openai',
            DECISION_MODEL_API_KEY: 'sk-test-timers-0123456789',
            DECISION_MODEL_BASE_URL: fake.url,
            DECISION_MODEL_NAME: 'gpt-fake',
            DECISION_MODEL_TIMEOUT_SECONDS: '2147484',
            DECISION_MODEL_RETRY_DELAY_SECONDS: '1e12',
          },
        },
      );
      expect(run.stderr).not.toMatch(/TimeoutOverflowWarning|Warning/);
      expect(run.code, run.stdout).toBe(0);
      expect(JSON.parse(run.stdout).success).toBe(true);
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      await fake.close();
    }
  });
});
