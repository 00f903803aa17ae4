/**
 * What the side-by-side view displays of a message: its blocks as readable strings, and the
 * fields Find searches. The audit view's components render exactly these strings and Find
 * searches exactly these fields, so what a person can find is what they see (never JSON keys
 * or escapes) and the two cannot drift apart.
 */
import { parseJsonText } from '../engine/depth.js';
import { isTextOutput, outputText } from '../engine/guards.js';
import type { Block, Message } from '../engine/schema.js';

/** A value as the view prints it: a string as is, anything else as its JSON. */
export const displayString = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** A result's output as displayed: its text (R13 joins text blocks with newlines), else its JSON. */
export const displayOutput = (output: unknown): string =>
  isTextOutput(output) ? outputText(output) : (JSON.stringify(output) ?? '');

/**
 * A call's input as displayed: an input that parses as a JSON object reads as one
 * `key: value` line per field, string values unescaped (a command such as
 * `grep -n "Content-Length"` reads as typed, not as `\"Content-Length\"`); any other input
 * as its string (R3 keeps such calls, `invalid_input_json`).
 */
export function displayInput(input: unknown): string {
  if (typeof input !== 'string') return displayString(input);
  const json = parseJsonText(input);
  if (!json.ok) return input;
  const parsed = json.value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return input;
  const lines = Object.entries(parsed).map(([k, v]) => `${k}: ${displayString(v)}`);
  return lines.length > 0 ? lines.join('\n') : input;
}

/** A message's blocks as the view lists them: string content is one text block. */
export function displayedBlocks(message: Message): Block[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
}

export type FieldPart = 'id' | 'name' | 'input' | 'text' | 'thinking' | 'output' | 'marker';

/**
 * Characters shown before the rest is cut with "…" (a result has a "Show full output"
 * disclosure; Find opens the others at a hit). `changedOutput`: a shortened result (R13) in
 * the proposed pane, which shows a longer preview so the marker is visible.
 */
export const PREVIEW_CHARS = {
  text: 700,
  thinking: 160,
  input: 140,
  output: 360,
  changedOutput: 900,
} as const;

/** One searchable string of a row; `block` is -1 for the row's header (the message id). */
export interface SearchField {
  block: number;
  part: FieldPart;
  text: string;
  /** Hits count only inside [from, to) (an R13 marker inside a shortened output); the whole text otherwise. */
  from: number;
  to: number;
}

/** The key a field's highlights and its find state share (store `findCurrent`, components). */
export const fieldKey = (message: number, block: number, part: FieldPart) => `${message}:${block}:${part}`;

const field = (block: number, part: FieldPart, text: string): SearchField => ({
  block,
  part,
  text,
  from: 0,
  to: text.length,
});

/** The displayed fields of one block, in the order the view shows them. */
export function blockFields(block: Block, b: number): SearchField[] {
  switch (block.type) {
    case 'text':
      return [field(b, 'text', displayString(block.text))];
    case 'thinking':
      return [field(b, 'thinking', displayString(block.thinking))];
    case 'tool_call':
      return [
        field(b, 'name', displayString(block.name)),
        field(b, 'id', displayString(block.id)),
        field(b, 'input', displayInput(block.input)),
      ];
    case 'tool_result':
      return [field(b, 'id', displayString(block.id)), field(b, 'output', displayOutput(block.output))];
    default:
      return [];
  }
}

/**
 * The part of a shortened output (R13) that the original does not show: the omission
 * marker between the kept head and tail. Found as what is left after the longest common
 * prefix and suffix, so it needs neither the options nor the archive reference.
 */
export function markerField(b: number, original: string, shortened: string): SearchField {
  let from = 0;
  const max = Math.min(original.length, shortened.length);
  while (from < max && original.charCodeAt(from) === shortened.charCodeAt(from)) from++;
  let tail = 0;
  while (
    tail < max - from &&
    original.charCodeAt(original.length - 1 - tail) === shortened.charCodeAt(shortened.length - 1 - tail)
  )
    tail++;
  return { block: b, part: 'marker', text: shortened, from, to: shortened.length - tail };
}
