/**
 * SPEC §9 "back into the agent in one step", for every host that writes files (the command
 * line's `--out --resumable`, Electron's export): the snapshot just written, again as a new
 * Claude Code session with a fresh sessionId in every line (core/formats/adapters/claudeResume.ts)
 * — in the source's own session folder when it came from `~/.claude/projects/<project>/`, where
 * `claude --resume` finds it as it is, else beside the snapshot. The source and the snapshot stay
 * as they are; an existing file is never replaced (the id is fresh, the file opened with `wx`).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { WrittenSession } from '../../core/formats/index.js';
import { isProjectSessionPath, resumableSession, sessionCwdOf, sessionFileName } from '../../core/formats/index.js';

/**
 * Writes `text` (the exported snapshot, written at `exportPath`) as a new session; `from` is the
 * file the source was read from, when there was one. Throws Node's error when the file cannot be written.
 */
export function writeResumableSession(text: string, exportPath: string, from: string | null): WrittenSession {
  const sessionId = randomUUID();
  const inProject = from !== null && isProjectSessionPath(resolve(from));
  const folder = dirname(resolve(inProject ? (from as string) : exportPath));
  const path = join(folder, sessionFileName(sessionId));
  writeFileSync(path, resumableSession(text, sessionId), { flag: 'wx' });
  return { path, sessionId, inProject, cwd: sessionCwdOf(text) };
}
