/**
 * `messages=` as a native source (SPEC §9 "Sources"): detect the format (or take `--format`),
 * choose the conversation (`--conversation`, or the only one), and write `--out` in the
 * source's own format — never over a file the command read, however its path is spelled.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OpenedSource, Proposal } from '../../core/formats/index.js';
import { exportSource, FormatError, openSource } from '../../core/formats/index.js';
import { writeAtomic } from '../electron/files.js';
import { firstLine, UsageError } from './args.js';

export interface SourceChoice {
  format?: string;
  conversation?: string;
}

/** Opens `text` as a history; every problem is a one-line usage error naming `messages`. */
export function openMessages(text: string, raw: string, choice: SourceChoice): OpenedSource {
  try {
    return openSource(text, choice);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const hint = error.reason === 'not_json' && looksLikePath(raw) ? `; to read the file, write messages=@${raw}` : '';
    const flag =
      error.reason === 'conversation_required' || error.reason === 'unknown_conversation'
        ? '; pass --conversation KEY'
        : error.reason === 'no_tool_calls'
          ? '; pass --format ID'
          : '';
    throw new UsageError(`messages: ${firstLine(error.message)}${flag}${hint}`);
  }
}

/** A value that was meant as a file: the `@` was forgotten. */
function looksLikePath(raw: string): boolean {
  if (raw.startsWith('@') || /^\s*[[{]/.test(raw)) return false;
  return /[\\/]/.test(raw) || /\.(jsonl?|ndjson|traj|txt)$/i.test(raw) || existsSync(raw);
}

/** True when `a` and `b` name the same file: one inode (links, case-insensitive disks) or one real path. */
export function isSameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    // One of them does not exist (yet): only the spelling of an existing parent can still match.
  }
  try {
    return realpathSync(resolve(a)) === realpathSync(resolve(b));
  } catch {
    return resolve(a) === resolve(b);
  }
}

/** Refuses an output path that is one of the inputs (exit 2 before any work is done). */
export function checkOutPath(out: string, inputs: readonly string[]): void {
  for (const input of inputs)
    if (isSameFile(out, input)) throw new UsageError(`--out: ${out} is the input file ${input}; choose another path`);
}

/** Writes the proposal in the source's own format and container (atomically). */
export function writeOut(out: string, source: OpenedSource, proposal: Proposal): void {
  const text = exportSource(source, proposal);
  try {
    writeAtomic(out, text);
  } catch (error) {
    throw new UsageError(
      `--out: cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
