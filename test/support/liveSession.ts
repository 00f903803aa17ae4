/**
 * A live Claude Code session whose compaction waits in the approval queue, made as the installed
 * hook makes it: the shared session under a fresh id in `<home>/.claude/projects/<project>/`, and
 * the real `hook pre-compact` run on it with Claude Code's PreCompact input on stdin.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, resultOf } from '../app/cli/support.js';
import type { CliResult } from '../app/cli/support.js';

export interface LiveSession {
  project: string;
  sessionId: string;
  transcriptPath: string;
}

/** Copies `sessionFile` in as a live session of a project under `home`, every line's ids its own. */
export function liveSession(home: string, sessionFile: string): LiveSession {
  const project = join(home, 'project');
  const sessionId = randomUUID();
  const folder = join(home, '.claude', 'projects', project.replace(/[^a-zA-Z0-9]/g, '-'));
  mkdirSync(folder, { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  const lines = readFileSync(sessionFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const text = lines
    .map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      if ('sessionId' in record) record.sessionId = sessionId;
      if ('cwd' in record) record.cwd = project;
      return JSON.stringify(record);
    })
    .join('\n');
  const transcriptPath = join(folder, `${sessionId}.jsonl`);
  writeFileSync(transcriptPath, `${text}\n`);
  return { project, sessionId, transcriptPath };
}

/** Runs the hook as Claude Code would before a compaction, with `policy` as the project's policy file. */
export function runPreCompactHook(
  session: LiveSession,
  queueDir: string,
  policy: Record<string, unknown>,
  trigger: 'manual' | 'auto' = 'manual',
): Promise<CliResult> {
  writeFileSync(
    join(session.project, '.claude', 'compaction-policy.json'),
    JSON.stringify({ compaction_policy: 1, ...policy }),
  );
  const child = spawn(process.execPath, [CLI, 'hook', 'pre-compact'], {
    cwd: session.project,
    env: cleanEnv({ COMPACTION_INSPECTOR_QUEUE_DIR: queueDir }),
  });
  child.stdin.end(
    JSON.stringify({
      session_id: session.sessionId,
      transcript_path: session.transcriptPath,
      cwd: session.project,
      hook_event_name: 'PreCompact',
      trigger,
      custom_instructions: null,
    }),
  );
  return resultOf(child);
}
