/**
 * R14 for own "__proto__" fields (JSON.parse makes them ordinary own keys): every reader and
 * writer treats them like any other key. Metamorphic: a history with a field "__proto__" in
 * every object exports as the same history with that field named otherwise, renamed back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import { exportSource, inspectSource, openConversation } from '../../../core/formats/index.js';
import { ENCODERS, historyArb, ONE_CALL_PER_TURN, TEXT_FORMAT_IDS } from './encoders.js';
import { proposalFromChoices } from './support.js';

const ACTIONS: Action[] = ['keep', 'drop_result', 'drop_call'];
// As long as "__proto__", so every length the readers and writers compute is the same.
const STAND_IN = '_stand_in';

/** The encoded text with a field `key` (an object, the value most likely to become a prototype) in every object. */
function withFieldEverywhere(text: string, key: string): string {
  const add = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(add);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(copy, k, { value: add(v), enumerable: true });
    Object.defineProperty(copy, key, { value: { mark: 1 }, enumerable: true });
    return copy;
  };
  const rewrite = (json: string) => JSON.stringify(add(JSON.parse(json)));
  try {
    return rewrite(text);
  } catch {
    return text
      .split('\n')
      .map((line) => (line.trim() === '' ? line : rewrite(line)))
      .join('\n');
  }
}

/** The document (JSON or JSON Lines) with its keys renamed by `rename`. */
function parsed(text: string, rename: (key: string) => string): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return new Map(Object.entries(value).map(([k, v]) => [rename(k), walk(v)]));
  };
  try {
    return walk(JSON.parse(text));
  } catch {
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => walk(JSON.parse(line)));
  }
}

function exported(text: string, choices: Action[], head: number): string {
  const inspected = inspectSource(text);
  const source = openConversation(inspected, inspected.conversations[0].key);
  return exportSource(source, proposalFromChoices(source, choices, head));
}

describe('own "__proto__" fields through the format readers and writers', () => {
  for (const format of TEXT_FORMAT_IDS) {
    it(`R14 ${format}: a field named "__proto__" survives like any other`, () => {
      fc.assert(
        fc.property(
          historyArb(!ONE_CALL_PER_TURN.has(format)),
          fc.array(fc.constantFrom(...ACTIONS), { maxLength: 30 }),
          fc.nat({ max: 400 }),
          (turns, choices, head) => {
            const text = ENCODERS[format](turns);
            const plain = exported(withFieldEverywhere(text, STAND_IN), choices, head);
            const proto = exported(withFieldEverywhere(text, '__proto__'), choices, head);
            expect(proto).toContain('"__proto__"');
            expect(parsed(proto, (key) => (key === '__proto__' ? STAND_IN : key))).toEqual(parsed(plain, (key) => key));
          },
        ),
        { seed: 11, numRuns: 40 },
      );
    });
  }
});
