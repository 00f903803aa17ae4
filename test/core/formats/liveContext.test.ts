/**
 * SPEC §9 extension: a session the agent's own tool compacted. Calls before the last boundary
 * are no longer sent when the agent resumes, so they are kept with their own guard reason
 * (`outside_live_context`, counted as ineligible); calls after it are candidates as ever. The
 * request carries the live context's first message (`live_from_message_id`), the inspector's
 * store sets it from the file, and an exported audit record verifies with it.
 */
import { describe, expect, it } from 'vitest';
import { nodeHash } from '../../../app/host/exportFiles.js';
import { setupHost } from '../../../app/host/setup.js';
import { AuditRecordSchema } from '../../../core/records/audit.js';
import { verifyExport } from '../../../core/audit/verify.js';
import { compactContext } from '../../../core/engine/compact.js';
import { analyze, policyOf } from '../../../core/engine/guards.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import { compactionReports, liveFromMessageId } from '../../../core/formats/compactions.js';
import { openSource } from '../../../core/formats/index.js';
import { candidacyReport } from '../../../core/inspect/summary.js';
import type { SavedExport } from '../../renderer/store/directBridge.js';
import { keepSaves, storeOver } from '../../renderer/store/directBridge.js';
import { COMPACTED_SESSION } from './compactedSession.js';

const text = COMPACTED_SESSION;

describe('§9 calls before a compaction the agent made', () => {
  it('§9 R3 calls before the live context are kept as outside_live_context and counted as ineligible', async () => {
    const { read } = openSource(text);
    expect(liveFromMessageId(read)).toBe('sum');
    expect(compactionReports(read)).toEqual([
      {
        live_from_message: 5,
        live_from_message_id: 'sum',
        kept: 'a summary message in place of 5 earlier messages',
        summary: 'Summary: t1 and t2 were read.',
        trigger: 'manual',
        tokens_before: 41000,
      },
    ]);
    const request = {
      messages: read.messages,
      goal: 'finish',
      eligible_tool_names: ['Read'],
      options: { preserve_recent_messages: 0, keep_threshold: 1 },
      live_from_message_id: liveFromMessageId(read),
    };
    const response = await compactContext(request, { model: createOfflineModel() });
    if (!response.success) throw new Error(response.answer.error.message);
    const reasons = Object.fromEntries(response.answer.decisions.map((d) => [d.call_id, d.reason]));
    expect(reasons.t1).toBe('outside_live_context');
    expect(reasons.t2).toBe('outside_live_context');
    // After the boundary the threshold of 1 makes every candidate a drop: the guard is what kept t1 and t2.
    expect(reasons.t3).not.toBe('outside_live_context');
    expect(reasons.t4).not.toBe('outside_live_context');
    expect(response.answer.stats).toMatchObject({ candidates: 2, ineligible: 2, protected: 0 });
    const kept = response.answer.decisions.filter((d) => d.action === 'keep').map((d) => d.call_id);
    expect(kept).toEqual(['t1', 't2']);
    // Without the field the same history has four candidates: the guard is the only difference.
    const plain = await compactContext(
      { ...request, live_from_message_id: undefined },
      { model: createOfflineModel() },
    );
    expect(plain.success && plain.answer.stats.candidates).toBe(4);
  });

  it('§9 the Summary advice names the compaction when every call precedes it; an unknown id changes nothing', () => {
    const { read } = openSource(text);
    const policy = policyOf({
      eligible_tool_names: ['Read'],
      protected_message_ids: [],
      protected_call_ids: [],
      options: { ...DEFAULT_OPTIONS, preserve_recent_messages: 0 },
      live_from_message_id: 'r5',
    });
    const report = candidacyReport(analyze(read.messages, policy), 0);
    expect(report.kept).toEqual([{ reason: 'outside_live_context', count: 4, protecting: false }]);
    expect(report.advice).toMatch(/before the last compaction the agent made/);
    const unknown = analyze(read.messages, { ...policy, liveFromMessageId: 'nope' });
    expect(unknown.candidates).toHaveLength(4);
  });

  it('§9 the inspector’s run sends the live context start; the exported audit record carries it and verifies', async () => {
    const saved: SavedExport[] = [];
    const setup = setupHost('web', {
      env: { DECISION_MODEL_BACKEND: 'offline' },
      cwd: '/nonexistent',
      extra: keepSaves(saved),
    });
    const { store } = storeOver(setup);
    expect(await store.getState().openSnapshot({ fileName: 'session.jsonl', text })).toBe(true);
    store.getState().setGoal('finish');
    store.getState().toggleTool('Read', true);
    expect(store.getState().setOption('preserve_recent_messages', 0)).toBeNull();
    expect(store.getState().candidacy?.kept).toEqual([{ reason: 'outside_live_context', count: 2, protecting: false }]);
    await store.getState().startRun();
    expect(store.getState().run.error).toBeNull();
    store.getState().setReviewer('Ada Reviewer');
    await store.getState().exportApproved({ as: 'source', report: false });
    const audit = AuditRecordSchema.parse(saved[0].record);
    expect(audit.live_from_message_id).toBe('sum');
    expect(audit.decisions.filter((d) => d.reason === 'outside_live_context').map((d) => d.call_id)).toEqual([
      't1',
      't2',
    ]);
    const read = async (name: string, data: string | Uint8Array) => ({
      name,
      text: typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data),
      ...(await nodeHash(data)),
    });
    // verify re-derives every decision with the recorded live context start: without it, t1 and t2 would not be kept.
    const archive = await read('archive', saved[0].archive);
    const out = await read('out', saved[0].text);
    const verdict = verifyExport(audit, archive, out);
    expect(verdict.ok ? [] : verdict.differences).toEqual([]);
    const { live_from_message_id: _recorded, ...without } = audit;
    expect(verifyExport(without, archive, out).ok).toBe(false);
  });
});
