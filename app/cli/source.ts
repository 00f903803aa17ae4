/**
 * `messages=` as a native source (SPEC §9 "Sources"): detect the format (or take `--format`),
 * choose the conversation (`--conversation`, or the only one).
 */
import { existsSync } from 'node:fs';
// Not the formats index: it loads every format's adapter, and a compaction needs one.
import { openSourceLazily } from '../../core/formats/lazy.js';
import type { OpenedSource } from '../../core/formats/open.js';
import { FormatError } from '../../core/formats/types.js';
import { inflateBudgetBytes } from '../budget.js';
import { firstLine, UsageError } from './args.js';

export interface SourceChoice {
  format?: string;
  conversation?: string;
}

/** Opens `text` as a history; every problem is a one-line usage error naming `messages`. */
export async function openMessages(
  text: string | Uint8Array,
  raw: string,
  choice: SourceChoice,
): Promise<OpenedSource> {
  try {
    // A ZIP inflates within what the heap rule leaves beside its bytes (app/budget.ts).
    const maxInflatedBytes = typeof text === 'string' ? undefined : inflateBudgetBytes(text.length);
    return await openSourceLazily(text, { ...choice, maxInflatedBytes });
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
