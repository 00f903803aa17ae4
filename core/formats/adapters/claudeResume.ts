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
import { FormatError } from '../types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isSessionUuid(id: string): boolean {
  return UUID.test(id);
}

/** The file name Claude Code looks for: `<sessionId>.jsonl`. */
export function sessionFileName(sessionId: string): string {
  return `${sessionId}.jsonl`;
}

/** The command that resumes the session, run in the project's directory. */
export function resumeCommand(sessionId: string): string {
  return `claude --resume ${sessionId}`;
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
