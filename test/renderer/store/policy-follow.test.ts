/**
 * The proposal always matches the policy (R3–R5, R12, R15), on the real store over the real
 * host: an edit after a run that only removes candidates re-derives at once with no model
 * call, and the export is then exactly what a core run on the edited policy writes (same
 * answers: the scripted backend answers per call id); any other edit marks the proposal out
 * of date, names the edit, and refuses the export until it is undone.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import type { Script } from '../../../core/engine/scripted.js';
import type { AuditRecord } from '../../../core/records/audit.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import { makeExport } from '../../support/exports.js';
import type { SavedExport } from './directBridge.js';
import { directBridge, keepSaves } from './directBridge.js';

/** Probabilities that differ per call, so the run has keeps, drop_results and drop_calls. */
function scriptFor(callIds: string[]): Script {
  const levels = [0.9, 0.2, 0.1, 0.7, 0.05];
  const answers: Script['answers'] = {};
  callIds.forEach((id, i) => {
    const keepResult = levels[i % levels.length];
    answers[id] = { call: keepResult < 0.5 && i % 2 === 0 ? 0.8 : keepResult, result: keepResult };
  });
  return { answers, default: { call: 0.3, result: 0.3 } };
}

async function makeStore() {
  // The script needs the example's call ids: read them from a first, offline store.
  const probe = storeOn({ DECISION_MODEL_BACKEND: 'offline' });
  await probe.store.getState().openExample();
  const callIds = probe.store.getState().analysis!.pairs.map((p) => p.callId);
  const script = scriptFor(callIds);
  const dir = mkdtempSync(join(tmpdir(), 'policy-follow-'));
  writeFileSync(join(dir, 'script.json'), JSON.stringify(script));
  const made = storeOn({ DECISION_MODEL_BACKEND: 'scripted', DECISION_MODEL_SCRIPT: 'script.json' }, dir);
  const s = () => made.store.getState();
  await s().openExample();
  s().setBackend({ name: 'scripted' });
  s().setReviewer('Ada Reviewer');
  await s().startRun();
  expect(s().run.state).toBe('done');
  return { ...made, s, script };
}

function storeOn(env: Record<string, string>, cwd = '/nonexistent') {
  const saved: SavedExport[] = [];
  const setup = setupHost('web', { env, cwd, extra: keepSaves(saved) });
  const { bridge, calls } = directBridge(setup.handlers);
  return { store: createAppStore({ bridge, parser: createDirectParser(), pollMs: 5 }), calls, saved, setup };
}

type Made = Awaited<ReturnType<typeof makeStore>>;

/** The store's export of what is on screen now. */
async function exportNow(m: Made): Promise<SavedExport> {
  const before = m.saved.length;
  expect(await m.s().exportApproved({ as: 'source', report: false })).toMatch(/^Exported /);
  expect(m.saved.length).toBe(before + 1);
  return m.saved[m.saved.length - 1];
}

/** A core run of the store's current policy with the same script, exported the way the CLI's --out does. */
async function coreExport(m: Made, snapshotName: string) {
  const s = m.s();
  const example = await s.deps.bridge['example.load']({});
  return makeExport({
    text: example.text,
    fileName: example.fileName,
    goal: s.goal,
    eligible: s.eligible,
    protectedMessageIds: s.protectedMessageIds,
    protectedCallIds: s.protectedCallIds,
    options: s.options,
    script: m.script,
    snapshotName,
  });
}

/** What a record says about the policy and every decision (times, reviewer and run cost aside). */
const approved = (r: AuditRecord) => ({
  goal: r.goal,
  eligible_tool_names: r.eligible_tool_names,
  protected_message_ids: r.protected_message_ids,
  protected_call_ids: r.protected_call_ids,
  options: r.options,
  decisions: r.decisions,
  counts: [r.stats.candidates, r.stats.protected, r.stats.ineligible],
  exported: r.exported_file,
});

async function expectExportEqualsCoreRun(m: Made) {
  const mine = await exportNow(m);
  const core = await coreExport(m, mine.suggestedName);
  expect(mine.files.find((f) => f.role === 'snapshot')!.data).toBe(core.files.snapshot!.data);
  expect(approved(mine.record)).toEqual(approved(core.record));
  return mine;
}

/** The first candidate of the run whose pair lies in one message of its own id, and its pair. */
function candidate(m: Made) {
  const s = m.s();
  const messages = s.snapshot!.messages;
  const pair = s.proposal!.analysis.candidates.find((p) => typeof messages[p.call.message].id === 'string')!;
  expect(pair).toBeDefined();
  return { pair, messageId: messages[pair.call.message].id as string };
}

describe('the proposal follows an edit that only removes candidates (R3–R5), with no model call', () => {
  it('the run itself exports what core exports', async () => {
    const m = await makeStore();
    await expectExportEqualsCoreRun(m);
  });

  it('protecting a call after the run: keep / protected_call_id at once, in the view and the export', async () => {
    const m = await makeStore();
    const { pair } = candidate(m);
    const asked = m.calls['run.start'];
    m.s().protectCall(pair.callId, true);
    expect(m.calls['run.start']).toBe(asked);
    expect(m.s().outOfDate).toEqual([]);
    const review = m.s().proposal!.audit.pairs.get(pair.pairId)!;
    expect([review.action, review.reason, review.keepCall, review.keepResult]).toEqual([
      'keep',
      'protected_call_id',
      null,
      null,
    ]);
    const saved = await expectExportEqualsCoreRun(m);
    expect(saved.record.protected_call_ids).toContain(pair.callId);
  });

  it('protecting a message after the run: its pairs keep / protected_message', async () => {
    const m = await makeStore();
    const { pair, messageId } = candidate(m);
    m.s().protectMessage(messageId, true);
    expect(m.s().proposal!.audit.pairs.get(pair.pairId)).toMatchObject({ action: 'keep', reason: 'protected_message' });
    const saved = await expectExportEqualsCoreRun(m);
    expect(saved.record.protected_message_ids).toContain(messageId);
  });

  it('unticking a tool after the run: its calls keep / tool_not_eligible', async () => {
    const m = await makeStore();
    const { pair } = candidate(m);
    const wereCandidates = m.s().proposal!.analysis.candidates.filter((p) => p.toolName === pair.toolName);
    m.s().toggleTool(pair.toolName, false);
    for (const { pairId } of wereCandidates)
      expect(m.s().proposal!.audit.pairs.get(pairId)).toMatchObject({ action: 'keep', reason: 'tool_not_eligible' });
    const saved = await expectExportEqualsCoreRun(m);
    expect(saved.record.eligible_tool_names).not.toContain(pair.toolName);
  });

  it('a threshold step and an override still apply on the narrowed proposal; protection wins over an override', async () => {
    const m = await makeStore();
    const { pair } = candidate(m);
    m.s().setOverride(pair.pairId, 'drop_call');
    m.s().setOption('keep_threshold', 0.6);
    m.s().protectCall(pair.callId, true);
    expect(m.s().proposal!.actions.get(pair.pairId)).toBe('keep');
    expect(m.s().proposal!.overrides).toEqual({});
    const mine = await exportNow(m);
    const core = await coreExport(m, mine.suggestedName);
    expect(core.record.options.keep_threshold).toBe(0.6);
    expect(mine.files.find((f) => f.role === 'snapshot')!.data).toBe(core.files.snapshot!.data);
  });

  it('undoing every edit gives the run’s own proposal back', async () => {
    const m = await makeStore();
    const first = await exportNow(m);
    const { pair, messageId } = candidate(m);
    m.s().protectCall(pair.callId, true);
    m.s().protectMessage(messageId, true);
    m.s().toggleTool(pair.toolName, false);
    m.s().toggleTool(pair.toolName, true);
    m.s().protectMessage(messageId, false);
    m.s().protectCall(pair.callId, false);
    expect(m.s().outOfDate).toEqual([]);
    const again = await exportNow(m);
    expect(again.text).toBe(first.text);
    expect(approved(again.record)).toEqual(approved(first.record));
  });
});

describe('an edit that needs the model marks the proposal out of date and blocks the export', () => {
  const edits: Array<{ what: string; named: RegExp; apply(m: Made): () => void }> = [
    {
      what: 'the goal',
      named: /the goal/,
      apply(m) {
        const goal = m.s().goal;
        m.s().setGoal(`${goal} Also list the flaky tests.`);
        return () => m.s().setGoal(goal);
      },
    },
    {
      what: 'an option other than the threshold',
      named: /preserve_recent_messages \(6 → 2\)/,
      apply(m) {
        m.s().setOption('preserve_recent_messages', 2);
        return () => m.s().setOption('preserve_recent_messages', 6);
      },
    },
    {
      what: 'a ticked tool',
      named: /tool "[^"]+" ticked/,
      apply(m) {
        const name = m.s().snapshot!.summary.tools.find((t) => !m.s().eligible.includes(t.name))!.name;
        m.s().toggleTool(name, true);
        return () => m.s().toggleTool(name, false);
      },
    },
    {
      what: 'an unprotected message',
      named: /message "[^"]+" unprotected/,
      apply(m) {
        const [id] = m.s().protectedMessageIds;
        m.s().protectMessage(id, false);
        return () => m.s().protectMessage(id, true);
      },
    },
    {
      what: 'an unprotected call',
      named: /call "[^"]+" unprotected/,
      apply(m) {
        const [id] = m.s().protectedCallIds;
        m.s().protectCall(id, false);
        return () => m.s().protectCall(id, true);
      },
    },
    {
      what: 'the backend',
      named: /the backend \(scripted → offline\)/,
      apply(m) {
        m.s().setBackend({ name: 'offline' });
        return () => m.s().setBackend({ name: 'scripted' });
      },
    },
    {
      what: 'the model',
      named: /the model/,
      apply(m) {
        m.s().setBackend({ model: 'gpt-x' });
        return () => m.s().setBackend({ model: '' });
      },
    },
  ];
  for (const edit of edits)
    it(`${edit.what}: named, no re-derivation, no export; undone, the run's export again`, async () => {
      const m = await makeStore();
      const first = await exportNow(m);
      const proposal = m.s().proposal;
      const asked = m.calls['run.start'];
      const undo = edit.apply(m);
      expect(m.calls['run.start']).toBe(asked);
      expect(m.s().outOfDate.join('; ')).toMatch(edit.named);
      expect(m.s().proposal).toBe(proposal);
      expect(await m.s().exportApproved({ as: 'source', report: false })).toMatch(
        /^Export disabled: .* changed since the run$/,
      );
      expect(m.calls['file.save']).toBe(1);
      undo();
      expect(m.s().outOfDate).toEqual([]);
      const again = await exportNow(m);
      expect(again.text).toBe(first.text);
    });

  it('a new run on the edited policy is up to date and exports what core exports', async () => {
    const m = await makeStore();
    m.s().setGoal('Only the diff for the retry loop.');
    m.s().setOption('preserve_recent_messages', 2);
    expect(m.s().outOfDate.length).toBe(2);
    await m.s().startRun();
    expect(m.s().outOfDate).toEqual([]);
    await expectExportEqualsCoreRun(m);
  });
});

describe('editPolicy: what an edit of the form sets off (R3–R5, R15)', () => {
  it('the guards run again only for an edit they read; the threshold re-derives; the goal waits for a run', async () => {
    const m = await makeStore();
    const tool = m.s().eligible[0];
    let analysis = m.s().analysis;
    m.s().setGoal('Another goal.');
    expect(m.s().analysis).toBe(analysis);
    expect(m.s().outOfDate).toEqual(['the goal']);
    m.s().setGoal(m.s().proposal!.request.goal);
    expect(m.s().outOfDate).toEqual([]);

    m.s().setOption('max_concurrency', m.s().options.max_concurrency + 1);
    expect(m.s().analysis).toBe(analysis);
    m.s().setOption('max_concurrency', m.s().options.max_concurrency - 1);

    m.s().toggleTool(tool, false);
    expect(m.s().analysis).not.toBe(analysis);
    expect(
      m
        .s()
        .analysis!.pairs.filter((p) => p.toolName === tool)
        .every((p) => p.guard !== null),
    ).toBe(true);
    analysis = m.s().analysis;
    m.s().setOption('preserve_recent_messages', m.s().options.preserve_recent_messages + 1);
    expect(m.s().analysis).not.toBe(analysis);

    const proposal = m.s().proposal;
    m.s().setOption('keep_threshold', 0.95);
    expect(m.s().proposal).not.toBe(proposal);
    expect(m.s().proposal!.threshold).toBe(0.95);
  });
});
