/**
 * Where the values of a JSON text are, found only where asked (SPEC §9 byte-preserving export):
 * the splice (splice.ts) needs the offsets of the containers an edit changed and of their
 * children, never of the values inside an unchanged one. A located container lists its
 * children when first asked; every other value is only skipped over — strings by searching for
 * their closing quote, containers by counting brackets outside strings — so nothing is decoded
 * and no node is made for a value the splice copies as written. A full parse tree of a 20 MB
 * document costs many times JSON.stringify of the result (docs/benchmarks.md, "Export").
 *
 * The text is JSON that JSON.parse already accepted (the document's reader parsed it), so the
 * scanner assumes it is well formed; anything else it meets throws `MalformedJson`.
 */

export class MalformedJson extends Error {
  constructor(offset: number) {
    super(`not JSON at offset ${offset}`);
    this.name = 'MalformedJson';
  }
}

export type LocatedType = 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** A value (or an object's member, `property`: its key and value) at `offset`, its end found when asked. */
export class Located {
  private end_: number | undefined;
  private children_: Located[] | undefined;

  constructor(
    private readonly text: string,
    readonly type: LocatedType,
    readonly offset: number,
    end?: number,
    children?: Located[],
  ) {
    this.end_ = end;
    this.children_ = children;
  }

  get length(): number {
    this.end_ ??= endOfValue(this.text, this.offset);
    return this.end_ - this.offset;
  }

  /** A key's string as JSON.parse reads it. */
  get value(): string {
    const raw = this.text.slice(this.offset + 1, this.offset + this.length - 1);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  /** An object's members, an array's elements, a member's key and value; undefined for a primitive. */
  get children(): Located[] | undefined {
    if (this.children_ === undefined && (this.type === 'object' || this.type === 'array')) this.list();
    return this.children_;
  }

  private list(): void {
    const text = this.text;
    const object = this.type === 'object';
    const close = object ? CLOSE_BRACE : CLOSE_BRACKET;
    const children: Located[] = [];
    let i = skipSpace(text, this.offset + 1);
    if (text.charCodeAt(i) === close) {
      this.children_ = children;
      this.end_ = i + 1;
      return;
    }
    for (;;) {
      if (object) {
        if (text.charCodeAt(i) !== QUOTE) throw new MalformedJson(i);
        const keyEnd = endOfString(text, i);
        const colon = skipSpace(text, keyEnd);
        if (text.charCodeAt(colon) !== COLON) throw new MalformedJson(colon);
        const valueAt = skipSpace(text, colon + 1);
        const value = locateAt(text, valueAt);
        const key = new Located(text, 'string', i, keyEnd);
        children.push(new Located(text, 'property', i, valueAt + value.length, [key, value]));
        i = valueAt + value.length;
      } else {
        const value = locateAt(text, i);
        children.push(value);
        i += value.length;
      }
      i = skipSpace(text, i);
      const c = text.charCodeAt(i);
      if (c === close) break;
      if (c !== COMMA) throw new MalformedJson(i);
      i = skipSpace(text, i + 1);
    }
    this.children_ = children;
    this.end_ = i + 1;
  }
}

/** The value that `text` (one JSON value, with any whitespace around it) holds. */
export function locate(text: string): Located {
  return locateAt(text, skipSpace(text, 0));
}

function locateAt(text: string, offset: number): Located {
  const c = text.charCodeAt(offset);
  if (c === OPEN_BRACE) return new Located(text, 'object', offset);
  if (c === OPEN_BRACKET) return new Located(text, 'array', offset);
  if (c === QUOTE) return new Located(text, 'string', offset, endOfString(text, offset));
  const end = endOfValue(text, offset);
  const type = c === 0x74 || c === 0x66 ? 'boolean' : c === 0x6e ? 'null' : 'number';
  return new Located(text, type, offset, end);
}

function skipSpace(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The offset after the string that opens at `offset`: its first quote not escaped by an odd run of backslashes. */
function endOfString(text: string, offset: number): number {
  let from = offset + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw new MalformedJson(offset);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the value at `offset`, skipped without being read. */
function endOfValue(text: string, offset: number): number {
  const first = text.charCodeAt(offset);
  if (first === QUOTE) return endOfString(text, offset);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let i = offset; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = endOfString(text, i) - 1;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    throw new MalformedJson(offset);
  }
  // A number or a literal runs to the next separator or space.
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break;
    i++;
  }
  if (i === offset) throw new MalformedJson(offset);
  return i;
}
