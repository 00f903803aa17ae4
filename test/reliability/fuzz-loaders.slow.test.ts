/**
 * The loaders and the engine under damaged files. Generated histories in every
 * container (SPEC §1), then cut short or corrupted; and every shared corpus transcript with
 * swapped blocks, duplicated ids, invalid `input` JSON, wrong field types and truncation.
 * Each case loads into a valid history or fails with ContainerError `invalid_input`; loaded
 * histories then go through the engine with the offline and scripted backends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContainerError, loadHistory, writeHistory } from '../../core/engine/containers.js';
import type { Loaded } from '../../core/engine/containers.js';
import type { Message } from '../../core/engine/schema.js';
import { historyCaseArb } from './support/arbitraries.js';
import { fuzzRuns, fuzzSeed } from './support/runs.js';
import type { ContainerChoice } from './support/corpus.js';
import { CORPUS_DIR, mutate, mutationArb, NO_CORPUS_REASON, serialize, transcripts } from './support/corpus.js';
import { recordFuzz } from './support/record.js';
import type { Outcome } from './support/run-case.js';
import { offlineModel, runCase, scriptedModel, tally } from './support/run-case.js';

const containerArb = fc.constantFrom<ContainerChoice>('array', 'jsonl', 'state', 'nested_state');

/** Loads `text`; a ContainerError is the one acceptable failure (stable code), returned as its message. */
function load(text: string): Loaded | string {
  try {
    return loadHistory(text);
  } catch (error) {
    if (error instanceof ContainerError && error.code === 'invalid_input' && error.message.length > 0)
      return error.message;
    throw error;
  }
}

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      text: fc.constantFrom('"', '}', ',', '\n', '\u0000', '\uFEFF', 'garbage', '\\'),
    }),
  },
);

type Damage = { kind: 'none' } | { kind: 'truncate'; at: number } | { kind: 'insert'; at: number; text: string };

function damage(text: string, d: Damage): string {
  if (d.kind === 'none') return text;
  const at = Math.floor(d.at * text.length);
  return d.kind === 'truncate' ? text.slice(0, at) : text.slice(0, at) + d.text + text.slice(at);
}

// Bulk work (thousands of cases), not a timing: its budget is generous so a busy machine
// slows it down without failing it (speed is measured by npm run bench, never here).
describe('fuzzing the loaders', { timeout: 180_000 }, () => {
  it('§1 every container, whole or damaged, loads to a valid history or fails with invalid_input, and round-trips', async () => {
    const outcomes: Outcome[] = [];
    await fc.assert(
      fc.asyncProperty(
        historyCaseArb,
        containerArb,
        fc.constantFrom(0, 1, 2),
        fc.boolean(),
        fc.boolean(),
        damageArb,
        async (c, container, indent, bom, crlf, d) => {
          let text = serialize(c.messages, container, indent);
          if (crlf) text = text.replace(/\n/g, '\r\n');
          if (bom) text = '\uFEFF' + text;
          const loaded = load(damage(text, d));
          if (typeof loaded === 'string') {
            // An intact file in a supported container must load, unless it nests too deeply.
            if (d.kind === 'none') expect(loaded).toMatch(/nested more than/);
            outcomes.push('load:invalid_input');
            return;
          }
          if (d.kind === 'none') {
            expect(JSON.stringify(loaded.messages)).toBe(JSON.stringify(c.messages));
            const again = loadHistory(writeHistory(loaded.container, loaded.messages));
            expect(JSON.stringify(again.messages)).toBe(JSON.stringify(c.messages));
            expect(again.container.kind).toBe(loaded.container.kind);
          }
          outcomes.push(
            await runCase(
              {
                messages: loaded.messages,
                goal: c.goal,
                eligible_tool_names: c.eligible,
                options: c.options,
                archive_ref: c.archiveRef,
              },
              offlineModel(),
            ),
          );
        },
      ),
      { seed: fuzzSeed(), numRuns: fuzzRuns(200) },
    );
    recordFuzz('generated files in every container', outcomes.length, tally(outcomes));
  });
});

describe.skipIf(CORPUS_DIR === null)(
  CORPUS_DIR === null ? NO_CORPUS_REASON : 'fuzzing mutations of the shared corpus',
  { timeout: 180_000 },
  () => {
    it('R2 R3 R11 mutated corpus transcripts (swapped blocks, duplicate ids, invalid input JSON, wrong types, truncation) end in a valid proposal or a stable error', async () => {
      const corpus = transcripts();
      const outcomes: Outcome[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: corpus.length - 1 }),
          fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
          containerArb,
          fc.oneof(
            { weight: 6, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
          ),
          fc.record({
            call: fc.double({ min: 0, max: 1, noNaN: true }),
            result: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          async (which, mutations, container, cut, defaults) => {
            const t = corpus[which];
            const messages = structuredClone(t.messages) as Message[];
            for (const m of mutations) mutate(messages, m);
            let text = serialize(messages, container, 1);
            if (cut !== null) text = text.slice(0, Math.floor(cut * text.length));
            const loaded = load(text);
            if (typeof loaded === 'string') {
              outcomes.push('load:invalid_input');
              return;
            }
            const request = {
              messages: loaded.messages,
              goal: 'finish the task the user asked for',
              eligible_tool_names: t.toolNames,
              options: { preserve_recent_messages: 4 },
            };
            outcomes.push(await runCase(request, offlineModel()));
            outcomes.push(
              await runCase(
                { ...request, messages: structuredClone(loaded.messages) },
                scriptedModel({ default: defaults }),
              ),
            );
          },
        ),
        { seed: fuzzSeed(), numRuns: fuzzRuns(100) },
      );
      const counts = tally(outcomes);
      recordFuzz('mutated corpus transcripts', outcomes.length, counts, `${corpus.length} transcripts`);
      expect(counts.compacted ?? 0).toBeGreaterThan(0);
      expect(counts['load:invalid_input'] ?? 0).toBeGreaterThan(0);
    });
  },
);
