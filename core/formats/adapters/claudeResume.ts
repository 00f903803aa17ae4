/**
 * An exported Claude Code session written as a new session that `claude --resume <id>` opens
 * (SPEC §9: back into the agent in one step), beside the original, which stays untouched.
 * Claude Code finds a session by its file, `~/.claude/projects/<project>/<sessionId>.jsonl`,
 * and its `-p --resume` accepts only a UUID (Claude Code 2.1: "--resume requires a valid
 * session ID … is not a UUID"); every line carries the `sessionId` it belongs to, so each one
 * gets the fresh id. Only the value of each line's top-level `sessionId` changes: every other
 * byte of the line is the export's own.
 */
import { isRecord } from '../document.js';
import type { ExportAs, FormatId } from '../types.js';
import { FormatError } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSessionUuid(id: string): boolean {
  return UUID.test(id);
}

/** Whether an export can also be written as a resumable session: a Claude Code session, exported as one. */
export function canResume(format: FormatId, as: ExportAs): boolean {
  return format === 'claude-code' && as === 'source';
}

/** The file name Claude Code looks for: `<sessionId>.jsonl`. */
export function sessionFileName(sessionId: string): string {
  return `${sessionId}.jsonl`;
}

/** The command that resumes the session, run in the project's directory. */
export function resumeCommand(sessionId: string): string {
  return `claude --resume ${sessionId}`;
}

/**
 * The folder under `~/.claude/projects/` that Claude Code keeps a project's sessions in: its
 * directory with every non-alphanumeric character as '-'.
 */
export function projectFolderName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

/** Whether a path is a session file under Claude Code's projects folder (`…/.claude/projects/<project>/<id>.jsonl`). */
export function isProjectSessionPath(path: string): boolean {
  return /[\\/]\.claude[\\/]projects[\\/][^\\/]+[\\/][^\\/]+\.jsonl$/.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One line with its top-level `sessionId` set to `sessionId`, spliced in place when it can be. */
function relabelLine(line: string, sessionId: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isRecord(record) || typeof record.sessionId !== 'string') return line;
  const old = JSON.stringify(record.sessionId);
  const spliced = line.replace(
    new RegExp(`("sessionId"\\s*:\\s*)${escapeRegExp(old)}`),
    (_, key: string) => `${key}${JSON.stringify(sessionId)}`,
  );
  try {
    const check: unknown = JSON.parse(spliced);
    if (isRecord(check) && check.sessionId === sessionId) return spliced;
  } catch {
    // The splice hit a nested key: fall through to writing the record.
  }
  return JSON.stringify({ ...record, sessionId });
}

/**
 * The session `text` (an export of a `claude-code` file) as a new session `sessionId`: every
 * line's `sessionId` replaced, nothing else. `sessionId` must be a UUID, or resume refuses it.
 */
export function resumableSession(text: string, sessionId: string): string {
  if (!isSessionUuid(sessionId))
    throw new FormatError(`a resumable session needs a UUID session id, not "${sessionId}"`, 'invalid_shape');
  return text
    .split(/(\r?\n)/)
    .map((part, i) => (i % 2 === 1 || part.trim() === '' ? part : relabelLine(part, sessionId)))
    .join('');
}

/**
 * The directory the session was recorded in: the `cwd` of its first line that has one (Claude
 * Code writes it on every message line). Resume looks for the session under that project.
 */
export function sessionCwdOf(text: string): string | null {
  for (const line of text.split('\n')) {
    if (!line.includes('"cwd"')) continue;
    try {
      const record: unknown = JSON.parse(line);
      if (isRecord(record) && typeof record.cwd === 'string') return record.cwd;
    } catch {
      // Not a record: the next line may be.
    }
  }
  return null;
}

/** A resumable session as written: where, its id, and the directory it was recorded in. */
export interface WrittenSession {
  path: string;
  sessionId: string;
  /** Written into the source's own project folder, where `claude --resume` finds it as it is. */
  inProject: boolean;
  cwd: string | null;
}

/**
 * How to resume a written session: the folder to move it into first when it was not written in
 * its project's (Claude Code reads `~/.claude/projects/<project>/` only), and the command, run in
 * the session's directory when it is known.
 */
export function resumeSteps(session: WrittenSession): { moveInto: string | null; command: string } {
  const command = resumeCommand(session.sessionId);
  const project =
    session.cwd !== null
      ? projectFolderName(session.cwd)
      : "<the project directory with every non-alphanumeric character as '-'>";
  return {
    moveInto: session.inProject ? null : `~/.claude/projects/${project}/`,
    command: session.cwd !== null ? `cd ${JSON.stringify(session.cwd)} && ${command}` : command,
  };
}

/** The steps as one line (the command line's `resume it:`). */
export function resumeStep(session: WrittenSession): string {
  const { moveInto, command } = resumeSteps(session);
  return moveInto !== null ? `move it into ${moveInto}, then ${command}` : command;
}
