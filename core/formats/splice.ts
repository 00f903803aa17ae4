/**
 * Byte-preserving export (SPEC §9): the text of an edited document is the original text with
 * only the edited spans replaced. The edited value is walked beside the original text, whose
 * values are located only where an edit reaches (locate.ts: a changed container lists its
 * children, an unchanged value is only skipped over): a value equal to the original (the very
 * object, or an equal primitive) is copied from the source text as written — `1e400`,
 * `12345678901234567890`, `-0`, escapes and spacing survive — and only a changed container is
 * rebuilt, from its own original pieces: a removed element goes with its comma, a replaced value
 * takes the span of the old one, a new key or element is written with the separators its
 * neighbours use. Nothing outside an edited span is ever re-serialized.
 */
import type { Located } from './locate.js';
import { locate, MalformedJson } from './locate.js';

type Node = Located;

/**
 * Originals of copy-on-write copies (core/formats/editor.ts records every copy it makes), so
 * an edited element of an array is still recognised as the element it was.
 */
export const copiedFrom = new WeakMap<object, object>();

/** The original `value` was copied from, or `value` itself. */
function originalOf(value: unknown): unknown {
  let current = value;
  while (typeof current === 'object' && current !== null) {
    const from = copiedFrom.get(current);
    if (from === undefined) break;
    current = from;
  }
  return current;
}

/**
 * `text` (one JSON value, `original` as JSON.parse read it) with `edited` spliced in: the bytes
 * before and after the root value stay, and so does every byte of an unchanged value.
 * `indent` is the document's indentation unit (0 = compact), used only for new values.
 */
export function spliceText(text: string, original: unknown, edited: unknown, indent: number | string): string {
  if (edited === original) return text;
  try {
    const root = locate(text);
    const spliced = new Splicer(text, indent).value(root, original, edited);
    return text.slice(0, root.offset) + spliced + text.slice(root.offset + root.length);
  } catch (error) {
    // Text JSON.parse read but the scanner does not (it never should): written as a reader would.
    if (error instanceof MalformedJson) return JSON.stringify(edited, null, indent);
    throw error;
  }
}

interface Item {
  /** The original child this item keeps (its separator after it is reused), or null for a new one. */
  from: number | null;
  text: string;
}

class Splicer {
  constructor(
    private readonly text: string,
    private readonly indent: number | string,
  ) {}

  /** The text of `edited` at the place of `node`, whose value was `original`. */
  value(node: Node, original: unknown, edited: unknown): string {
    // Object.is also holds for NaN, which a file Python wrote may spell as a bare `NaN`.
    if (edited === original || Object.is(edited, original)) return this.slice(node);
    if (node.type === 'object' && isPlainObject(original) && isPlainObject(edited))
      return this.object(node, original, edited);
    if (node.type === 'array' && Array.isArray(original) && Array.isArray(edited))
      return this.array(node, original, edited);
    return this.fresh(edited, () => this.lineIndent(node.offset));
  }

  private slice(node: Node): string {
    return this.text.slice(node.offset, node.offset + node.length);
  }

  private object(node: Node, original: Record<string, unknown>, edited: Record<string, unknown>): string {
    const members = node.children ?? [];
    // JSON.parse keeps the last of duplicate keys; so does this index.
    const byKey = new Map<string, number>();
    members.forEach((member, i) => byKey.set(member.children?.[0]?.value as string, i));
    const first = members[0];
    const colon =
      first?.children?.length === 2
        ? this.text.slice(first.children[0].offset + first.children[0].length, first.children[1].offset)
        : this.indent === 0
          ? ':'
          : ': ';
    // Lazily: finding a line's start scans back through the text, a whole file when compact.
    const childIndent = () => (first ? this.lineIndent(first.offset) : this.lineIndent(node.offset) + this.unit());
    const items: Item[] = [];
    for (const [key, value] of Object.entries(edited)) {
      if (value === undefined || typeof value === 'function') continue;
      const at = byKey.get(key);
      const member = at === undefined ? undefined : members[at];
      if (at !== undefined && member?.children?.length === 2 && Object.hasOwn(original, key)) {
        const valueNode = member.children[1];
        items.push({
          from: at,
          text: this.text.slice(member.offset, valueNode.offset) + this.value(valueNode, original[key], value),
        });
      } else items.push({ from: null, text: JSON.stringify(key) + colon + this.fresh(value, childIndent) });
    }
    return this.container(node, members, items, '{', '}', edited);
  }

  private array(node: Node, original: unknown[], edited: unknown[]): string {
    const elements = node.children ?? [];
    const childIndent = () =>
      elements[0] ? this.lineIndent(elements[0].offset) : this.lineIndent(node.offset) + this.unit();
    const pairs = align(original, edited);
    const items: Item[] = edited.map((value, j) => {
      const i = pairs[j];
      if (i !== null && elements[i]) return { from: i, text: this.value(elements[i], original[i], value) };
      return { from: null, text: this.fresh(value === undefined ? null : value, childIndent) };
    });
    return this.container(node, elements, items, '[', ']', edited);
  }

  /**
   * A container's text from its items: the original bytes before the first child, each kept
   * child's original separator after it (so a removed child goes with its comma), the
   * original bytes after the last child. A new item borrows a neighbour's separator.
   */
  private container(node: Node, children: Node[], items: Item[], open: string, close: string, edited: unknown): string {
    if (items.length === 0) return open + close;
    if (children.length === 0) return this.fresh(edited, () => this.lineIndent(node.offset));
    const end = (child: Node) => child.offset + child.length;
    const lead = this.text.slice(node.offset, children[0].offset);
    const fallback = children.length > 1 ? this.text.slice(end(children[0]), children[1].offset) : ',' + lead.slice(1);
    let out = lead;
    items.forEach((item, j) => {
      out += item.text;
      if (j === items.length - 1) return;
      const from = item.from;
      out +=
        from !== null && from + 1 < children.length
          ? this.text.slice(end(children[from]), children[from + 1].offset)
          : fallback;
    });
    return out + this.text.slice(end(children[children.length - 1]), node.offset + node.length);
  }

  /** A value the source does not hold, in the document's indentation, continuing at `base`. */
  private fresh(value: unknown, base: () => string): string {
    const json = JSON.stringify(value, null, this.indent) ?? 'null';
    return this.indent === 0 ? json : json.replace(/\n/g, '\n' + base());
  }

  private unit(): string {
    return typeof this.indent === 'number' ? ' '.repeat(this.indent) : this.indent;
  }

  /** The whitespace that starts the line holding `offset`. */
  private lineIndent(offset: number): string {
    const start = this.text.lastIndexOf('\n', offset - 1) + 1;
    let end = start;
    while (end < offset && (this.text[end] === ' ' || this.text[end] === '\t')) end++;
    return this.text.slice(start, end);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * For each edited element, the index of the original element it keeps (or null): the same
 * object or a copy of it, else an equal value at the next original place; the elements left
 * over between two such anchors are paired in order (an edited element), the rest are new
 * or removed.
 */
export function align(original: readonly unknown[], edited: readonly unknown[]): Array<number | null> {
  const pairs: Array<number | null> = new Array<number | null>(edited.length).fill(null);
  if (original.length === edited.length) {
    // The editor replaces or edits in place when the length stays: element j is element j.
    return pairs.map((_, j) => j);
  }
  const index = new Map<unknown, number>();
  original.forEach((value, i) => {
    if (typeof value === 'object' && value !== null) index.set(value, i);
  });
  let next = 0;
  let gapStart = 0;
  const pending: number[] = [];
  const closeGap = (until: number) => {
    for (let k = 0; k < pending.length && gapStart + k < until; k++) pairs[pending[k]] = gapStart + k;
    pending.length = 0;
  };
  edited.forEach((value, j) => {
    const source = originalOf(value);
    let at = typeof source === 'object' && source !== null ? index.get(source) : undefined;
    if (at !== undefined && at < next) at = undefined;
    if (at === undefined && next < original.length && equalJson(original[next], value)) at = next;
    if (at === undefined) {
      pending.push(j);
      return;
    }
    closeGap(at);
    pairs[j] = at;
    next = at + 1;
    gapStart = next;
  });
  closeGap(original.length);
  return pairs;
}

/** Structural equality of two JSON values (what would serialize alike). */
function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => equalJson(value, other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && equalJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
