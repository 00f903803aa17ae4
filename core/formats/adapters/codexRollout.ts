/**
 * `codex-rollout`: a Codex CLI session rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).
 * Each `response_item` line carries one Responses item (responsesItems.ts); `session_meta`,
 * `turn_context`, `event_msg` and lines of later variants are kept untouched in their order.
 *
 * How Codex resumes, from openai/codex codex-rs/core/src/rollout/replay.rs @ 6b042721: the
 * response items are replayed in order; a `compacted` line with `replacement_history` replaces
 * everything before it with that item list; one without rebuilds the history from the items
 * before the first user turn, the user messages so far and `message` (the summary); an
 * `event_msg` `thread_rolled_back` drops the last `num_turns` user turns. So a `compacted`
 * line is read in place: its replacement items (or its summary, as the user message Codex
 * sends) are messages of ours, and the live context starts there (`compactions`). Editing a
 * replacement item edits the line Codex resumes from.
 *
 * There is no error flag on outputs (SOURCES.md §11): an output is read as an error when it
 * starts with `Error:`, when its first line is `Exit code: N` with N ≠ 0, or when it is the JSON
 * text Codex's shell tool writes (`{"output": …, "metadata": {"exit_code": N}}`) with N ≠ 0.
 */
import { applyProposal } from '../apply.js';
import { isRecord, serializeRecords, valueAt } from '../document.js';
import { startsWithError } from '../ids.js';
import type { CompactionBoundary, FormatAdapter, JsonPath, ReadConversation, SourceText } from '../types.js';
import { FormatError } from '../types.js';
import { codexRolloutInfo, rolloutRecords } from '../detect/codexRollout.js';
import { ResponsesItemReader, setItemOutput } from './responsesItems.js';

export const CODEX_ERROR_NOTE =
  'no error flag: error when the output starts with "Error:" or reports a non-zero exit code ("Exit code: N", or metadata.exit_code in the shell tool’s JSON output)';

export function isCodexError(text: string): boolean {
  if (startsWithError(text)) return true;
  const exit = /^Exit code: (-?\d+)/.exec(text);
  if (exit) return Number(exit[1]) !== 0;
  if (!text.startsWith('{')) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    const code = isRecord(parsed) && isRecord(parsed.metadata) ? parsed.metadata.exit_code : undefined;
    return typeof code === 'number' && code !== 0;
  } catch {
    return false;
  }
}

function records(doc: SourceText): Array<Record<string, unknown>> {
  const found = rolloutRecords(doc);
  if (!found) throw new FormatError('expected one rollout line {timestamp, type, payload} per record', 'not_a_history');
  return found;
}

/** A `compacted` line as a boundary: the replacement history, or the summary Codex sends as a user message. */
function readCompacted(
  reader: ResponsesItemReader,
  payload: Record<string, unknown>,
  line: number,
): CompactionBoundary {
  const liveFrom = reader.messages.length;
  const before = liveFrom;
  const summary = typeof payload.message === 'string' && payload.message !== '' ? payload.message : null;
  if (Array.isArray(payload.replacement_history)) {
    payload.replacement_history.forEach((item, j) => {
      const path = [line, 'payload', 'replacement_history', j];
      reader.item(item, path, path);
    });
    const n = payload.replacement_history.length;
    return {
      liveFrom,
      kept: `a replacement history of ${n} item${n === 1 ? '' : 's'} in place of the ${before} message${before === 1 ? '' : 's'} before it`,
      summary,
      path: [line],
    };
  }
  if (summary !== null)
    reader.push(null, 'user', [{ type: 'text', text: summary }], [{ path: [line, 'payload', 'message'] }], [line]);
  return {
    liveFrom,
    kept: 'the summary, with the user messages and the context before the first user turn (Codex rebuilds them)',
    summary,
    path: [line],
  };
}

function read(doc: SourceText, conversation: string): ReadConversation {
  if (conversation !== 'main') throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
  const reader = new ResponsesItemReader(isCodexError);
  const lines = new Map<string, number>();
  const compactions: CompactionBoundary[] = [];
  records(doc).forEach((record, i) => {
    const type = record.type as string;
    if (type === 'response_item') reader.item(record.payload, [i, 'payload'], [i]);
    else if (type === 'compacted' && isRecord(record.payload))
      compactions.push(readCompacted(reader, record.payload, i));
    else {
      const event = isRecord(record.payload) && typeof record.payload.type === 'string' ? record.payload.type : null;
      const name = type === 'event_msg' && event ? `event_msg ${event}` : type;
      lines.set(name, (lines.get(name) ?? 0) + 1);
    }
  });
  const keptLines = [...lines].map(([name, n]) => `${n} ${name}`).join(', ');
  return {
    format: 'codex-rollout',
    conversation: 'main',
    messages: reader.messages,
    map: reader.map,
    notes: {
      ids: reader.idsNote(),
      errors: CODEX_ERROR_NOTE,
      ...reader.thinkingNote(),
      kept:
        [keptLines === '' ? null : `lines kept in order: ${keptLines}`, reader.keptNote()].filter(Boolean).join('; ') ||
        'nothing else in the file',
    },
    ...(compactions.length > 0 ? { compactions } : {}),
  };
}

/** The item the call at `path` follows in file order, inside its line list or replacement history. */
function itemBefore(doc: SourceText, path: JsonPath): unknown {
  const all = records(doc);
  if (path.length > 2) {
    const j = path[path.length - 1] as number;
    return j > 0 ? valueAt(all, [...path.slice(0, -1), j - 1]) : undefined;
  }
  for (let i = (path[0] as number) - 1; i >= 0; i--)
    if (all[i].type === 'response_item') return all[i].payload;
    else if (all[i].type === 'compacted') return undefined;
  return undefined;
}

export const codexRollout: FormatAdapter = {
  ...codexRolloutInfo,
  conversations: () => [{ key: 'main', label: 'the session' }],
  read,
  keepsCall: (doc, read, call) => {
    // As for openai-responses: a reasoning item must keep the call it preceded (targets/responses.ts).
    const path = read.map.blocks[call.message]?.[call.block]?.path;
    if (!path) return null;
    const before = itemBefore(doc, path);
    return isRecord(before) && before.type === 'reasoning' ? 'responses.reasoning_followed' : null;
  },
  write: (doc, read, proposal) =>
    serializeRecords(
      doc,
      applyProposal(records(doc), read, proposal, {
        setOutput: (editor, origin, output) => setItemOutput(editor, origin.path, output),
        // A call or output is its whole line (or its whole replacement item): the line goes.
        removeBlock: () => 'record',
        isEmpty: () => false,
      }) as unknown[],
    ),
};
