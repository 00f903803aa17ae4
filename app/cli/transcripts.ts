/**
 * Reading transcripts for `eval` and `npm run fit`: every conversation of every file named or
 * found in a folder, in any native format `formats` lists (SPEC §9). Every file goes through
 * the one bounded reader (app/inputFiles.ts): a FIFO or a device in a folder is skipped by its
 * type before a byte is read, and all files together stay within this process's memory budget.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { memoryBudgetBytes } from '../budget.js';
import { deepInputIn } from '../../core/engine/depth.js';
import type { Message } from '../../core/engine/schema.js';
import type { InspectedSource } from '../../core/formats/index.js';
import { liveMessages } from '../../core/formats/compactions.js';
import { FormatError, inspectSource, openConversation } from '../../core/formats/index.js';
import { readInputSource, UnreadableFile } from '../inputFiles.js';
import { UsageError } from './args.js';

export interface Transcript {
  /** The file, or `file#key` for one conversation of a file that holds several. */
  source: string;
  /** The file the conversation was read from. */
  file: string;
  /** The SHA-256 of the file's bytes as read. */
  sha256: string;
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
      // A symlink to a folder is not followed (no loops); one to a file is read, by its target's type.
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : historyFiles(path);
      return /\.(jsonl?|ndjson|traj|eval)$/i.test(entry.name) ? [path] : [];
    });
}

interface ReadFile {
  source: InspectedSource;
  sha256: string;
  /** What the file holds of the budget: its bytes, and an .eval's samples inflated. */
  held: number;
}

/** One file read and parsed; throws a one-line Error (UnreadableFile, FormatError or the depth refusal). */
function readHistoryFile(file: string, maxBytes: number): ReadFile {
  const { text, bytes } = readInputSource(file, { maxBytes });
  // A ZIP inflates within what is left of the budget beside its bytes (app/budget.ts).
  const source = inspectSource(text, undefined, { maxInflatedBytes: Math.max(0, maxBytes - bytes.length) });
  // An .eval's samples stay held inflated: they count against the budget of the files after it.
  const doc = source.doc;
  const inflated = doc.kind === 'json' && doc.eval ? doc.eval.samples.reduce((n, s) => n + s.text.length, 0) : 0;
  return { source, sha256: createHash('sha256').update(bytes).digest('hex'), held: bytes.length + inflated };
}

/**
 * Every conversation of every file, in any native format (SPEC §9): a file with several
 * conversations gives one transcript each (`file#key`). Named files must load (exit 2 with one
 * line); a file found in a folder that cannot be read (a FIFO, a device, too large, not UTF-8)
 * or is not a history is skipped with a note naming why, and so are empty conversations and
 * conversations a run would refuse (a call input nested past the depth bound).
 */
export function readTranscripts(paths: readonly string[], warn: (line: string) => void): Transcript[] {
  const out: Transcript[] = [];
  let left = memoryBudgetBytes();
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    for (const file of isDir ? historyFiles(path) : [path]) {
      let read: ReadFile;
      try {
        read = readHistoryFile(file, left);
      } catch (error) {
        if (!(error instanceof UnreadableFile || error instanceof FormatError)) throw error;
        const reason = (error instanceof UnreadableFile ? error.detail : error.message).split('\n')[0];
        if (!isDir) throw new UsageError(`${file}: ${reason}`);
        warn(`skipping ${file}: ${reason}`);
        continue;
      }
      left -= read.held;
      const { source } = read;
      for (const { key } of source.conversations) {
        const name = source.conversations.length > 1 ? `${file}#${key}` : file;
        try {
          const { read: conversation } = openConversation(source, key);
          // A conversation its agent compacted is measured on its live context only (SPEC §9).
          const messages = liveMessages(conversation);
          const deep = deepInputIn(messages);
          if (messages.length < conversation.messages.length)
            warn(
              `${name}: live context only, from message ${conversation.messages.length - messages.length + 1} (the agent compacted what came before)`,
            );
          if (messages.length === 0) warn(`skipping ${name}: no messages (${conversation.notes.kept})`);
          else if (deep !== null) warn(`skipping ${name}: ${deep}`);
          else
            out.push({
              source: name,
              file,
              sha256: read.sha256,
              format: source.format,
              messages,
            });
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          warn(`skipping ${name}: ${error.message.split('\n')[0]}`);
        }
      }
    }
  }
  return out;
}
