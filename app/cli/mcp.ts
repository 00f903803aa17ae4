/**
 * `mcp [--archive-dir DIR]...` (SPEC §9 "Restore server"): the restore server on stdio, so an
 * agent given a compacted history can read back what was shortened. stdout carries the
 * protocol only; anything for a person goes to stderr. Runs until the client closes stdin.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { memoryBudgetBytes } from '../budget.js';
import { EXIT } from '../host/errors.js';
import { ArchiveStore, archiveRootsOf } from '../mcp/archives.js';
import { wholeLines } from '../mcp/lines.js';
import { createRestoreServer } from '../mcp/server.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { UsageError } from './args.js';
import { readPolicyFlag } from './policy.js';

const USAGE =
  'usage: compaction-inspector mcp [--archive-dir DIR]... [--policy FILE] (archives: the working directory by default; compact_context applies the policy file under its arguments)';

export async function run(argv: string[]): Promise<number> {
  let dirs: string[];
  let policy: PolicyFile | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        'archive-dir': { type: 'string', multiple: true },
        policy: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.success;
    }
    dirs = values['archive-dir'] ?? [process.cwd()];
    policy = values.policy === undefined ? undefined : readPolicyFlag(values.policy);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mcp: ${error.message}\n`);
      return EXIT.invalid_input;
    }
    process.stderr.write(`mcp: ${(error as Error).message.split('\n')[0]} (${USAGE})\n`);
    return EXIT.invalid_input;
  }
  let roots: string[];
  try {
    roots = await archiveRootsOf(dirs);
  } catch (error) {
    process.stderr.write(`mcp: ${(error as Error).message}\n`);
    return EXIT.invalid_input;
  }
  const server = createRestoreServer(new ArchiveStore(roots), { policy });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  // The SDK drops a message over 10 MB without an answer; a compact_context history or an
  // oversized argument may be bigger, and is refused in a sentence only if it is read.
  const limit = memoryBudgetBytes();
  const input = process.stdin.pipe(wholeLines(limit));
  await server.connect(new StdioServerTransport(input, process.stdout, { maxBufferSize: limit }));
  await closed;
  await server.close();
  return EXIT.success;
}
