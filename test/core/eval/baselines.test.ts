/**
 * Baselines, sweep and advice: masking keeps the last M results,
 * random keeps as many as the model, and every sweep point equals a fresh run at that
 * threshold (R15: no extra model calls needed).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../core/engine/schema.js';
import { analyze } from '../../../core/engine/guards.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { createScriptedModel } from '../../../core/engine/scripted.js';
import { pickCuts } from '../../../core/eval/cuts.js';
import { evaluateCut, SWEEP_THRESHOLDS, toolNames } from '../../../core/eval/evaluate.js';
import { LABELS, labelContext, labelCut } from '../../../core/eval/labels.js';
import { tally } from '../../../core/eval/measure.js';
import { masking, randomLike, randomShare } from '../../../core/policies/baselines.js';
import { advise, pool } from '../../../core/eval/pool.js';
import { history as readFileHistory } from '../engine/helpers.js';
import { debuggingSession } from './fixtures.js';

const { messages } = debuggingSession();
const analysis = analyze(messages, {
  eligibleToolNames: toolNames(messages),
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 0,
});
const count = (actions: Map<string, Action>, action: Action) =>
  [...actions.values()].filter((a) => a === action).length;

describe('baselines', () => {
  it('observation masking keeps the last M tool results in full and truncates the older ones', () => {
    const actions = masking(analysis, 2);
    expect(analysis.candidates.map((p) => `${p.callId}:${actions.get(p.pairId)}`)).toEqual([
      'c1:drop_result',
      'c2:drop_result',
      'c3:drop_result',
      'c4:drop_result',
      'c5:keep',
      'c6:keep',
    ]);
    expect(count(masking(analysis, 0), 'keep')).toBe(0);
    expect(count(masking(analysis, 100), 'keep')).toBe(6);
  });

  it('random keeps exactly as many results as the policy it mirrors, differently per seed, the same for one seed', () => {
    const like = new Map<string, Action>(
      analysis.candidates.map((p, i) => [p.pairId, i < 2 ? 'keep' : i < 4 ? 'drop_result' : 'drop_call']),
    );
    const runs = [1, 2, 3, 4, 5].map((seed) => randomLike(analysis, like, seed));
    for (const run of runs)
      for (const action of ['keep', 'drop_result', 'drop_call'] as const)
        expect(count(run, action)).toBe(count(like, action));
    expect(new Set(runs.map((r) => JSON.stringify([...r]))).size).toBeGreaterThan(1);
    expect(JSON.stringify([...randomLike(analysis, like, 7)])).toBe(JSON.stringify([...randomLike(analysis, like, 7)]));
    expect(count(randomShare(analysis, 0.5, 1), 'keep')).toBe(3);
  });

  it('keeping every result has recall 1 and no reduction; masking everything reduces', () => {
    const cut = { index: 12, goal: 'Patch the constant.' };
    // R13 a marker replaces an output only where that is shorter, and the marker names the tool and
    // its target, so the docs listing is made long enough for masking to shorten it.
    const longListing = Array.from({ length: 40 }, (_, i) => `release_notes_${2000 + i}.md`).join('\n');
    const history = messages.slice(0, 12).map((message) =>
      !Array.isArray(message.content)
        ? message
        : {
            ...message,
            content: message.content.map((block) =>
              block.type === 'tool_result' && block.id === 'c2' ? { ...block, output: longListing } : block,
            ),
          },
    );
    const subject = {
      history,
      analysis: analyze(history, {
        eligibleToolNames: toolNames(messages),
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 0,
      }),
      labels: labelCut(labelContext(messages), cut),
      rebuildOptions: { truncateHeadChars: 10, truncateTailChars: 0, archiveRef: 'a' },
      charsBefore: JSON.stringify(history).length,
    };
    const all = tally(subject, new Map(subject.analysis.candidates.map((p) => [p.pairId, 'keep' as const])));
    for (const label of LABELS) {
      expect(all[label].charsAfter).toBe(all[label].charsBefore);
      expect(all[label].usedKept).toBe(all[label].used);
    }
    expect(all['later-use'].used).toBeGreaterThan(0);
    expect(tally(subject, masking(subject.analysis, 0)).strict.charsAfter).toBeLessThan(all.strict.charsBefore);
  });
});

describe('threshold sweep', () => {
  it('R15 every sweep point equals a fresh run at that threshold', async () => {
    const context = labelContext(messages);
    const [cut] = pickCuts(messages, 1);
    const result = await evaluateCut('fixture', context, cut, createOfflineModel(), {
      maskM: 10,
      seeds: 3,
      options: { preserve_recent_messages: 2 },
    });
    expect(result.error).toBeNull();
    const history = messages.slice(0, cut.index);
    const subject = {
      history,
      analysis: analyze(history, {
        eligibleToolNames: toolNames(history),
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 2,
      }),
      labels: labelCut(context, cut),
      rebuildOptions: { truncateHeadChars: 300, truncateTailChars: 0, archiveRef: 'archived history' },
      charsBefore: JSON.stringify(history).length,
    };
    for (const [i, threshold] of SWEEP_THRESHOLDS.entries()) {
      const fresh = await compactContext(
        {
          messages: history,
          goal: cut.goal,
          eligible_tool_names: toolNames(history),
          options: { preserve_recent_messages: 2, keep_threshold: threshold },
        },
        { model: createOfflineModel() },
      );
      if (!fresh.success) throw new Error(fresh.answer.error.message);
      const actions = new Map(fresh.answer.decisions.map((d) => [d.pair_id, d.action]));
      expect(result.sweep[i].tally, `t = ${threshold}`).toEqual(tally(subject, actions));
      expect(result.sweep[i].tally.strict.charsAfter).toBe(fresh.answer.stats.chars_after);
    }
  });

  it('§9 the evaluation honours truncate_tail_chars: the model policy measures what compact_context returns with it', async () => {
    // Every candidate drop_result, so every truncation shows the tail.
    const model = () => createScriptedModel({ answers: {}, default: { call: 0.9, result: 0.1 } });
    const long = readFileHistory(14, 'x'.repeat(800));
    const context = labelContext(long);
    const [cut] = pickCuts(long, 1);
    const history = long.slice(0, cut.index);
    const charsAt = async (tail: number) => {
      const options = {
        preserve_recent_messages: 2,
        truncate_head_chars: 20,
        truncate_tail_chars: tail,
      };
      const result = await evaluateCut('fixture', context, cut, model(), { maskM: 1, seeds: 1, options });
      const fresh = await compactContext(
        { messages: history, goal: cut.goal, eligible_tool_names: toolNames(history), options },
        { model: model() },
      );
      if (!fresh.success) throw new Error(fresh.answer.error.message);
      expect(result.policies.model.strict.charsAfter).toBe(fresh.answer.stats.chars_after);
      return { model: result.policies.model.strict.charsAfter, masking: result.policies.masking.strict.charsAfter };
    };
    const headOnly = await charsAt(0);
    const withTail = await charsAt(60);
    // A 60-code-point tail keeps more of every truncated result, in the model's policy and the baseline alike.
    expect(withTail.model).toBeGreaterThan(headOnly.model);
    expect(withTail.masking).toBeGreaterThan(headOnly.masking);
  });

  it('advice names the highest threshold whose pooled recall stays within the allowed loss', async () => {
    const context = labelContext(messages);
    const results = await Promise.all(
      pickCuts(messages, 2).map((cut) =>
        evaluateCut('fixture', context, cut, createOfflineModel(), {
          maskM: 10,
          seeds: 2,
          options: { preserve_recent_messages: 2 },
        }),
      ),
    );
    const pooled = pool(results)['later-use'];
    const advice = advise(pooled, 0.05);
    expect(advice.baselineRecall).toBe(1);
    expect(advice.threshold).not.toBeNull();
    const ok = pooled.sweep.filter((p) => p.recall !== null && p.recall >= 0.95);
    expect(advice.threshold).toBe(ok[ok.length - 1].threshold);
    expect(advise(pooled, 1).threshold).toBe(0.95);
  });
});
