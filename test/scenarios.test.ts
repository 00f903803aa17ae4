/**
 * The source's two integration scenarios ("Two live-model integration scenarios") through the
 * real engine with the offline backend. The source's checks come first; the product target
 * (every critical call kept, every irrelevant one dropped, ≥ 75 % fewer characters) is the
 * contract the offline model is held to, and may fail until that model is good enough.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../core/engine/guards.js';
import type { CompactResponse, Decision, SuccessAnswer } from '../core/engine/schema.js';
import type { Scenario } from '../core/examples/index.js';
import { analyze } from '../core/engine/guards.js';
import { compactContext, parseRequest, policyOf } from '../core/engine/compact.js';
import { createOfflineModel } from '../core/engine/offline/model.js';
import { SCENARIOS, scenarioRequest } from '../core/examples/index.js';
import { deepFreeze, newlyUnpaired, proposalProblems } from './support/invariants.js';
import { openSource } from '../core/formats/index.js';
import { runTargetChecks } from '../core/formats/targets/index.js';

interface Run {
  scenario: Scenario;
  /** The deep-frozen request the engine was given, and its JSON before the run. */
  request: ReturnType<typeof scenarioRequest>;
  snapshot: string;
  response: CompactResponse;
  answer: SuccessAnswer;
  analysis: Analysis;
  byCall: Map<string, Decision>;
}

const describeDecision = (d: Decision | undefined, id: string) =>
  d
    ? `${id}: ${d.action} (${d.reason}, p_call=${d.keep_call}, p_result=${d.keep_result}; ${d.evidence?.join(' | ') ?? 'no evidence'})`
    : `${id}: no decision`;

describe.each(Object.entries(SCENARIOS))('scenario %s (offline backend)', (name, build) => {
  let run: Run;

  beforeAll(async () => {
    const scenario = build();
    const request = deepFreeze(scenarioRequest(scenario));
    const snapshot = JSON.stringify(request);
    const response = await compactContext(request, { model: createOfflineModel() });
    if (!response.success)
      throw new Error(`${name}: compaction failed: ${response.answer.error.code}: ${response.answer.error.message}`);
    const answer = response.answer;
    const analysis = analyze(request.messages, policyOf(parseRequest(request)));
    run = {
      scenario,
      request,
      snapshot,
      response,
      answer,
      analysis,
      byCall: new Map(answer.decisions.map((d) => [d.call_id, d])),
    };
    const { stats } = answer;
    const reduction = 1 - (stats.chars_after ?? 0) / (stats.chars_before ?? 1);
    const actions = answer.decisions.filter((d) => d.keep_call !== null).map((d) => `${d.call_id}=${d.action}`);
    console.log(
      `[scenario] ${name}: chars ${stats.chars_before} → ${stats.chars_after} (${(reduction * 100).toFixed(1)} % fewer), ${stats.requests} request(s), ${actions.join(', ')}`,
    );
  });

  it('is a long history (source: ~40-50 k characters) that AgentScope 2.x loads: every result in its call’s message', () => {
    const chars = JSON.stringify(run.scenario.messages).length;
    expect(chars).toBeGreaterThan(39_000);
    expect(run.analysis.pairs.every((p) => p.call.message === p.result.message)).toBe(true);
    const opened = openSource(JSON.stringify(run.scenario.messages), { format: 'agentscope' });
    expect(runTargetChecks({ doc: opened.doc, read: opened.read }).flatMap((r) => r.violations)).toEqual([]);
  });

  it('R11 leaves the deep-frozen input unchanged and succeeds with batched requests', () => {
    expect(JSON.stringify(run.request)).toBe(run.snapshot);
    expect(run.answer.stats.requests).toBeGreaterThanOrEqual(1);
    expect(run.answer.reason).toBe('compacted');
  });

  it('R2 R3 R4 keeps every protection boundary by a guard, never by probability', () => {
    for (const id of run.scenario.protectedBoundaries) {
      const decision = run.byCall.get(id);
      const unpaired = run.analysis.unpaired.some((u) => u.id === id);
      if (unpaired) expect(decision, `${id} is unpaired and has no decision`).toBeUndefined();
      else {
        expect(decision?.action, describeDecision(decision, id)).toBe('keep');
        expect(decision?.keep_call, `${id} was never asked about`).toBeNull();
      }
    }
  });

  it('R14 keeps protected history and conversation text byte-identical', () => {
    const input = run.scenario.messages;
    expect(proposalProblems(input, run.answer.messages, run.analysis, run.answer.decisions)).toEqual([]);
    expect(newlyUnpaired(input, run.answer.messages)).toEqual([]);
  });

  it('source check: removes at least one irrelevant call and returns fewer characters', () => {
    const removed = run.scenario.irrelevant.filter((id) => run.byCall.get(id)?.action === 'drop_call');
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect(run.answer.stats.chars_after).toBeLessThan(run.answer.stats.chars_before ?? 0);
  });

  it('R12 source check: keeps every critical candidate in full', () => {
    for (const id of run.scenario.critical) {
      const decision = run.byCall.get(id);
      expect(decision?.keep_call, `${id} must be a candidate`).not.toBeNull();
      expect(decision?.action, describeDecision(decision, id)).toBe('keep');
    }
  });

  it('R12 target: drops or truncates every irrelevant candidate', () => {
    const kept = run.scenario.irrelevant.map((id) => run.byCall.get(id)).filter((d) => d?.action === 'keep');
    expect(kept.map((d) => describeDecision(d, d?.call_id ?? '?'))).toEqual([]);
  });

  it('target: returns at least 75 % fewer characters', () => {
    const { chars_before, chars_after } = run.answer.stats;
    expect((chars_after ?? 0) / (chars_before ?? 1)).toBeLessThanOrEqual(0.25);
  });
});
