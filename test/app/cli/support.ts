/**
 * Runs the built command line as a real child process, in its own temporary directory and
 * with a clean environment (no DECISION_MODEL_* or CLASSIFIER_* leaking in from the shell).
 * dist/ is built once per vitest run by the `slow` project's globalSetup (test/support/build.ts).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_BUILT } from '../../support/build.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI = join(ROOT, 'dist/app/cli/main.js');

/**
 * A cheap guard for a test that runs dist/: throws unless this vitest run built it, which only
 * the slow project does (a `*.slow.test.ts` file), so no test runs against a stale build.
 */
export function ensureBuilt(): void {
  if (process.env[DIST_BUILT] === '1') return;
  throw new Error(
    'this test runs the built dist/, which this run did not build: name its file *.slow.test.ts (vitest.config.ts)',
  );
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DECISION_MODEL_|CLASSIFIER_)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

export function runCli(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliResult> {
  return resultOf(spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: cleanEnv(options.env) }));
}

/** A spawned process's exit code and whole stdout and stderr, once it has closed. */
export function resultOf(child: ChildProcessWithoutNullStreams): Promise<CliResult> {
  return new Promise((done, fail) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', fail);
    child.on('close', (code) =>
      done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/** A fresh directory per test; removed by the returned cleanup. */
export function tempDir(): { dir: string; write(name: string, text: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ci-cli-'));
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The source document's §8 example, exactly as in seed/context_compaction.md. */
export const EXAMPLE = {
  goal: 'Fix payment retries; the completed icon search is irrelevant',
  eligible_tool_names: '["search_code"]',
  options: '{"preserve_recent_messages":1}',
  messages:
    '[{"id":"m0","role":"user","content":[{"type":"text","text":"Preserve payment source; clean old icon searches"}]},{"id":"m1","role":"assistant","content":[{"type":"tool_call","id":"c1","name":"search_code","input":"{\\"pattern\\":\\"logo\\",\\"path\\":\\"web/icons\\"}","state":"finished"},{"type":"tool_result","id":"c1","name":"search_code","output":"Icon paths from a completed task","state":"success"}]},{"id":"m2","role":"user","content":[{"type":"text","text":"Now focus on payment retries"}]}]',
};

export function exampleArgs(overrides: Partial<Record<string, string>> = {}): string[] {
  return Object.entries({ ...EXAMPLE, ...overrides }).map(([key, value]) => `${key}=${value}`);
}

/** stderr without the restore server's configuration, which every `--out` prints after its files (SPEC §9). */
export function withoutRestoreNote(stderr: string): string {
  const at = stderr.indexOf('Restore server (MCP) for this folder');
  return at === -1 ? stderr : stderr.slice(0, at);
}
