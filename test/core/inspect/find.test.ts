/**
 * core/inspect/find.ts: the hits Find counts in the text the audit view displays
 * (core/inspect/display.ts), where each sits, how Enter walks them, and splitMatches, the
 * pieces the view wraps in <mark>.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadHistory } from '../../../core/engine/containers.js';
import { analyze } from '../../../core/engine/guards.js';
import type { Message } from '../../../core/engine/schema.js';
import { displayInput, PREVIEW_CHARS } from '../../../core/inspect/display.js';
import { findHits, hitAt, splitMatches, stepHit } from '../../../core/inspect/find.js';
import { auditModel } from '../../../core/inspect/review.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { paymentRun, reviewedAt } from './paymentRun.js';

const corpus = sharedPath('corpus');

describe('find highlighting', () => {
  it('splits case-insensitively and keeps the original text', () => {
    expect(splitMatches('Idempotency-Key and idempotency', 'IDEMPOTENCY')).toEqual({
      parts: ['', 'Idempotency', '-Key and ', 'idempotency', ''],
      capped: false,
    });
  });

  it('treats the term literally, not as a pattern', () => {
    expect(splitMatches('a.b axb (x)', '.')?.parts).toEqual(['a', '.', 'b axb (x)']);
    expect(splitMatches('call("c1")', '("c1")')?.parts).toEqual(['call', '("c1")', '']);
  });

  it('null for an empty term or no occurrence', () => {
    expect(splitMatches('text', '')).toBeNull();
    expect(splitMatches('text', 'zz')).toBeNull();
  });

  it('stops at the limit and leaves the rest as plain text', () => {
    const split = splitMatches('ab'.repeat(10), 'a', 3)!;
    expect(split.capped).toBe(true);
    expect(split.parts.filter((_, i) => i % 2 === 1)).toHaveLength(3);
    expect(split.parts.join('')).toBe('ab'.repeat(10));
  });

  it('joined pieces are the text; every odd piece equals the term ignoring case', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'A', '.', ' ', 'é', 'É') }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'A', '.', 'é'), minLength: 1, maxLength: 3 }),
        (text, term) => {
          const split = splitMatches(text, term);
          if (split === null) {
            expect(text.toLowerCase().includes(term.toLowerCase())).toBe(false);
            return;
          }
          expect(split.parts.join('')).toBe(text);
          for (let i = 1; i < split.parts.length; i += 2) expect(split.parts[i].toLowerCase()).toBe(term.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('find hits: the displayed text, counted per occurrence', () => {
  const history: Message[] = [
    { id: 'u0', role: 'user', content: 'Why is "type" sent? Find the type.' },
    {
      id: 'a1',
      role: 'assistant',
      content: [
        { type: 'text', text: 'Looking.' },
        {
          type: 'tool_call',
          id: 'c1',
          name: 'bash',
          input: JSON.stringify({ command: 'grep -n "Content-Length" models.py' }),
          state: 'finished',
        },
        {
          type: 'tool_result',
          id: 'c1',
          name: 'bash',
          output: `12: Content-Length\n${'x'.repeat(2000)}Content-Length`,
          state: 'success',
        },
      ],
    },
  ];
  const analysis = analyze(history, {
    eligibleToolNames: ['bash'],
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const rows = auditModel(history, analysis, null).rows;

  it('a quoted command is found as displayed (not as escaped JSON), and JSON keys are not text', () => {
    expect(displayInput(JSON.stringify({ command: 'grep -n "x"' }))).toBe('command: grep -n "x"');
    const found = findHits(rows, history, 'grep -n "Content-Length"');
    expect(found.total).toBe(1);
    expect(found.fields[0]).toMatchObject({ position: 1, message: 1, field: { block: 1, part: 'input' } });
    // "type" is a key of every block's JSON; only the user's two words show it.
    expect(findHits(rows, history, 'type').total).toBe(2);
    expect(findHits(rows, history, 'tool_result').total).toBe(0);
  });

  it('counts hits, not messages: every occurrence in every field, ids and tool names included', () => {
    const found = findHits(rows, history, 'content-length');
    expect(found.total).toBe(3);
    expect(found.fields.map((f) => [f.field.part, f.starts.length])).toEqual([
      ['input', 1],
      ['output', 2],
    ]);
    expect(findHits(rows, history, 'c1').total).toBe(2);
    expect(findHits(rows, history, 'BASH').total).toBe(1);
    expect(findHits(rows, history, 'a1').total).toBe(1);
  });

  it('hitAt names the field and range a highlight sits at; past the preview the view opens it', () => {
    const found = findHits(rows, history, 'content-length');
    const last = hitAt(found, 2)!;
    expect(last.field.part).toBe('output');
    expect(last.field.text.slice(last.start, last.end)).toBe('Content-Length');
    expect(last.end).toBeGreaterThan(PREVIEW_CHARS.output);
    // The offsets are the highlight's: the second <mark> of the output starts where the hit does.
    expect(splitMatches(last.field.text, 'content-length')!.parts.slice(0, 3).join('').length).toBe(last.start);
    expect(hitAt(found, 1)!.start).toBe('12: '.length);
    expect(hitAt(found, 3)).toBeNull();
  });

  it('Enter walks every hit once, then wraps; from another row it starts at the next row with a hit', () => {
    const found = findHits(rows, history, 'type');
    expect(found.total).toBe(2);
    expect(stepHit(found, -1, -1, 1)).toBe(0);
    expect(stepHit(found, 0, 0, 1)).toBe(1);
    expect(stepHit(found, 1, 0, 1)).toBe(0);
    expect(stepHit(found, 0, 0, -1)).toBe(1);
    const cl = findHits(rows, history, 'content-length');
    expect(stepHit(cl, -1, 0, 1)).toBe(0);
    expect(stepHit(cl, -1, 1, 1)).toBe(0);
    expect(stepHit(cl, -1, 1, -1)).toBe(2);
    expect(stepHit(findHits(rows, history, 'zz'), -1, 0, 1)).toBeNull();
  });

  it('R13 the omission marker the proposal adds is found in changed rows only, once per marker', async () => {
    const run = await paymentRun();
    const shorten = Object.fromEntries(run.analysis.candidates.map((p) => [p.pairId, 'drop_result' as const]));
    const model = auditModel(run.messages, run.analysis, reviewedAt(run, 0.5, shorten));
    const found = findHits(model.rows, run.messages, 'omitted; the full output is in');
    const truncated = model.rows.flatMap((r) => [...r.blocks.values()].filter((b) => b.fate === 'truncated'));
    expect(truncated.length).toBeGreaterThan(0);
    expect(found.total).toBe(truncated.length);
    expect(found.fields.every((f) => f.field.part === 'marker' && model.rows[f.position].status !== 'same')).toBe(true);
  });

  it.skipIf(corpus === null)(
    corpus === null ? sharedSkipReason('corpus') : 'a quoted grep in a real transcript is found where it is shown',
    () => {
      const { messages } = loadHistory(readFileSync(join(corpus!, 'miniswe-gemini3pro-requests-1142.json'), 'utf8'));
      const a = analyze(messages, {
        eligibleToolNames: [],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 6,
      });
      const all = auditModel(messages, a, null).rows;
      const found = findHits(all, messages, 'grep -r "Content-Length"');
      expect(found.total).toBeGreaterThan(0);
      expect(found.fields[0].field.part).toBe('input');
      // Every message's JSON holds "type"; the displayed text far fewer times.
      expect(findHits(all, messages, '"type"').total).toBeLessThan(messages.length);
    },
  );
});
