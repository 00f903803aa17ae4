/**
 * §9 cache figures re-derived in the inspector (R15): they equal what a fresh compaction reports
 * at the same threshold, and the cache-friendly variant equals a run with the earlier messages
 * protected (R4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactContext, parseRequest, policyOf } from '../../../core/engine/compact.js';
import { analyze } from '../../../core/engine/guards.js';
import { messageId } from '../../../core/engine/pairing.js';
import { rebuildOptionsOf } from '../../../core/engine/rebuild.js';
import { createScriptedModel } from '../../../core/engine/scripted.js';
import type { Message } from '../../../core/engine/schema.js';
import { cacheFriendlyActions, cacheView } from '../../../core/inspect/cacheView.js';
import { deriveActions, probabilitiesOf } from '../../../core/inspect/actions.js';
import { buildSizeModel } from '../../../core/inspect/sizeModel.js';
import { answersArb, requestArb } from '../../support/arbitraries.js';
import { history, msg, tcall, tres, txt } from '../engine/helpers.js';

const probability = fc.double({ min: 0, max: 1, noNaN: true });
const scriptedArb = fc
  .tuple(answersArb, probability, probability)
  .map(([answers, call, result]) => ({ answers, default: { call, result } }));

/** The run's size model and probabilities, as the inspector's store builds them after a run. */
async function inspected(input: Parameters<typeof parseRequest>[0], script: Parameters<typeof createScriptedModel>[0]) {
  const response = await compactContext(input, { model: createScriptedModel(script) });
  if (!response.success) throw new Error(response.answer.error.message);
  const request = parseRequest(input);
  const analysis = analyze(request.messages, policyOf(request));
  const model = buildSizeModel(request.messages, analysis.pairs, rebuildOptionsOf(request));
  return { request, analysis, model, probs: probabilitiesOf(response.answer.decisions) };
}

describe('§9 cache figures in the inspector', () => {
  it('§9 R15 at any threshold the first changed message and prefix equal a fresh run’s stats', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, scriptedArb, fc.constantFrom(0, 0.2, 0.5, 0.8, 1), async (input, script, t) => {
        const { request, model, probs } = await inspected(input, script);
        const fresh = await compactContext(
          { ...input, options: { ...input.options, keep_threshold: t } },
          { model: createScriptedModel(script) },
        );
        if (!fresh.success) throw new Error(fresh.answer.error.message);
        const view = cacheView(model, deriveActions(model.pairs, probs, t));
        const { stats } = fresh.answer;
        expect(
          view.firstChanged === null ? null : messageId(request.messages[view.firstChanged], view.firstChanged),
        ).toBe(stats.first_changed_message_id);
        expect(view.prefixChars).toBe(stats.unchanged_prefix_chars);
        expect(view.charsAfter).toBe(stats.chars_after);
      }),
      { seed: 17, numRuns: 150 },
    );
  });

  it('§9 the cache-friendly variant equals a run with every message up to the chosen one protected', async () => {
    const messages: Message[] = history(8, 'x'.repeat(900));
    const answers = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `c${i + 1}`,
        i % 2 ? { call: 0.9, result: 0.1 } : { call: 0.1, result: 0.1 },
      ]),
    );
    const base = { messages, goal: 'g', eligible_tool_names: ['read_file'], options: { preserve_recent_messages: 0 } };
    const { analysis, model, probs } = await inspected(base, { answers });
    const full = deriveActions(analysis.pairs, probs, 0.5);
    for (const after of [0, 2, 5, 8, 9]) {
      const friendly = cacheFriendlyActions(analysis.pairs, full, {}, after);
      const protectedIds = messages.slice(0, after + 1).map((m) => m.id as string);
      const fresh = await compactContext(
        { ...base, protected_message_ids: protectedIds },
        { model: createScriptedModel({ answers }) },
      );
      if (!fresh.success) throw new Error(fresh.answer.error.message);
      expect([...friendly.values()], `after ${after}`).toEqual(fresh.answer.decisions.map((d) => d.action));
      const view = cacheView(model, friendly);
      expect(view.charsAfter).toBe(fresh.answer.stats.chars_after);
      expect(view.prefixChars).toBe(fresh.answer.stats.unchanged_prefix_chars);
      if (view.firstChanged !== null) expect(view.firstChanged).toBeGreaterThan(after);
    }
    // Protecting more can only keep more: the reduction shrinks as the chosen message moves on.
    const reductions = [0, 2, 5, 8].map(
      (after) => cacheView(model, cacheFriendlyActions(analysis.pairs, full, {}, after)).charsAfter,
    );
    expect([...reductions].sort((a, b) => a - b)).toEqual(reductions);
  });

  it('§9 a person’s override still applies before the chosen message, as it does over a guard', () => {
    const messages = [
      msg('m0', 'user', [txt('go')]),
      msg('m1', 'assistant', [tcall('a'), tres('a')]),
      msg('m2', 'assistant', [tcall('b'), tres('b')]),
    ];
    const analysis = analyze(messages, {
      eligibleToolNames: ['read_file'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const [a, b] = analysis.pairs.map((p) => p.pairId);
    const actions = new Map([
      [a, 'drop_call' as const],
      [b, 'drop_call' as const],
    ]);
    expect([...cacheFriendlyActions(analysis.pairs, actions, { [b]: 'drop_call' }, 2).values()]).toEqual([
      'keep',
      'drop_call',
    ]);
  });
});
