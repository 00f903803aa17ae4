/** The built `serve` in its own process, for the benches whose runs would block an in-process host. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/shared.js';

/**
 * The built `serve` in its own process, as a person runs it: the e2e fixture's in-process host
 * would block this process (and its probes) while the run's synchronous stages work.
 */
export async function serve(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/app/cli/main.js'), 'serve', '--port', '0'], {
    cwd: dir,
    env: { ...process.env, DECISION_MODEL_BACKEND: 'offline' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/\S+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  return { url, child };
}
