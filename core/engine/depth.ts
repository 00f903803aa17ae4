/**
 * A guard against histories nested so deeply that JSON.stringify and structuredClone (both
 * recursive in V8) overflow the stack: about 4,000 levels on Node's main thread, fewer in
 * small-stack workers. JSON.parse accepts far deeper input, so without this a file loads
 * and then crashes the engine with a RangeError instead of a clear `invalid_input`.
 */

/** Far above any real history (the corpus nests 6 levels) and well below the overflow. */
export const MAX_NESTING_DEPTH = 1000;

/**
 * True when `value` nests objects/arrays more than `limit` levels deep. Iterative, so it
 * cannot overflow itself; a circular structure also answers true (its depth is unbounded),
 * and depth-first order finds that after about `limit` steps.
 */
export function exceedsNesting(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (next.depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value as object);
    for (const child of children)
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

export const NESTING_MESSAGE = `nested more than ${MAX_NESTING_DEPTH} levels deep (or circular); such a history cannot be processed safely`;

/**
 * True when the JSON text `text` opens more than `limit` arrays/objects at once. A scan of
 * brackets outside strings, so it costs one pass and no stack: a call's `input` (SPEC §1, a
 * JSON string) nested 100,000 deep parses with JSON.parse but overflows every later
 * JSON.stringify of the parsed value (the evidence pass, the offline model, the inspector's
 * display).
 */
export function jsonTextExceedsNesting(text: string, limit = MAX_NESTING_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export type ParsedJsonText = { ok: true; value: unknown } | { ok: false; reason: 'not_json' | 'too_deep' };

/**
 * JSON text found inside a value (a call's `input`, SPEC §1) parsed with the nesting bound of
 * MAX_NESTING_DEPTH: text nested deeper is refused like text that is not JSON, so no caller
 * ever holds a value whose serialization overflows the stack.
 */
export function parseJsonText(text: string): ParsedJsonText {
  if (jsonTextExceedsNesting(text)) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
}

/**
 * Where a message array holds a tool call whose `input` text nests past MAX_NESTING_DEPTH
 * (`messages[i].content[j].input`), or null. Bad input for the gate (SPEC §8: exit 2, one
 * line), not a pair to keep: nothing a model could call with is that deep.
 */
export function deepInputIn(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = 0; i < messages.length; i++) {
    const content = (messages[i] as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (let j = 0; j < content.length; j++) {
      const block = content[j] as { type?: unknown; input?: unknown } | null;
      if (block?.type === 'tool_call' && typeof block.input === 'string' && jsonTextExceedsNesting(block.input))
        return `messages[${i}].content[${j}].input: its JSON text nests more than ${MAX_NESTING_DEPTH} levels deep; such a history cannot be processed safely`;
    }
  }
  return null;
}
