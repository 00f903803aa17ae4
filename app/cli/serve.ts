/**
 * `serve [--port N] [--policy FILE]`: the local web host on 127.0.0.1 with a per-launch token, printing the
 * URL to open. Runs until interrupted.
 */
import { parseArgs } from 'node:util';
import { classify, EXIT } from '../host/errors.js';
import { setupHost } from '../host/setup.js';
import { startWebHost } from '../server/http.js';
import { newToken } from '../server/security.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { readPolicyFlag } from './policy.js';

export async function run(argv: string[]): Promise<number> {
  let port = 0;
  let policy: PolicyFile | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, policy: { type: 'string' } },
      strict: true,
    });
    policy = values.policy === undefined ? undefined : readPolicyFlag(values.policy);
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`--port: expected an integer 0–65535, got "${values.port}"`);
    }
  } catch (error) {
    process.stderr.write(
      `serve: ${(error as Error).message.split('\n')[0]} (usage: serve [--port N] [--policy FILE])\n`,
    );
    return EXIT.invalid_input;
  }
  let setup;
  try {
    setup = setupHost('web', { policy });
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return failure.exit;
  }
  for (const warning of setup.config.warnings) process.stderr.write(`${warning}\n`);
  const host = await startWebHost({ port, token: newToken(), setup });
  process.stdout.write(`Compaction Inspector: ${host.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await host.close();
  return EXIT.success;
}
