/** Starts the real web host in-process on 127.0.0.1 with a temp cwd (no stray .env), a known token and the built renderer. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebHost } from '../../../app/server/http.js';
import { startWebHost } from '../../../app/server/http.js';
import { newToken, TOKEN_HEADER } from '../../../app/server/security.js';
import { setupHost } from '../../../app/host/setup.js';

export interface TestHost {
  host: WebHost;
  token: string;
  base: string;
  /** A JSON POST carrying the per-launch token. */
  post(path: string, body: unknown): ReturnType<typeof rawRequest>;
  close(): Promise<void>;
}

export async function startTestHost(env: Record<string, string> = {}): Promise<TestHost> {
  const cwd = mkdtempSync(join(tmpdir(), 'ci-host-'));
  const token = newToken();
  const setup = setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline', ...env }, cwd });
  // The built renderer: run from source, the host's default would be the unbuilt renderer/ folder.
  const host = await startWebHost({
    token,
    setup,
    rendererDir: fileURLToPath(new URL('../../../dist/renderer/', import.meta.url)),
  });
  return {
    host,
    token,
    base: `http://127.0.0.1:${host.port}`,
    post: (path, body) =>
      rawRequest(host.port, {
        method: 'POST',
        path,
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    close: async () => {
      await host.close();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/** A raw request with exactly the headers given (fetch would add or forbid some, like Host). */
export async function rawRequest(
  port: number,
  init: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: init.method ?? 'GET',
        path: init.path,
        headers: { host: `127.0.0.1:${port}`, ...init.headers },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
