/**
 * The built `serve` command as a child process (the real host, measured on its own): its
 * URL and token from stdout, its resident memory from /proc, and a SIGTERM to stop it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, cleanEnv } from '../../app/cli/support.js';

export interface ServeChild {
  child: ChildProcess;
  base: string;
  token: string;
  /** Resident set size in MB, or null where /proc is not available. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

export async function startServeChild(env: Record<string, string> = {}): Promise<ServeChild> {
  const cwd = mkdtempSync(join(tmpdir(), 'ci-serve-'));
  const child = spawn(process.execPath, [CLI, 'serve'], {
    cwd,
    env: cleanEnv({ DECISION_MODEL_BACKEND: 'offline', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (match) resolve(new URL(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    base: url.origin,
    token: url.searchParams.get('token') ?? '',
    rssMb: () => {
      try {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return kb ? Math.round(Number(kb[1]) / 1024) : null;
      } catch {
        return null;
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
