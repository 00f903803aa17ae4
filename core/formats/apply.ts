/**
 * The write path every native format shares: for each edit, find the native places through
 * the source map (never by id), change the output or remove the call and result there, then
 * remove the native records a removal left empty (R14: a message goes only when its content
 * does). What differs per format — how an output is stored, what "empty" means, which copies
 * must follow — comes in as hooks.
 */
import type { Block } from '../engine/schema.js';
import { serializeValue } from './document.js';
import { DocumentEditor, startsWith } from './editor.js';
import type { BlockOrigin, FormatAdapter, JsonPath, Proposal, ReadConversation, SourceText } from './types.js';
import { FormatError } from './types.js';

export interface WriteHooks {
  /** Stores a shortened model output at the native result (R13 keeps its shape). */
  setOutput(editor: DocumentEditor, origin: BlockOrigin, output: string | Block[]): void;
  /**
   * Removes a native call or result that sits inside a record; the default queues the element
   * at `origin.path`. Answering `'record'` removes the whole record instead (a call or result
   * that is a whole record is always removed with the records).
   */
  removeBlock?(editor: DocumentEditor, origin: BlockOrigin, role: 'call' | 'result'): void | 'record';
  /**
   * §9 `drop_receipts`: puts a dropped call's receipt where the call was, in place of the call
   * (the call is gone afterwards). Formats without it drop the call alone (R14).
   */
  placeReceipt?(editor: DocumentEditor, call: BlockOrigin, text: string): void;
  /** True when a record holds nothing any more after the removals (it is then removed too). */
  isEmpty(record: unknown): boolean;
  /**
   * True when a record that stays holds only blocks that accompany the rest of its message
   * (Anthropic thinking): when every other record of a message a removal touched is gone,
   * these go with them rather than stay as a reply of thinking alone.
   */
  accompanies?(record: unknown): boolean;
  /** Tidies a record that lost blocks but stays (an emptied `tool_calls: []` key goes). */
  tidy?(editor: DocumentEditor, record: JsonPath): void;
  /** Keeps what depends on removed records consistent (parent chains, step views, copies). */
  afterRemoval?(editor: DocumentEditor, removed: readonly JsonPath[]): void;
}

const samePath = (a: JsonPath, b: JsonPath) => a.length === b.length && a.every((step, i) => step === b[i]);

/** Applies `proposal` to a copy of `root`; returns the new root (`root` itself is never modified). */
export function applyProposal(root: unknown, read: ReadConversation, proposal: Proposal, hooks: WriteHooks): unknown {
  const editor = new DocumentEditor(root);
  const touched = new Set<number>();
  const wholeRecords: JsonPath[] = [];
  const origin = (ref: { message: number; block: number }): BlockOrigin => {
    const found = read.map.blocks[ref.message]?.[ref.block];
    if (!found) throw new Error(`no source for block ${ref.block} of message ${ref.message}`);
    return found;
  };
  const removeBlock = (ref: { message: number; block: number }, role: 'call' | 'result') => {
    const at = origin(ref);
    touched.add(ref.message);
    const records = read.map.records[ref.message] ?? [];
    if (records.some((record) => samePath(record, at.path))) wholeRecords.push(at.path);
    else if (!hooks.removeBlock) editor.remove(at.path);
    else if (hooks.removeBlock(editor, at, role) === 'record') wholeRecords.push(recordOf(read, ref.message, at));
  };
  for (const edit of proposal.edits) {
    if (edit.kind === 'truncate') hooks.setOutput(editor, origin(edit.result), edit.output);
    else {
      if (edit.receipt !== undefined && hooks.placeReceipt) {
        touched.add(edit.call.message);
        hooks.placeReceipt(editor, origin(edit.call), edit.receipt);
      } else removeBlock(edit.call, 'call');
      removeBlock(edit.result, 'result');
    }
  }
  // Removals inside records first: they never shift the paths of the records themselves.
  editor.applyRemovals();
  const removed: JsonPath[] = [...wholeRecords];
  for (const message of [...touched].sort((a, b) => a - b)) {
    const staying: JsonPath[] = [];
    for (const record of read.map.records[message] ?? []) {
      if (removed.some((path) => samePath(record, path))) continue;
      if (hooks.isEmpty(editor.get(record))) removed.push(record);
      else staying.push(record);
    }
    const accompanies = hooks.accompanies;
    if (accompanies && staying.length > 0 && staying.every((record) => accompanies(editor.get(record))))
      removed.push(...staying);
    else for (const record of staying) hooks.tidy?.(editor, record);
  }
  // Chains and copies are fixed against the document as it was, before the records shift.
  hooks.afterRemoval?.(editor, removed);
  for (const record of removed) editor.remove(record);
  editor.applyRemovals();
  return editor.result();
}

/** The native record (one of the message's records) that holds the block at `origin`. */
export function recordOf(read: ReadConversation, message: number, origin: BlockOrigin): JsonPath {
  const record = (read.map.records[message] ?? []).find((path) => startsWith(origin.path, path));
  if (!record) throw new Error(`block at ${origin.path.join('.')} is in none of message ${message}'s records`);
  return record;
}

/** Text output → a string; a list of text blocks → one text block of the format's own type (R13 shape). */
export function nativeOutput(output: string | Block[], textType = 'text'): string | Array<Record<string, unknown>> {
  if (typeof output === 'string') return output;
  return output.map((block) =>
    block.type === 'text' ? { type: textType, text: block.text } : (block as Record<string, unknown>),
  );
}

/**
 * `write` of a format whose file is one JSON document: the proposal applied to the parsed value
 * through `hooks`, and spliced back into the original text (SPEC §9 byte-preserving export).
 */
export function jsonDocumentWriter(hooks: WriteHooks): FormatAdapter['write'] {
  return (doc, read, proposal) =>
    serializeValue(doc, applyProposal((doc as { value: unknown }).value, read, proposal, hooks));
}

/** `read` of a format whose file holds one conversation, `main`: any other key is refused. */
export function mainConversationReader(read: (doc: SourceText) => ReadConversation): FormatAdapter['read'] {
  return (doc, conversation) => {
    if (conversation !== 'main') throw new FormatError(`no conversation "${conversation}"`, 'unknown_conversation');
    return read(doc);
  };
}
