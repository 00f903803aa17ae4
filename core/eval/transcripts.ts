/**
 * The transcripts one history file holds, for `eval`, `npm run fit` and the inspector's
 * workspace: every conversation of the file in any native format (SPEC §9), each its own
 * transcript (`file#key` when the file holds several), measured on its live context only.
 */
import { deepInputIn } from '../engine/depth.js';
import type { Message } from '../engine/schema.js';
import { liveMessages } from '../formats/compactions.js';
import type { InspectedSource } from '../formats/index.js';
import { FormatError, openConversation } from '../formats/index.js';

/** The file names a folder's histories have: what `eval` and the workspace read from a folder. */
export const HISTORY_FILE_NAME = /\.(jsonl?|ndjson|traj|eval)$/i;

export interface Transcript {
  /** The file, or `file#key` for one conversation of a file that holds several. */
  source: string;
  /** The file the conversation was read from. */
  file: string;
  /** The file's place among every file measured together, in reading order (what `--shard` slices). */
  fileIndex: number;
  /** The SHA-256 of the file's bytes as read. */
  sha256: string;
  format: string;
  /** The public repository the file came from, as its folder's manifest names it (provenance.ts); null when none does. */
  repository: string | null;
  messages: Message[];
}

/**
 * Every conversation of `source` (the file `file`, already detected) as a transcript. Empty
 * conversations and those a run would refuse (a call input nested past the depth bound) are
 * skipped, and a conversation its agent compacted is cut to its live context, each with a note.
 */
export function transcriptsOf(
  source: InspectedSource,
  file: { name: string; index: number; sha256: string; repository?: string | null },
  warn: (line: string) => void,
): Transcript[] {
  const out: Transcript[] = [];
  for (const { key } of source.conversations) {
    const name = source.conversations.length > 1 ? `${file.name}#${key}` : file.name;
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
          file: file.name,
          fileIndex: file.index,
          sha256: file.sha256,
          format: source.format,
          repository: file.repository ?? null,
          messages,
        });
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      warn(`skipping ${name}: ${error.message.split('\n')[0]}`);
    }
  }
  return out;
}
