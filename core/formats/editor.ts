/**
 * Copy-on-write edits of a parsed document, by JSON path. Only the containers along an edited
 * path are copied (shallowly), so the input document is never modified and every record a
 * proposal does not touch stays the very object the reader parsed — which is how JSON Lines
 * writes untouched lines back byte for byte.
 *
 * Removals are queued and applied together, deepest and last first, so the paths a source map
 * recorded stay valid while a proposal is being applied.
 */
import { copiedFrom } from './splice.js';
import type { JsonPath } from './types.js';

type Container = Record<string | number, unknown>;

export class DocumentEditor {
  private root: unknown;
  private readonly copies = new WeakSet<object>();
  private removals: JsonPath[] = [];

  constructor(root: unknown) {
    this.root = root;
  }

  get(path: JsonPath): unknown {
    let node = this.root;
    for (const step of path) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Container)[step];
    }
    return node;
  }

  /** Sets the value at `path` (its parent must exist). */
  set(path: JsonPath, value: unknown): void {
    const parent = this.writable(path.slice(0, -1));
    parent[path[path.length - 1]] = value;
  }

  /** Deletes an object key. */
  deleteKey(path: JsonPath): void {
    const parent = this.writable(path.slice(0, -1));
    delete parent[path[path.length - 1]];
  }

  /** Queues the array element at `path` for removal by the next `applyRemovals`. */
  remove(path: JsonPath): void {
    this.removals.push(path);
  }

  /** Removes every queued element; paths taken before the call address the elements they did. */
  applyRemovals(): void {
    const queued = [...new Map(this.removals.map((p) => [JSON.stringify(p), p])).values()].sort(comparePathsDescending);
    this.removals = [];
    for (const path of queued) {
      const array = this.writable(path.slice(0, -1));
      if (Array.isArray(array)) array.splice(path[path.length - 1] as number, 1);
    }
  }

  result(): unknown {
    return this.root;
  }

  /** The container at `path`, copied (once) along with every container above it. */
  private writable(path: JsonPath): Container {
    this.root = this.ownCopy(this.root);
    let node = this.root as Container;
    for (const step of path) {
      const child = this.ownCopy(node[step]);
      node[step] = child;
      node = child as Container;
    }
    return node;
  }

  private ownCopy(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) throw new Error('edit path runs through a non-container');
    if (this.copies.has(value)) return value;
    const copy = Array.isArray(value) ? [...value] : { ...(value as object) };
    this.copies.add(copy);
    // The writer splices the copy into the text where the original was (splice.ts).
    copiedFrom.set(copy, value);
    return copy;
  }
}

/** Later elements first and, at the same place, deeper paths first. */
function comparePathsDescending(a: JsonPath, b: JsonPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return (b[i] as number) - (a[i] as number);
    return String(b[i]).localeCompare(String(a[i]));
  }
  return b.length - a.length;
}

/** True when `path` starts with `prefix`. */
export function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((step, i) => path[i] === step);
}
