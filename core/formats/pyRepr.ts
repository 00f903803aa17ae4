/**
 * Python reprs inside JSON strings, as smolagents' GAIA scripts store each step (`str(log)` of
 * a dataclass: `ActionStep(tool_calls=[ToolCall(name='…', …)], observations='…', …)`): the
 * fields of a call expression found where they are, string literals read, and a string written
 * back as Python's `repr` writes it (so the step still reads as Python wrote it).
 */

export interface Span {
  start: number;
  end: number;
}

const QUOTES = new Set(["'", '"']);
const SIMPLE: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '\n': '',
};

/** The string literal at `at` (a repr's: no prefix, one quote) and where it ends; null when none is there. */
export function readPyString(text: string, at: number): { value: string; end: number } | null {
  const quote = text[at];
  if (!QUOTES.has(quote)) return null;
  let value = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === quote) return { value, end: i + 1 };
    if (c !== '\\') {
      value += c;
      continue;
    }
    const e = text[++i];
    const width = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (width > 0) {
      value += String.fromCodePoint(parseInt(text.slice(i + 1, i + 1 + width), 16));
      i += width;
    } else if (e >= '0' && e <= '7') {
      const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3))?.[0] ?? e;
      value += String.fromCharCode(parseInt(octal, 8));
      i += octal.length - 1;
    } else value += SIMPLE[e] ?? `\\${e}`;
  }
  return null;
}

/** Python's `repr(text)` of a str: its quote choice, escapes, and `\x`/`\u`/`\U` for what is not printable. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    if (c === '\\' || c === quote) out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c !== ' ' && /[\p{C}\p{Z}]/u.test(c))
      out +=
        code <= 0xff
          ? `\\x${code.toString(16).padStart(2, '0')}`
          : code <= 0xffff
            ? `\\u${code.toString(16).padStart(4, '0')}`
            : `\\U${code.toString(16).padStart(8, '0')}`;
    else out += c;
  }
  return out + quote;
}

/** The end of the value starting at `at`: brackets matched, string literals skipped, up to `,` or a closing bracket. */
function endOfValue(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (QUOTES.has(c)) {
      const literal = readPyString(text, i);
      if (!literal) return text.length;
      i = literal.end - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ',' && depth === 0) return i;
  }
  return text.length;
}

/** The keyword arguments of the call expression at `at` (`Name(key=value, …)`), by key, with each value's span. */
export function callFields(text: string, at = 0): { name: string; fields: Map<string, Span>; end: number } | null {
  const head = /^([A-Za-z_]\w*)\(/.exec(text.slice(at, at + 100));
  if (!head) return null;
  const fields = new Map<string, Span>();
  let i = at + head[0].length;
  while (i < text.length && text[i] !== ')') {
    const key = /^\s*([A-Za-z_]\w*)=/.exec(text.slice(i, i + 100));
    if (!key) return null;
    const start = i + key[0].length;
    const end = endOfValue(text, start);
    fields.set(key[1], { start, end });
    i = text[end] === ',' ? end + 1 : end;
  }
  return i < text.length ? { name: head[1], fields, end: i + 1 } : null;
}

/** The calls a list literal spans (`[ToolCall(…), ToolCall(…)]`), each with its fields. */
export function callsInList(text: string, span: Span): Array<{ span: Span; fields: Map<string, Span> }> {
  const out: Array<{ span: Span; fields: Map<string, Span> }> = [];
  if (text[span.start] !== '[') return out;
  let i = span.start + 1;
  while (i < span.end) {
    while (text[i] === ' ' || text[i] === ',') i++;
    const call = callFields(text, i);
    if (!call) break;
    out.push({ span: { start: i, end: call.end }, fields: call.fields });
    i = call.end;
  }
  return out;
}

/** The string a field holds, or null when it holds something else (None, a number, a call). */
export function stringField(text: string, fields: Map<string, Span>, key: string): string | null {
  const span = fields.get(key);
  const literal = span ? readPyString(text, span.start) : null;
  return literal && literal.end === span?.end ? literal.value : null;
}
