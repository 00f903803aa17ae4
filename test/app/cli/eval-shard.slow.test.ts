/**
 * `eval --shard K/N` and `eval merge`: an evaluation split over machines pools into exactly
 * the report one run prints, and shards that do not belong together are refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './support.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp?.cleanup());

const corpus = sharedPath('corpus');
const FLAGS = ['--cuts', '2', '--seeds', '2', '--policies', 'masking,microcompact'];

async function evalRun(args: string[]) {
  const result = await runCli(['eval', ...args], { cwd: tmp.dir });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  return result;
}

describe.skipIf(corpus === null)(`eval shards ${corpus === null ? sharedSkipReason('corpus') : ''}`, () => {
  it('three merged shards print exactly what one run prints, as JSON and as the table', async () => {
    tmp = tempDir();
    const paths = [corpus as string];
    const one = await evalRun([...paths, ...FLAGS, '--json']);
    expect(one.code).toBe(0);
    const names: string[] = [];
    for (const k of [3, 1, 2]) {
      const shard = await evalRun([...paths, ...FLAGS, '--shard', `${k}/3`]);
      expect(shard.code).toBe(0);
      names.push(tmp.write(`shard-${k}.json`, shard.stdout));
    }
    const merged = await evalRun(['merge', ...names, '--json']);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(one.stdout);
    const table = await evalRun([...paths, ...FLAGS]);
    expect((await evalRun(['merge', ...names])).stdout).toBe(table.stdout);
  });

  it('§8 refuses a missing shard, a repeated one and shards measured with other settings (exit 2)', async () => {
    tmp = tempDir();
    const paths = [corpus as string];
    const first = tmp.write('a.json', (await evalRun([...paths, ...FLAGS, '--shard', '1/2'])).stdout);
    const other = tmp.write('b.json', (await evalRun([...paths, '--cuts', '1', '--shard', '2/2'])).stdout);
    for (const [args, reason] of [
      [[first], /missing shard 2\/2/],
      [[first, first], /both shard 1/],
      [[first, other], /other settings or another model/],
      [['--shard', '0/2', ...paths], /--shard: expected K\/N/],
    ] as const) {
      const result = args[0] === '--shard' ? await evalRun([...args]) : await evalRun(['merge', ...args]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(reason);
    }
  });
});
