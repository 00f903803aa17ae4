/**
 * The real Claude Code client (`@anthropic-ai/claude-code` 2.1) for interop tests. It is not a
 * dependency of the project: installed it weighs 235 MB (its native binary comes in
 * `@anthropic-ai/claude-code-linux-x64`), which every `npm ci` would pay for. `.ci/run` installs
 * it on demand into a cache folder (CLAUDE_CODE_CACHE below) and then requires it; elsewhere a
 * test that finds no binary there skips with one line.
 *
 * `resumeSession` resumes a session as a user would, offline: a temporary HOME holding the
 * session at `$HOME/.claude/projects/<cwd with every non-alphanumeric character as '-'>/<id>.jsonl`,
 * the API at a fake server on 127.0.0.1, `claude --resume <id> -p hi`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The cache folder `.ci/run` installs Claude Code into (outside node_modules). */
export const CLAUDE_CODE_CACHE =
  process.env.COMPACTION_CLAUDE_CODE_DIR ?? join(homedir(), '.cache/compaction-inspector/claude-code');

/** Set by `.ci/run` once Claude Code is installed: then a missing binary fails instead of skipping. */
export const CLAUDE_CODE_REQUIRED = process.env.COMPACTION_REQUIRE_CLAUDE_CODE === '1';

/** The installed `claude` entry point, or null when the cache holds none (required and absent throws). */
export function claudeCodeBin(): string | null {
  const bin = join(CLAUDE_CODE_CACHE, 'node_modules', '.bin', 'claude');
  if (existsSync(bin)) return bin;
  if (CLAUDE_CODE_REQUIRED) throw new Error(`${bin} is absent, and COMPACTION_REQUIRE_CLAUDE_CODE=1 requires it`);
  return null;
}

/** The one line a suite gives when it skips for want of the client. */
export function claudeCodeSkipReason(): string {
  return `skipped: Claude Code is not installed in ${CLAUDE_CODE_CACHE} (npm install --prefix ${CLAUDE_CODE_CACHE} @anthropic-ai/claude-code@2.1)`;
}

/** Claude Code's project folder name for a working directory. */
export function projectFolderName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

export interface ResumeResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Resumes `sessionId` from `sessionText` (a session file's contents) in a fresh HOME, with `cwd`
 * as the project directory, against `baseUrl`. The temporary HOME is removed afterwards.
 */
export async function resumeSession(options: {
  bin: string;
  baseUrl: string;
  sessionId: string;
  sessionText: string;
  timeoutMs?: number;
}): Promise<ResumeResult> {
  const home = mkdtempSync(join(tmpdir(), 'claude-home-'));
  try {
    const cwd = join(home, 'project');
    mkdirSync(cwd);
    const folder = join(home, '.claude', 'projects', projectFolderName(cwd));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${options.sessionId}.jsonl`), options.sessionText);
    return await runClaude(options.bin, ['--resume', options.sessionId, '-p', 'hi'], {
      cwd,
      home,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 60_000,
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Runs the client with only the environment it needs: nothing of the caller's own HOME or keys. */
export function runClaude(
  bin: string,
  args: string[],
  options: { cwd: string; home: string; baseUrl: string; timeoutMs: number },
): Promise<ResumeResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: options.home,
    ANTHROPIC_BASE_URL: options.baseUrl,
    ANTHROPIC_API_KEY: 'dummy',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
  return new Promise((done, fail) => {
    const child = spawn(bin, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}
