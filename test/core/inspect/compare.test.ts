/**
 * §9 compare: two proposals for the same history side by side, from envelopes or audit records;
 * two different histories are refused with the figure that differs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHistory } from '../../../core/engine/containers.js';
import { compactContext } from '../../../core/engine/compact.js';
import { decide } from '../../../core/engine/decide.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { createScriptedModel } from '../../../core/engine/scripted.js';
import type { CompactResponse, Message } from '../../../core/engine/schema.js';
import { AUDIT_KIND, AUDIT_VERSION, AuditRecordSchema } from '../../../core/records/audit.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import {
  auditSide,
  compareProposals,
  CompareInputError,
  envelopeSide,
  missingDigest,
  proposalSide,
} from '../../../core/inspect/compare.js';
import { compareReport, renderComparison } from '../../../core/inspect/compareReport.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { history } from '../engine/helpers.js';

const corpus = sharedPath('corpus');
const TRANSCRIPT = 'miniswe-gemini3pro-sympy-19040.json';

async function offlineRun(messages: Message[], threshold: number): Promise<CompactResponse> {
  return compactContext(
    {
      messages,
      goal: 'Fix the reported sympy issue',
      eligible_tool_names: ['bash'],
      options: { keep_threshold: threshold },
    },
    { model: createOfflineModel() },
  );
}

/** An audit record as an export writes it for `response` (checked by the schema it must satisfy). */
function auditOf(response: CompactResponse, sha: string, overrides: Record<string, 'keep'> = {}): AuditRecord {
  if (!response.success) throw new Error('expected success');
  const { decisions, stats } = response.answer;
  const when = '2026-12-02T12:00:00.000Z';
  return AuditRecordSchema.parse({
    kind: AUDIT_KIND,
    version: AUDIT_VERSION,
    original_file: 'h.json',
    original_sha256: sha.repeat(64).slice(0, 64),
    original_bytes: 1,
    container: 'array',
    source: { format: 'agentscope', conversation: 'main', conversations: 1 },
    goal: 'g',
    eligible_tool_names: ['read_file'],
    protected_message_ids: [],
    protected_call_ids: [],
    archive_ref: 'archived history',
    options: { keep_threshold: 0.5 },
    backend: 'scripted',
    model: null,
    decisions: decisions.map((d) => ({
      pair_id: d.pair_id,
      call_id: d.call_id,
      tool_name: d.tool_name,
      action: overrides[d.call_id] ?? d.action,
      model_action: d.action,
      reason: d.reason,
      keep_call: d.keep_call,
      keep_result: d.keep_result,
      override: overrides[d.call_id] ?? null,
      comment: null,
    })),
    stats: { ...stats, keep_threshold_run: 0.5, chars_after_exported: stats.chars_after },
    timestamps: { opened_at: when, run_started_at: when, run_finished_at: when, exported_at: when },
    exported_file: { name: 'h.compacted.json', sha256: 'e'.repeat(64), bytes: 1 },
    exported_as: 'source',
    archive_file: { name: 'h.archive.json', sha256: sha.repeat(64).slice(0, 64), bytes: 1 },
    reviewer: 'r',
    comment: null,
    tool: { name: 'compaction-inspector', version: '0.1.0' },
  });
}

const inside = (p: number | null) => p !== null && p >= 0.3 && p < 0.7;

describe.skipIf(corpus === null)(
  corpus === null ? sharedSkipReason('corpus') : '§9 compare on a corpus transcript',
  () => {
    it('§9 R12 R15 two offline runs at 0.3 and 0.7 agree exactly on the candidates whose probabilities are outside [0.3, 0.7)', async () => {
      const { messages } = loadHistory(readFileSync(join(corpus ?? '', TRANSCRIPT), 'utf8'));
      const [low, high] = [await offlineRun(messages, 0.3), await offlineRun(messages, 0.7)];
      const comparison = compareProposals(envelopeSide(low), envelopeSide(high));
      if (!low.success) throw new Error('expected success');
      const candidates = low.answer.decisions.filter((d) => d.keep_call !== null);
      const differing = new Set(comparison.differences.map((d) => d.call_id));
      const straddling = candidates.filter((d) => inside(d.keep_call) || inside(d.keep_result));
      // Outside [0.3, 0.7) on both questions: the same action at both thresholds.
      for (const d of candidates)
        if (!inside(d.keep_call) && !inside(d.keep_result)) expect(differing.has(d.call_id)).toBe(false);
      // Inside on either: it differs exactly when R12 gives different actions at 0.3 and 0.7.
      for (const d of straddling) {
        const p = { keepCall: d.keep_call as number, keepResult: d.keep_result as number };
        expect(differing.has(d.call_id)).toBe(decide(p, 0.3).action !== decide(p, 0.7).action);
      }
      expect(comparison.differences.length).toBeGreaterThan(0);
      expect(comparison.compared).toBe(candidates.length);
      expect(comparison.agreeing).toBe(candidates.length - comparison.differences.length);
      expect(comparison.agreementRate).toBeCloseTo(comparison.agreeing / comparison.compared, 12);
      // Same model, same history: both sides show the same probabilities, and their own reasons.
      for (const d of comparison.differences) {
        expect([d.a.keep_call, d.a.keep_result]).toEqual([d.b.keep_call, d.b.keep_result]);
        expect(d.a.reason).not.toBe(d.b.reason);
      }
      expect(comparison.b.charsAfter).toBeLessThan(comparison.a.charsAfter);
      expect(renderComparison(compareReport(comparison, { a: 'low.json', b: 'high.json' }))).toContain(
        `Agreement: ${comparison.agreeing} of ${comparison.compared} decided pairs`,
      );
    });
  },
);

describe('§9 compare', () => {
  const answers = { c1: { call: 0.9, result: 0.1 }, c2: { call: 0.1, result: 0.1 }, c3: { call: 0.9, result: 0.9 } };
  const run = (messages: Message[], script = answers) =>
    compactContext(
      { messages, goal: 'g', eligible_tool_names: ['read_file'], options: { preserve_recent_messages: 0 } },
      { model: createScriptedModel({ answers: script, default: { call: 1, result: 1 } }) },
    );

  it('§9 the same proposal twice agrees on every pair and lists no difference', async () => {
    const response = await run(history(3));
    const comparison = compareProposals(envelopeSide(response), envelopeSide(response));
    expect(comparison).toMatchObject({ pairs: 3, compared: 3, agreeing: 3, agreementRate: 1, differences: [] });
    expect(comparison.a.actions).toEqual({ keep: 1, drop_result: 1, drop_call: 1 });
  });

  it('§9 two different histories are refused with the figure that differs', async () => {
    const [three, four] = [await run(history(3)), await run(history(4))];
    expect(() => compareProposals(envelopeSide(three), envelopeSide(four))).toThrow(
      /different histories: A's history has 5 messages, B's 6/,
    );
    const longer = await run(history(3, 'y'.repeat(900)));
    expect(() => compareProposals(envelopeSide(three), envelopeSide(longer))).toThrow(/characters/);
    expect(() => compareProposals(auditSide(auditOf(three, 'a')), auditSide(auditOf(three, 'b')))).toThrow(
      /files opened differ/,
    );
  });

  it('§9 an envelope’s input digest is matched against the other side’s: an envelope, or an audit record of the same bytes', async () => {
    const response = await run(history(3));
    const withInput = (sha: string, conversation: string) => ({
      ...response,
      metadata: { ...response.metadata, input: { sha256: sha.repeat(64), bytes: 1 }, source: { conversation } },
    });
    const record = auditSide(auditOf(response, 'a'));
    expect(compareProposals(envelopeSide(withInput('a', 'main')), record).agreementRate).toBe(1);
    expect(() => compareProposals(envelopeSide(withInput('b', 'main')), record)).toThrow(
      /different histories: the files opened differ \(SHA-256 bbbbbbbbbbbb… vs aaaaaaaaaaaa…\)$/,
    );
    // One file, another of its conversations: the digest agrees, the conversation does not.
    expect(() => compareProposals(envelopeSide(withInput('a', '2')), record)).toThrow(
      /different histories: A is conversation "2" of the file, B "main"$/,
    );
    expect(missingDigest(envelopeSide(withInput('a', 'main')), record)).toBeNull();
    expect(missingDigest(envelopeSide(response), record)).toMatch(/^A carries no input digest/);
  });

  it('§9 R14 two histories of the same shape — length, characters and call ids — but other content are refused, naming the first difference', async () => {
    const base = await run(history(3));
    /** history(3) with one string replaced by another of the same length. */
    const edited = (edit: (messages: Message[]) => void) => {
      const messages = history(3);
      edit(messages);
      return run(messages);
    };
    const block = (m: Message[], i: number, b: number) => (m[i].content as Array<Record<string, unknown>>)[b];
    const cases: Array<[(messages: Message[]) => void, RegExp]> = [
      [(m) => (block(m, 0, 0).text = 'begin'), /message m0 differs/],
      [(m) => (block(m, 1, 0).input = '{"path":"b.txt"}'), /call c1 has another name or input in B/],
      // c3 is kept on both sides (p_result 0.9), so its output must be equal.
      [(m) => (block(m, 3, 1).output = 'z'.repeat(800)), /the result of c3 has another output in B/],
    ];
    for (const [edit, reason] of cases) {
      const other = await edited(edit);
      expect(envelopeSide(other).history).toEqual(envelopeSide(base).history);
      expect(() => compareProposals(envelopeSide(base), envelopeSide(other))).toThrow(reason);
    }
  });

  it('§9 R13 R14 the same history compacted differently still compares: shortened and removed calls are a compaction’s own edits', async () => {
    const keepAll = await run(history(3), {
      c1: { call: 1, result: 1 },
      c2: { call: 1, result: 1 },
      c3: { call: 1, result: 1 },
    });
    const dropped = await run(history(3));
    const comparison = compareProposals(envelopeSide(keepAll), envelopeSide(dropped));
    expect(comparison.differences.map((d) => d.call_id)).toEqual(['c1', 'c2']);
  });

  it('§9 a failed compaction or a file that is no proposal is refused with the reason', async () => {
    const failed = await compactContext(
      {
        messages: history(2),
        goal: 'g',
        eligible_tool_names: ['read_file'],
        options: { max_state_tokens: 1, preserve_recent_messages: 0 },
      },
      { model: createScriptedModel({ answers }) },
    );
    expect(() => proposalSide(failed)).toThrow(/failed compaction \(observation_too_large/);
    expect(() => proposalSide({ hello: 1 })).toThrow(CompareInputError);
    expect(() => proposalSide({ kind: AUDIT_KIND, version: 1 })).toThrow(/not a valid audit record/);
  });

  it('§9 audit records compare their exported actions, overrides marked; mixed with an envelope too', async () => {
    const response = await run(history(3));
    const record = auditOf(response, 'c', { c2: 'keep' });
    const side = proposalSide(JSON.parse(JSON.stringify(record)));
    expect(side).toMatchObject({ source: 'audit', threshold: 0.5, backend: 'scripted', tokensAfter: null });
    const comparison = compareProposals(envelopeSide(response), side);
    expect(comparison.differences).toEqual([
      {
        pair_id: expect.any(String),
        call_id: 'c2',
        tool_name: 'read_file',
        a: { action: 'drop_call', override: false, reason: 'not_needed', keep_call: 0.1, keep_result: 0.1 },
        b: { action: 'keep', override: true, reason: 'not_needed', keep_call: 0.1, keep_result: 0.1 },
      },
    ]);
    expect(renderComparison(compareReport(comparison, { a: 'a.json', b: 'b.audit.json' }))).toMatch(
      /c2 .* drop_call .* keep \(override\)/,
    );
  });

  it('§9 a record written before exports named their files (no source, files, reviewer or comments) still compares', async () => {
    const response = await run(history(3));
    const {
      source: _s,
      exported_file: _e,
      exported_as: _a,
      archive_file: _f,
      reviewer: _r,
      comment: _c,
      tool: _t,
      ...earlier
    } = auditOf(response, 'c', { c2: 'keep' });
    const side = proposalSide({ ...earlier, decisions: earlier.decisions.map(({ comment: _n, ...d }) => d) });
    expect(compareProposals(envelopeSide(response), side).differences.map((d) => d.call_id)).toEqual(['c2']);
  });

  it('§9 pairs guarded on both sides are not counted in the agreement rate', async () => {
    const messages = history(3);
    const guarded = await compactContext(
      { messages, goal: 'g', eligible_tool_names: [], options: { preserve_recent_messages: 0 } },
      { model: createScriptedModel({ answers }) },
    );
    const comparison = compareProposals(envelopeSide(guarded), envelopeSide(guarded));
    expect(comparison).toMatchObject({ pairs: 3, compared: 0, agreementRate: null });
    // One side guarded (R5), the other asked: every pair the model decided is compared.
    const asked = await run(messages);
    expect(compareProposals(envelopeSide(guarded), envelopeSide(asked))).toMatchObject({ compared: 3, agreeing: 1 });
  });
});
