/**
 * SPEC §9 byte-preserving export finds the values an edit reaches with its own scanner
 * (core/formats/locate.ts) instead of a full parse tree. Its offsets, lengths, types and keys
 * must be the ones jsonc-parser's parseTree reports for the same text, on any JSON value
 * written compact, indented or with odd spacing — escaped quotes and backslashes at the end of
 * strings included.
 */
import type { Node } from 'jsonc-parser';
import { parseTree } from 'jsonc-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Located } from '../../../core/formats/locate.js';
import { locate } from '../../../core/formats/locate.js';

interface Shape {
  type: string;
  offset: number;
  length: number;
  key?: string;
  children?: Shape[];
}

function fromTree(node: Node): Shape {
  const key = node.type === 'string' && node.parent?.type === 'property' && node.parent.children?.[0] === node;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    ...(key ? { key: node.value as string } : {}),
    ...(node.children ? { children: node.children.map(fromTree) } : {}),
  };
}

function fromLocated(node: Located, isKey = false): Shape {
  const children = node.children;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    ...(isKey ? { key: node.value } : {}),
    ...(children ? { children: children.map((c, i) => fromLocated(c, node.type === 'property' && i === 0)) } : {}),
  };
}

/** JSON with spaces, tabs and line breaks wherever JSON allows them. */
const spaced = (value: unknown, spaces: string[]): string => {
  let n = 0;
  const space = () => spaces[n++ % spaces.length];
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${space()}${v.map((x) => write(x)).join(`${space()},${space()}`)}${space()}]`;
    if (v !== null && typeof v === 'object')
      return `{${space()}${Object.entries(v)
        .map(([k, x]) => `${JSON.stringify(k)}${space()}:${space()}${write(x)}`)
        .join(`${space()},${space()}`)}${space()}}`;
    return JSON.stringify(v);
  };
  return write(value);
};

const tricky = fc.oneof(
  fc.json().map((t) => JSON.parse(t) as unknown),
  fc.constantFrom<unknown>(
    'ends with a backslash \\',
    'quote \\" inside',
    { 'k\\"ey': ['\\', '"', '\\\\"'] },
    [],
    {},
    [[]],
    -0,
    1e21,
  ),
);

describe('§9 locating values for the splice', () => {
  it("§9 offsets, lengths, types and keys are parseTree's, however the JSON is spaced", () => {
    fc.assert(
      fc.property(
        fc.array(tricky, { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom('', ' ', '\n  ', '\t', '\r\n'), { minLength: 1, maxLength: 5 }),
        fc.constantFrom<number | 'odd'>(0, 2, 'odd'),
        (values, spaces, layout) => {
          const text = layout === 'odd' ? ` ${spaced(values, spaces)}\n` : JSON.stringify(values, null, layout) + '\n';
          expect(fromLocated(locate(text))).toEqual(fromTree(parseTree(text) as Node));
        },
      ),
      { seed: 19, numRuns: 300 },
    );
  });

  it('§9 a listed container gives each child its exact span, an escaped backslash before a quote included', () => {
    const text = '[{"a":[1,2,{"b":"x\\\\"}]}, 7 ]';
    const root = locate(text);
    const [first, second] = root.children!;
    expect(text.slice(first.offset, first.offset + first.length)).toBe('{"a":[1,2,{"b":"x\\\\"}]}');
    expect(text.slice(second.offset, second.offset + second.length)).toBe('7');
    expect(root.length).toBe(text.length);
  });
});
