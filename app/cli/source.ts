/**
 * `messages=` as a native source (SPEC §9 "Sources"): detect the format (or take `--format`),
 * choose the conversation (`--conversation`, or the only one).
 */
import { existsSync } from 'node:fs';
import type { OpenedSource } from '../../core/formats/index.js';
import { FormatError, openSource } from '../../core/formats/index.js';
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
