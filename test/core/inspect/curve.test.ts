/**
 * core/inspect/actions.ts, sizeModel.ts, curve.ts and align.ts: re-derived actions equal the
 * engine's (R12, R15), and the size model's characters equal a real rebuild's JSON length at
 * every threshold (R13, R14).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentRetryScenario } from '../../../core/examples/paymentRetry.js';
import type { Action, Message } from '../../../core/engine/schema.js';
import { alignRows } from '../../../core/inspect/align.js';
import { analyze } from '../../../core/engine/guards.js';
import { deriveActions, probabilitiesOf } from '../../../core/inspect/actions.js';
import { buildSizeModel, charsAfter } from '../../../core/inspect/sizeModel.js';
import { fittedOperatingPoint, thresholdCurve } from '../../../core/inspect/curve.js';
import { OptionsSchema } from '../../../core/engine/schema.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { loadHistory } from '../../../core/engine/containers.js';
import { rebuild } from '../../../core/engine/rebuild.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';

const corpus = sharedPath('corpus');

async function setup(messages: Message[], eligible: string[], preserve = 6) {
  const response = await compactContext(
    {
      messages,
      goal: 'fix the failing test and write the patch',
      eligible_tool_names: eligible,
      options: { preserve_recent_messages: preserve },
    },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error(response.answer.error.message);
  const analysis = analyze(messages, {
    eligibleToolNames: eligible,
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: preserve,
  });
  const opts = { truncateHeadChars: 300, truncateTailChars: 0, archiveRef: 'archived history' };
  return {
    response,
    analysis,
    probs: probabilitiesOf(response.answer.decisions),
    sizes: buildSizeModel(messages, analysis.pairs, opts),
    opts,
  };
}

describe('threshold curve', () => {
  it('R15 deriveActions at the run threshold equals the engine decisions', async () => {
    const s = paymentRetryScenario();
    const { response, analysis, probs } = await setup(s.messages, s.eligible_tool_names);
    expect([...deriveActions(analysis.pairs, probs, 0.5).values()]).toEqual(
      response.answer.decisions.map((d) => d.action),
    );
  });

  it('R13 R14 charsAfter equals JSON.stringify(rebuild()).length at any threshold and with overrides', async () => {
    const s = paymentRetryScenario();
    const { analysis, probs, sizes, opts } = await setup(s.messages, s.eligible_tool_names, 2);
    const ids = analysis.pairs.map((p) => p.pairId);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.dictionary(fc.constantFrom(...ids), fc.constantFrom<Action>('keep', 'drop_result', 'drop_call'), {
          maxKeys: 4,
        }),
        (t, overrides) => {
          const actions = deriveActions(analysis.pairs, probs, t, overrides);
          expect(charsAfter(sizes, actions)).toBe(
            JSON.stringify(rebuild(s.messages, analysis.pairs, actions, opts).messages).length,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('R12 the curve runs from 0 to 1 and never rises as the threshold falls to 0', async () => {
    const s = paymentRetryScenario();
    const { probs, sizes } = await setup(s.messages, s.eligible_tool_names);
    const curve = thresholdCurve(sizes, probs);
    expect(curve).toHaveLength(101);
    expect(curve[0].threshold).toBe(0);
    expect(curve[100].threshold).toBe(1);
    // At t = 0 every candidate is kept (p ≥ 0), so nothing changes.
    expect(curve[0].chars).toBe(JSON.stringify(s.messages).length);
  });

  it.skipIf(corpus === null)(
    corpus === null ? sharedSkipReason('corpus') : 'R14 exact on every corpus transcript (both result layouts)',
    async () => {
      for (const file of [
        'claudecode-opus45-cctrace-portable-sessions.json',
        'spider2-claude37-snowflake-sql-sf_bq024.json',
        'taubench-gpt4o-airline-task2.json',
      ]) {
        const { messages } = loadHistory(readFileSync(join(corpus as string, file), 'utf8'));
        const tools = [
          ...new Set(
            messages.flatMap((m) =>
              (Array.isArray(m.content) ? m.content : [])
                .filter((b) => b.type === 'tool_call')
                .map((b) => String(b.name)),
            ),
          ),
        ];
        const { analysis, probs, sizes, opts } = await setup(messages, tools);
        for (const t of [0.1, 0.3, 0.6, 0.9]) {
          const actions = deriveActions(analysis.pairs, probs, t);
          expect(charsAfter(sizes, actions)).toBe(
            JSON.stringify(rebuild(messages, analysis.pairs, actions, opts).messages).length,
          );
        }
      }
    },
  );
});

describe('side-by-side alignment', () => {
  it('R14 rows follow the original messages; removed rows are exactly the messages rebuild drops', async () => {
    const s = paymentRetryScenario();
    const { analysis, probs, sizes, opts } = await setup(s.messages, s.eligible_tool_names, 0);
    const actions = deriveActions(analysis.pairs, probs, 0.99);
    const rows = alignRows(s.messages, analysis, actions, sizes.truncated);
    expect(rows).toHaveLength(s.messages.length);
    const rebuilt = rebuild(s.messages, analysis.pairs, actions, opts).messages;
    expect(rows.filter((r) => r.status !== 'removed').length).toBe(rebuilt.length);
    const changedIds = rows.filter((r) => r.status === 'changed').map((r) => r.id);
    for (const id of changedIds) {
      const before = s.messages.find((m) => m.id === id);
      const after = rebuilt.find((m) => m.id === id);
      expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    }
    for (const row of rows.filter((r) => r.status === 'same'))
      expect(JSON.stringify(rebuilt.find((m) => m.id === row.id))).toBe(JSON.stringify(s.messages[row.index]));
  });
});

describe('the default operating point on the curve', () => {
  it('R15 the offline backend marks where the default threshold sits, cross-validated; others have none', () => {
    const point = fittedOperatingPoint('offline');
    expect(point).not.toBeNull();
    expect(point?.threshold).toBe(OptionsSchema.parse({}).keep_threshold);
    expect(point?.recall).toBeGreaterThanOrEqual(point?.recallFloor ?? 1);
    expect(point?.reduction).toBeGreaterThan(0);
    expect(fittedOperatingPoint('openai')).toBeNull();
  });
});
