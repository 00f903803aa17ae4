/**
 * The one small interface every native transcript format implements (SPEC §9 "Sources"):
 * detect a parsed file with a confidence and a reason, list its conversations, read one into
 * our message model (SPEC §1) plus a source map, and write a proposal back by editing only the
 * mapped places of the original document. The engine never sees any of this: it gets messages.
 */
import type { ContainerKind } from '../engine/containers.js';
import type { BlockRef } from '../engine/pairing.js';
import type { Block, Message } from '../engine/schema.js';
import type { EvalArchive } from './zip/shapes.js';

export const FORMAT_IDS = [
  'agentscope',
  'agentscope-session',
  'claude-code',
  'claude-stream-json',
  'openai-chat',
  'openai-responses',
  'anthropic-messages',
  'inspect-log',
  'inspect-eval',
  'openhands',
  'swe-agent',
  'mini-swe-agent',
  'gemini-cli',
  'cline-session',
  'codex-rollout',
  'ai-sdk',
  'langchain',
  'pydantic-ai',
  'atif',
  'intercode',
  'openclaw-session',
  'smolagents-gaia',
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** How an export writes the snapshot: in the source's own format, or as our message array (SPEC §1). */
export const EXPORT_AS = ['source', 'messages'] as const;
export type ExportAs = (typeof EXPORT_AS)[number];

/** What a writer produces: text, or the bytes of a binary container (an Inspect `.eval` ZIP). */
export type WrittenFile = string | Uint8Array;

/** A place in the parsed document: keys and array indices from its root (JSON Lines: the line first). */
export type JsonPath = ReadonlyArray<string | number>;

/**
 * The parsed file. JSON Lines keep where each line's text is, so lines a proposal does not
 * touch are written back exactly as they were, in their original order.
 */
export type SourceText =
  | {
      kind: 'json';
      value: unknown;
      indent: number | string;
      finalNewline: boolean;
      /** The text as read (after a byte-order mark), which a write splices its edits into (SPEC §9). */
      text?: string;
      bom?: boolean;
      /** Read from an Inspect `.eval` ZIP: the archive the value was assembled from (zip/evalLog.ts). */
      eval?: EvalArchive;
    }
  | {
      kind: 'jsonl';
      records: unknown[];
      lineNumbers: number[];
      eol: string;
      /**
       * The text as read (after a byte-order mark) and where each record's line starts and ends
       * in it, for byte-preserving writes: the text itself, or its file read back by position
       * (jsonLines.ts), so a streamed read need not hold it.
       */
      text: SourceSlices;
      spans: Array<[number, number]>;
      bom?: boolean;
    };

/** Text a document's spans index: a string, or a file's bytes decoded span by span. */
export interface SourceSlices {
  readonly length: number;
  slice(start: number, end: number): string;
}

export interface Detection {
  format: FormatId;
  /** 0–1: how sure the shape makes us; the highest wins, ties go to the earlier format. */
  confidence: number;
  /** One line naming what was seen, e.g. `records with uuid/parentUuid and message.content`. */
  reason: string;
}

export interface ConversationInfo {
  /** What `--conversation` takes: stable for the same file. */
  key: string;
  /** What a person picks from: a task id, an instance, a sample and epoch. */
  label: string;
}

/** Where one block of our model came from. */
export interface BlockOrigin {
  /** The native element: a content block, a `tool_calls` entry, a whole record. */
  path: JsonPath;
  /** For calls written inside text (a bash block): the span of the call in the string at `path`. */
  span?: readonly [number, number];
}

/** Which native record(s) each message, and each block of it, came from. */
export interface SourceMap {
  /** Per message: the native records it was read from (several when one reply spans lines). */
  records: JsonPath[][];
  /** Per message, per block of its `content`. */
  blocks: BlockOrigin[][];
}

/** How the reader mapped what the format lacks, shown in the Summary and the CLI envelope. */
export interface MappingNotes {
  /** e.g. `message ids synthesized (m1…m38: position in the file); call ids native`. */
  ids: string;
  /** e.g. `error when is_error is true`, or `error when the output starts with "Error:"`. */
  errors: string;
  /** Native records that are not messages, kept untouched: `24 file-history-snapshot, 16 system`. */
  kept: string;
  /** Formats with thinking blocks: how many, and what an export does with them. */
  thinking?: string;
}

/**
 * A compaction the agent's own tool already made (Claude Code's `compact_boundary`, Codex's
 * `compacted`, Cline's summaries): the messages before it stay in the file but are no longer
 * sent to the model; what follows, starting with the summary where there is one, is the live
 * context the agent resumes from.
 */
export interface CompactionBoundary {
  /** Index into `messages` of the first message of the live context after it (`messages.length` when none follows). */
  liveFrom: number;
  /** What the tool carried across, one line: `a summary message in place of 12 earlier messages`. */
  kept: string;
  /** The summary text sent in place of the earlier messages, when the file has it as text. */
  summary: string | null;
  /** Why it compacted, as recorded (`auto`, `manual`), when recorded. */
  trigger?: string;
  /** The context size the tool measured before compacting, in its own tokens, when recorded. */
  tokensBefore?: number;
  /** The native record that marks it. */
  path: JsonPath;
}

export interface ReadConversation {
  format: FormatId;
  conversation: string;
  messages: Message[];
  map: SourceMap;
  notes: MappingNotes;
  /** `agentscope` only: which SPEC §1 container the messages came in. */
  container?: ContainerKind;
  /**
   * Compactions the file records, in file order; absent when the format records none. Only the
   * messages from the last one's `liveFrom` on are sent when the agent resumes.
   */
  compactions?: CompactionBoundary[];
}

/**
 * One change of a proposal, in terms of our model; the adapter finds the native place by the map.
 * A drop's `receipt` (§9 `drop_receipts`) is the text its call's place keeps, for a format that
 * holds it (`FormatAdapter.holdsReceipts`).
 */
export type Edit =
  | { kind: 'truncate'; result: BlockRef; output: string | Block[] }
  | { kind: 'drop'; call: BlockRef; result: BlockRef; receipt?: string };

/** A proposal as the writers need it: the edits, and the rebuilt messages they amount to. */
export interface Proposal {
  edits: readonly Edit[];
  messages: readonly Message[];
  /** drop_call decisions written as drop_result because a target needs the call (SPEC §9). */
  keptForTargets?: readonly KeptForTarget[];
}

/**
 * A call the export keeps although its decision was drop_call: the format's target needs it
 * (the rule id), so its result is shortened instead. Not one of §6's decision reasons (those
 * say why the model or a guard chose an action); a format-level note the audit records as
 * `call_kept_for_target` and counts in its stats.
 */
export interface KeptForTarget {
  pair_id: string;
  call_id: string;
  rule: string;
}

export interface FormatAdapter {
  id: FormatId;
  /** A person's name for it: `Claude Code session JSONL`. */
  name: string;
  /** One line: what it reads, and the containers it accepts. */
  reads: string;
  /** Where such files usually are, e.g. `~/.claude/projects/<project>/<session>.jsonl`. */
  patterns: readonly string[];
  detect(doc: SourceText): Detection | null;
  /** Every conversation in the file, in file order (at least one for a file it detects). */
  conversations(doc: SourceText): ConversationInfo[];
  read(doc: SourceText, conversation: string): ReadConversation;
  /**
   * When a target of this format needs the call of a pair (its rule id), a drop_call there is
   * written as drop_result: the call and its text stay, the result is shortened (SPEC §9).
   */
  keepsCall?(doc: SourceText, read: ReadConversation, call: { message: number; block: number }): string | null;
  /**
   * A reply a drop leaves holding thinking alone is written without it (its thinking goes with
   * its calls), and the proposal's messages say so (claudeRecords.ts `thinkingOnly`).
   */
  thinkingGoesWithReply?: boolean;
  /**
   * §9 `drop_receipts`: the format can hold a drop's receipt as text in the assistant message the
   * call was in, and its writer places it. A format without it writes drop_call as R14 alone,
   * with no receipt in the file or in the proposal's messages (docs/formats.md says which).
   */
  holdsReceipts?: boolean;
  /**
   * The receipts stand after the message's text and before the calls it kept, not in their
   * calls' places (OpenAI chat: `content` beside `tool_calls`); the proposal's messages say the same.
   */
  receiptsBeforeCalls?: boolean;
  /**
   * The document with `proposal` applied, in the original container: text, or bytes for a
   * binary container (a `.eval` ZIP); `doc` is never modified.
   */
  write(doc: SourceText, read: ReadConversation, proposal: Proposal): WrittenFile;
}

/**
 * What detection needs of a format (detect/): its names and `detect`. The rest of its adapter
 * (conversations, read, write) loads when a file is read as it (lazy.ts).
 */
export type FormatInfo = Pick<FormatAdapter, 'id' | 'name' | 'reads' | 'patterns' | 'detect'>;

/** Bad or unreadable input, with a stable code; the hosts report it as `invalid_input`. */
export class FormatError extends Error {
  readonly code = 'invalid_input';
  constructor(
    message: string,
    /** What went wrong, for callers that act on it (the CLI lists keys for `conversation_required`). */
    readonly reason:
      | 'not_json'
      | 'not_a_history'
      | 'unknown_format'
      | 'conversation_required'
      | 'unknown_conversation'
      | 'no_tool_calls'
      | 'too_large'
      | 'invalid_shape' = 'invalid_shape',
  ) {
    super(message);
    this.name = 'FormatError';
  }
}
