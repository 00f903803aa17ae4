/**
 * `hook pre-compact` and `install claude-code` as Claude Code meets them (docs/claude-code.md): the
 * hook never stands in the agent's way — bad input or a broken policy fails open (exit 1, one
 * line, nothing on stdout, which Claude Code would take as summary instructions) — and applies a
 * proposal only by the policy's explicit auto-apply rule, writing what `verify` accepts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, ensureBuilt, resultOf, runCli, tempDir } from './support.js';
import { liveSession, runPreCompactHook } from '../../support/liveSession.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const formats = sharedPath('formats');
const SESSION = join(formats ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function home(): string {
  const dir = tempDir();
  cleanups.push(dir.cleanup);
  return dir.dir;
}

describe('hook pre-compact', () => {
  ensureBuilt();

  it('§9 a wrong argument is bad usage (exit 2); unreadable input fails open with one line and no stdout', async () => {
    const dir = home();
    const usage = await runCli(['hook', 'post-compact'], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: hook pre-compact/);
    const child = spawn(process.execPath, [CLI, 'hook', 'pre-compact'], { cwd: dir, env: cleanEnv() });
    child.stdin.end('{"hook_event_name": "PreCompact"');
    const failed = await resultOf(child);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toMatch(/^Compaction Inspector did not propose a compaction/);
  });

  it.skipIf(formats === null)(
    `§9 a policy that is not one fails open, naming the file ${formats === null ? sharedSkipReason('formats') : ''}`,
    async () => {
      const dir = home();
      const session = liveSession(dir, SESSION);
      const result = await runPreCompactHook(session, join(dir, 'queue'), { compaction_policy: 2 });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('compaction-policy.json');
      expect(existsSync(join(dir, 'queue'))).toBe(false);
    },
  );

  it.skipIf(formats === null)(
    '§9 without an auto-apply rule nothing is applied: the proposal waits, and the agent goes on when nobody decides',
    async () => {
      const dir = home();
      const session = liveSession(dir, SESSION);
      const before = readdirSync(join(session.transcriptPath, '..'));
      const result = await runPreCompactHook(session, join(dir, 'queue'), { approval_wait_seconds: 0 });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(readdirSync(join(session.transcriptPath, '..'))).toEqual(before);
      const entries = readdirSync(join(dir, 'queue')).filter((name) => name !== 'events.jsonl');
      expect(entries).toHaveLength(1);
      expect(readdirSync(join(dir, 'queue', entries[0] as string)).sort()).toEqual(['entry.json', 'original.jsonl']);
    },
  );

  it.skipIf(formats === null)(
    '§9 the policy’s auto-apply rule applies at once: blocked with the resume command, and verify accepts the record',
    async () => {
      const dir = home();
      const session = liveSession(dir, SESSION);
      const result = await runPreCompactHook(session, join(dir, 'queue'), { auto_apply_margin: 0 }, 'auto');
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      const resumeId = /claude --resume ([0-9a-f-]{36})/.exec(result.stderr)?.[1];
      expect(resumeId).toBeDefined();
      expect(existsSync(join(session.transcriptPath, '..', `${resumeId}.jsonl`))).toBe(true);
      expect(readFileSync(join(session.project, '.mcp.json'), 'utf8')).toContain('"--archive-dir"');
      const archives = join(dir, 'queue', 'archives');
      const [project] = readdirSync(archives);
      const audit = readdirSync(join(archives, project as string)).find((name) => name.endsWith('.audit.json'));
      const verified = await runCli(['verify', join(archives, project as string, audit as string)], { cwd: dir });
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    },
  );
});

describe('install claude-code', () => {
  it('§9 installs into the project settings, keeps what is there, and uninstall takes only ours out', async () => {
    const dir = home();
    mkdirSync(join(dir, '.claude'));
    const settings = { permissions: { allow: ['Read'] } };
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings));
    const installed = await runCli(['install', 'claude-code'], { cwd: dir, env: { HOME: dir } });
    expect(installed.code, installed.stderr).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as {
      hooks: { PreCompact: Array<{ hooks: Array<{ command: string }> }> };
    };
    expect(written).toMatchObject(settings);
    expect(written.hooks.PreCompact[0]?.hooks[0]?.command).toMatch(/main\.js hook pre-compact$/);
    const removed = await runCli(['uninstall', 'claude-code'], { cwd: dir, env: { HOME: dir } });
    expect(removed.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'))).toEqual(settings);
  });

  it('§9 a settings file that is not JSON is refused and left as it is (exit 2)', async () => {
    const dir = home();
    mkdirSync(join(dir, '.claude'));
    writeFileSync(join(dir, '.claude', 'settings.json'), '{ "model": ');
    const result = await runCli(['install', 'claude-code', '--project'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not JSON/);
    expect(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).toBe('{ "model": ');
    expect((await runCli(['install', 'codex'], { cwd: dir })).code).toBe(2);
  });
});
