/**
 * Where a text stops being JSON, and what was expected there, in words a person can act on.
 * JSON.parse's own message often has no position ("Unexpected token 'h', "hello worl"… is not
 * valid JSON") and quotes the file back, which for binary data is garbage. This scanner runs
 * only after JSON.parse refused the text: one pass, no values built, an explicit stack so a
 * deeply nested file cannot overflow it.
 */

export interface JsonSyntaxError {
  line: number;
  column: number;
  expected: string;
}

type State = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'after';

const EXPECTED: Record<State, string> = {
  value: 'a value',
  valueOrClose: "a value or ']'",
  key: 'a quoted property name',
  keyOrClose: "a quoted property name or '}'",
  colon: "':'",
  after: 'the end of the text',
};

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The end of the string starting at `at` (a quote), or -1 when it is not a well-formed string. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c !== 0x5c) {
      i++;
      continue;
    }
    ESCAPE.lastIndex = i;
    if (!ESCAPE.test(text)) return -1;
    i = ESCAPE.lastIndex;
  }
  return -1;
}

/** The end of the number, literal or string at `at`, or -1. */
function scalarEnd(text: string, at: number): number {
  if (text.charCodeAt(at) === 0x22) return stringEnd(text, at);
  for (const pattern of [NUMBER, LITERAL]) {
    pattern.lastIndex = at;
    if (pattern.test(text)) return pattern.lastIndex;
  }
  return -1;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The first offset at which `text` is not JSON, and what was expected there; null when it is JSON. */
function firstError(text: string): { offset: number; expected: string } | null {
  const stack: string[] = [];
  let state: State = 'value';
  let i = 0;
  const close = () => {
    stack.pop();
    i++;
    state = 'after';
  };
  for (;;) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i >= text.length) {
      if (state === 'after' && stack.length === 0) return null;
      const open = stack.at(-1);
      const wanted = state === 'after' && open ? `',' or '${open === '[' ? ']' : '}'}'` : EXPECTED[state];
      return { offset: i, expected: `${wanted}, but the text ends` };
    }
    const c = text[i];
    if ((state === 'valueOrClose' && c === ']') || (state === 'keyOrClose' && c === '}')) {
      close();
      continue;
    }
    if (state === 'value' || state === 'valueOrClose') {
      if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        state = c === '{' ? 'keyOrClose' : 'valueOrClose';
        continue;
      }
      const end = scalarEnd(text, i);
      if (end < 0) return { offset: i, expected: EXPECTED[state] };
      i = end;
      state = 'after';
    } else if (state === 'key' || state === 'keyOrClose') {
      const end = c === '"' ? stringEnd(text, i) : -1;
      if (end < 0) return { offset: i, expected: EXPECTED[state] };
      i = end;
      state = 'colon';
    } else if (state === 'colon') {
      if (c !== ':') return { offset: i, expected: EXPECTED.colon };
      i++;
      state = 'value';
    } else {
      const top = stack.at(-1);
      if (top === undefined) return { offset: i, expected: EXPECTED.after };
      const closer = top === '[' ? ']' : '}';
      if (c === closer) close();
      else if (c === ',') {
        i++;
        state = top === '[' ? 'value' : 'key';
      } else return { offset: i, expected: `',' or '${closer}'` };
    }
  }
}

/** Where `text` stops being JSON (1-based line and column), or null when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const found = firstError(text);
  if (!found) return null;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < found.offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: found.offset - lineStart + 1, expected: found.expected };
}

/** "line 3, column 7: expected ',' or '}'" for text JSON.parse refused; never quotes the text. */
export function describeJsonError(text: string): string {
  const at = jsonSyntaxError(text);
  return at ? `line ${at.line}, column ${at.column}: expected ${at.expected}` : 'not a JSON value';
}
