/**
 * Tool-call-shaped data anywhere in a document, whatever the format: the evidence that a
 * reader which found no tool calls misread the file (SPEC §9: never a silent 0).
 */
import { valueAt } from './document.js';
import type { JsonPath, SourceText } from './types.js';

/** Block `type`s and keys that only tool calls and results carry, across the formats we know. */
const TOOL_TYPES = new Set([
  'tool_use',
  'tool_result',
  'tool_call',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'tool-call',
  'tool-result',
]);
const TOOL_KEYS = ['tool_calls', 'tool_call_id', 'tool_use_id', 'tool_call_ids', 'tool_call_metadata', 'function_call'];

export interface ToolShapes {
  count: number;
  /** Where the first one is, e.g. `line 7: message.content.0 (type "tool_use")`. */
  first: string | null;
}

/**
 * Looks under `within` (default: the whole document) at up to `budget` values, so a 100 MB
 * file stops early with what it found.
 */
export function findToolShapes(doc: SourceText, within?: readonly JsonPath[], budget = 2_000_000): ToolShapes {
  const root = doc.kind === 'jsonl' ? doc.records : doc.value;
  const starts = within ?? (doc.kind === 'jsonl' ? doc.records.map((_, i) => [i]) : [[]]);
  const stack = starts.map((path) => ({ value: valueAt(root, path), path })).reverse();
  let count = 0;
  let first: string | null = null;
  for (let seen = 0; stack.length > 0 && seen < budget; seen++) {
    const { value, path } = stack.pop() as { value: unknown; path: JsonPath };
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const what =
        typeof record.type === 'string' && TOOL_TYPES.has(record.type)
          ? `type "${record.type}"`
          : TOOL_KEYS.find((key) => key in record && record[key] !== null && !isEmptyList(record[key]));
      if (what) {
        count++;
        first ??= `${describe(doc, path)} (${what.startsWith('type') ? what : `"${what}"`})`;
      }
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return { count, first };
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/** A path as a person reads it: `line 7: message.content.0`, or `samples.0.messages.3`. */
export function describe(doc: SourceText, path: JsonPath): string {
  if (doc.kind === 'jsonl' && path.length > 0) {
    const rest = path.slice(1).join('.');
    return `line ${doc.lineNumbers[path[0] as number]}${rest ? `: ${rest}` : ''}`;
  }
  return path.length === 0 ? 'the document' : path.join('.');
}
