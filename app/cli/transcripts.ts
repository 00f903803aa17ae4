/**
 * Reading transcripts for `eval` and `npm run fit`: every conversation of every file named or
 * found in a folder, in any native format `formats` lists (SPEC §9).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../../core/engine/schema.js';
import type { InspectedSource } from '../../core/formats/index.js';
import { FormatError, inspectSource, openConversation } from '../../core/formats/index.js';
import { UsageError } from './args.js';

export interface Transcript {
  /** The file, or `file#key` for one conversation of a file that holds several. */
  source: string;
  /** The file the conversation was read from. */
  file: string;
  format: string;
  messages: Message[];
}

/** Files a folder holds that may be histories, recursively, in a stable order (dot folders skipped). */
function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : historyFiles(path);
      return /\.(jsonl?|ndjson|traj)$/i.test(entry.name) ? [path] : [];
    });
}

/**
 * Every conversation of every file, in any native format (SPEC §9): a file with several
 * conversations gives one transcript each (`file#key`). Named files must load; files found in
 * a folder that are not histories are skipped with a note, and so are empty conversations.
 */
export function readTranscripts(paths: readonly string[], warn: (line: string) => void): Transcript[] {
  const out: Transcript[] = [];
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    for (const file of isDir ? historyFiles(path) : [path]) {
      let source: InspectedSource;
      try {
        source = inspectSource(readFileSync(file, 'utf8'));
      } catch (error) {
        const reason =
          error instanceof FormatError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
        if (!isDir) throw new UsageError(`${file}: ${reason.split('\n')[0]}`);
        warn(`skipping ${file}: ${reason.split('\n')[0]}`);
        continue;
      }
      for (const { key } of source.conversations) {
        const name = source.conversations.length > 1 ? `${file}#${key}` : file;
        try {
          const { read } = openConversation(source, key);
          if (read.messages.length === 0) warn(`skipping ${name}: no messages (${read.notes.kept})`);
          else out.push({ source: name, file, format: source.format, messages: read.messages });
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          warn(`skipping ${name}: ${error.message.split('\n')[0]}`);
        }
      }
    }
  }
  return out;
}
