/**
 * Anthropic Messages content ⇄ our blocks, shared by every format that stores Messages API
 * objects (anthropic-messages, claude-code, claude-stream-json). Shapes from the SDK's own
 * types (anthropics/anthropic-sdk-typescript, src/resources/messages/messages.ts @ bfa9197f):
 * `MessageParam { role, content: string | ContentBlockParam[] }`, `ToolUseBlockParam { id, name,
 * input: object }`, `ToolResultBlockParam { tool_use_id, content?: string | (Text|Image|…)[],
 * is_error? }`, `ThinkingBlockParam { thinking, signature }`.
 */
import type { Block } from '../../engine/schema.js';
import type { WriteHooks } from '../apply.js';
import { nativeOutput } from '../apply.js';
import { isRecord } from '../document.js';
import type { CallIds } from '../ids.js';
import type { BlockOrigin, JsonPath } from '../types.js';

export interface ReadBlocks {
  blocks: Block[];
  origins: BlockOrigin[];
}

/** Tool names by model call id, so a result carries its call's name (R3 compares them). */
export type CallNames = Map<string, string>;

/** What a `tool_result` block holds: its output, whether it failed, and a tool name of its own if it has one. */
export interface ResultContent {
  output: string | Block[];
  error: boolean;
  name?: string;
}

/** How a format reads the body of a `tool_result` block; the pairing around it is the same for all. */
export type ResultReader = (block: Record<string, unknown>) => ResultContent;

/** The Messages API's own: `content` and `is_error`; its results carry no tool name. */
const messagesApiResult: ResultReader = (block) => ({
  output: outputOf(block.content),
  error: block.is_error === true,
});

/**
 * Converts one message's `content` at `path`. Every native block becomes one of ours (unknown
 * types are carried as they are), so a block's origin is simply its place in the list.
 * Formats that store these blocks with their own result bodies (Cline) pass `readResult`.
 */
export function readAnthropicContent(
  content: unknown,
  path: JsonPath,
  ids: CallIds,
  names: CallNames,
  readResult: ResultReader = messagesApiResult,
): ReadBlocks {
  if (typeof content === 'string')
    return content === ''
      ? { blocks: [], origins: [] }
      : { blocks: [{ type: 'text', text: content }], origins: [{ path }] };
  const out: ReadBlocks = { blocks: [], origins: [] };
  if (!Array.isArray(content)) return out;
  content.forEach((block, i) => {
    out.blocks.push(blockOf(block, ids, names, readResult));
    out.origins.push({ path: [...path, i] });
  });
  return out;
}

function blockOf(block: unknown, ids: CallIds, names: CallNames, readResult: ResultReader): Block {
  if (!isRecord(block) || typeof block.type !== 'string') return { type: 'unknown', value: block };
  if (block.type === 'tool_use' && typeof block.id === 'string') {
    const id = ids.call(block.id);
    const name = typeof block.name === 'string' ? block.name : '';
    names.set(id, name);
    return { type: 'tool_call', id, name, input: JSON.stringify(block.input ?? {}), state: 'finished' };
  }
  if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
    const id = ids.result(block.tool_use_id);
    const result = readResult(block);
    return {
      type: 'tool_result',
      id,
      name: names.get(id) ?? result.name ?? '',
      output: result.output,
      state: result.error ? 'error' : 'success',
    };
  }
  if (block.type === 'image' && isRecord(block.source)) return { type: 'data', source: block.source };
  // text, thinking (its signature kept), redacted_thinking, server tool blocks: as they are.
  return block as Block;
}

/** A result's content: a string stays a string; text blocks become ours; anything else is non-text data (R3). */
export function outputOf(content: unknown): string | Block[] {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return [{ type: 'unknown', value: content }];
  return content.map((part) => {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
      return { type: 'text', text: part.text };
    if (isRecord(part) && part.type === 'image' && isRecord(part.source)) return { type: 'data', source: part.source };
    return isRecord(part) && typeof part.type === 'string' ? (part as Block) : { type: 'unknown', value: part };
  });
}

/** Writes a shortened output into the `tool_result` block at `origin` (R13: a string stays a string). */
export const setAnthropicOutput: WriteHooks['setOutput'] = (editor, origin, output) =>
  editor.set([...origin.path, 'content'], nativeOutput(output));

/**
 * §9 `drop_receipts`: the receipt as a `text` block (`TextBlockParam`) in the `tool_use` block's
 * place, so it stands where the call stood in the reply.
 */
export const placeAnthropicReceipt: NonNullable<WriteHooks['placeReceipt']> = (editor, call, text) =>
  editor.set(call.path, { type: 'text', text });

/** An Anthropic message whose content list a removal emptied. */
export function isEmptyContent(message: unknown): boolean {
  return isRecord(message) && Array.isArray(message.content) && message.content.length === 0;
}
