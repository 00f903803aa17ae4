/** R6–R9: the shared observation, fitting stages 0–4, question pairs and batch packing. */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { applyStage, buildView, renderObservation } from '../../../core/engine/observation.js';
import { estimateTokens } from '../../../core/engine/tokens.js';
import { planBatches, REQUEST_RESERVE_TOKENS } from '../../../core/engine/batching.js';
import { constant, failure, history, msg, ok, request, tcall, tres, txt } from './helpers.js';

const applyStageOf = (view: Parameters<typeof applyStage>[0], stage: number) =>
  applyStage(view, stage as 0 | 1 | 2 | 3 | 4);

const SECRET = 'RESULT-BODY-SECRET-7f3a';

describe('R6 observation', () => {
  it('R6 holds goal, tools, text, pair ids, inputs, result state and char count, never result bodies or thinking', async () => {
    const messages = [
      msg('m0', 'user', [txt('please look')]),
      msg('m1', 'assistant', [
        { type: 'thinking', thinking: 'THINKING-SECRET', signature: 's' },
        tcall('a', 'read_file', '{"path":"src/x.ts"}'),
        tres('a', SECRET + 'x'.repeat(100)),
      ]),
      msg('m2', 'assistant', [
        tcall('lonely', 'read_file', '{"path":"y"}'),
        tcall('b', 'grep', '{"q":1}'),
        tres('b', 'z', 'grep'),
      ]),
      msg('m3', 'user', [txt('thanks')]),
    ];
    const model = constant(1, 1);
    await ok(request(messages, { tools: [{ name: 'read_file', description: 'Reads files' }] }), model);
    const text = model.batches[0].observation;
    expect(text).toContain('continue the task');
    expect(text).toContain('read_file: Reads files');
    expect(text).toContain('please look');
    expect(text).toContain('[call p1] read_file input={"path":"src/x.ts"} -> result success, 123 chars');
    expect(text).toContain('not a candidate: missing_pair');
    expect(text).toContain('not a candidate: tool_not_eligible');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('THINKING-SECRET');
    expect(JSON.stringify(model.batches[0].view)).not.toContain(SECRET);
  });

  it('R6 every batch of one call shares the same observation', async () => {
    // Only the questions change from batch to batch; a small max_request_tokens forces several.
    const small = constant(1, 1);
    const tokens = (await ok(request(history(40)), constant(1, 1))).stats.observation_tokens ?? 0;
    await ok(request(history(40), {}, { max_request_tokens: tokens + 256 + 200 }), small);
    expect(small.batches.length).toBeGreaterThan(1);
    expect(new Set(small.batches.map((b) => b.observation)).size).toBe(1);
  });
});

describe('R7 fitting', () => {
  // One long old text message, long inputs, many non-candidate calls: each stage has work to do.
  const bulky = () => {
    const messages = [msg('m0', 'user', [txt('go')])];
    for (let i = 1; i <= 30; i++) {
      messages.push(msg(`t${i}`, 'user', [txt(`note ${i} ` + 'lorem ipsum '.repeat(60))]));
      messages.push(
        msg(`a${i}`, 'assistant', [
          tcall(`c${i}`, i % 3 === 0 ? 'read_file' : 'shell', JSON.stringify({ cmd: 'q'.repeat(900) })),
          tres(`c${i}`, 'out', i % 3 === 0 ? 'read_file' : 'shell'),
        ]),
      );
    }
    messages.push(msg('end', 'user', [txt('finish')]));
    return messages;
  };
  it.each([0, 1, 2, 3, 4])(
    'R7 reaches stage %i exactly when the earlier stages are over max_state_tokens, and reports it',
    async (stage) => {
      const messages = bulky();
      const analysis = analyze(messages, {
        eligibleToolNames: ['read_file'],
        protectedMessageIds: [],
        protectedCallIds: [],
        preserveRecentMessages: 0,
      });
      const full = buildView(messages, analysis, 'continue the task', [], 0);
      const sizes: number[] = [];
      for (let s = 0; s <= 4; s++) sizes.push(estimateTokens(renderObservation(applyStageOf(full, s))));
      for (let s = 1; s <= 4; s++)
        expect(sizes[s], `stage ${s} must shrink the observation`).toBeLessThan(sizes[s - 1]);
      const answer = await ok(request(messages, {}, { max_state_tokens: sizes[stage] }), constant(1, 1));
      expect(answer.stats.fitting_stage).toBe(stage);
      expect(answer.stats.observation_tokens).toBe(sizes[stage]);
      expect(JSON.stringify(answer.messages)).toBe(JSON.stringify(messages));
    },
  );

  it('R7 merging never hides a candidate', async () => {
    const model = constant(1, 1);
    const messages = bulky();
    const analysis = analyze(messages, {
      eligibleToolNames: ['read_file'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const stage4 = estimateTokens(
      renderObservation(applyStageOf(buildView(messages, analysis, 'continue the task', [], 0), 4)),
    );
    await ok(request(messages, {}, { max_state_tokens: stage4 }), model);
    const view = model.batches[0].view;
    expect(view.stage).toBe(4);
    const shown = view.messages
      .flatMap((m) => m.items)
      .filter((i) => i.kind === 'call' && i.candidate)
      .map((i) => (i.kind === 'call' ? i.pairId : null));
    expect(shown).toEqual(analysis.candidates.map((c) => c.pairId));
    expect(view.messages.flatMap((m) => m.items).some((i) => i.kind === 'merged')).toBe(true);
  });

  it('R7 fails with observation_too_large when stage 4 is still over, with stage 4 reported and no messages', async () => {
    const response = await failure(request(bulky(), {}, { max_state_tokens: 50 }), constant(1, 1));
    expect(response.answer.error.code).toBe('observation_too_large');
    expect(response.metadata.compaction.fitting_stage).toBe(4);
    expect(response.answer).not.toHaveProperty('messages');
  });
});

describe('R8 R9 questions and batches', () => {
  it('R8 asks call_<pair> and result_<pair> for each candidate, both in the same batch', async () => {
    const model = constant(1, 1);
    const tokens = (await ok(request(history(30)), constant(1, 1))).stats.observation_tokens ?? 0;
    await ok(request(history(30), {}, { max_request_tokens: tokens + 256 + 90 }), model);
    expect(model.batches.length).toBeGreaterThan(2);
    for (const batch of model.batches) {
      const keys = batch.questions.map((q) => q.key);
      for (const q of batch.questions)
        expect(keys).toContain(q.kind === 'call' ? `result_${q.pairId}` : `call_${q.pairId}`);
    }
    // R9: conversation order across batches.
    expect(model.batches.flatMap((b) => b.questions.map((q) => q.key))).toEqual(
      Array.from({ length: 30 }, (_, i) => [`call_p${i + 1}`, `result_p${i + 1}`]).flat(),
    );
  });

  it('R9 packs observation + questions + 256 <= max_request_tokens, and fixed instructions above 256 count as questions', () => {
    const messages = history(12);
    const analysis = analyze(messages, {
      eligibleToolNames: ['read_file'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    const plan = (max: number, instructionTokens = 0) =>
      planBatches(analysis.candidates, {
        observationTokens: 1000,
        maxRequestTokens: max,
        instructionTokens,
        maxKeysPerRequest: Infinity,
      });
    const one = plan(100_000)!;
    expect(one).toHaveLength(1);
    const pairTokens = Math.ceil(one[0].questionTokens / 12) + 1;
    for (const max of [
      1000 + REQUEST_RESERVE_TOKENS + pairTokens * 3,
      1000 + REQUEST_RESERVE_TOKENS + pairTokens * 5 + 7,
    ]) {
      for (const batch of plan(max)!)
        expect(1000 + batch.questionTokens + REQUEST_RESERVE_TOKENS).toBeLessThanOrEqual(max);
    }
    const exact = plan(1000 + REQUEST_RESERVE_TOKENS + one[0].questionTokens)!;
    expect(exact).toHaveLength(1);
    expect(plan(1000 + REQUEST_RESERVE_TOKENS + one[0].questionTokens, REQUEST_RESERVE_TOKENS)!).toHaveLength(1);
    expect(
      plan(1000 + REQUEST_RESERVE_TOKENS + one[0].questionTokens, REQUEST_RESERVE_TOKENS + 50)!.length,
    ).toBeGreaterThan(1);
    expect(plan(1000 + REQUEST_RESERVE_TOKENS + one[0].questionTokens - 1)!.length).toBeGreaterThan(1);
    expect(
      planBatches(analysis.candidates, {
        observationTokens: 1000,
        maxRequestTokens: 100_000,
        instructionTokens: 0,
        maxKeysPerRequest: 4,
      })!.map((b) => b.pairs.length),
    ).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('R9 fails with question_does_not_fit when the observation plus one pair cannot fit, also when the observation alone is too big', async () => {
    const tokens = (await ok(request(history(3)), constant(1, 1))).stats.observation_tokens ?? 0;
    for (const max of [tokens + 256 + 5, Math.max(257, tokens - 10)]) {
      const model = constant(1, 1);
      const response = await failure(request(history(3), {}, { max_request_tokens: max }), model);
      expect(response.answer.error.code).toBe('question_does_not_fit');
      expect(model.batches).toHaveLength(0);
      expect(response.metadata.compaction.requests).toBe(0);
    }
  });
});
