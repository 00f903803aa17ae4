/**
 * The approval slice and the archive reference, on the real store over the real host
 * handlers: R13's markers name the archive by default and follow an edited reference at once
 * with no host call; the reviewer is the OS user until named and then remembered; decision
 * notes reach the record and belong to the snapshot; an export needs a reviewer.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { archiveFileName } from '../../../core/records/audit.js';
import { createAppStore } from '../../../renderer/store/index.js';
import { createDirectParser } from '../../../renderer/worker/client.js';
import type { SavedExport } from './directBridge.js';
import { directBridge, keepSaves } from './directBridge.js';

function memoryStorage() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function makeStore(storage = memoryStorage(), saved: SavedExport[] = []) {
  const setup = setupHost('web', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: '/nonexistent',
    extra: keepSaves(saved),
  });
  const { bridge, calls } = directBridge(setup.handlers);
  return { store: createAppStore({ bridge, parser: createDirectParser(), pollMs: 5, storage }), calls, storage, saved };
}

/** Every truncated output the audit view shows, as text. */
function truncatedTexts(store: ReturnType<typeof makeStore>['store']): string[] {
  const out: string[] = [];
  for (const row of store.getState().proposal!.audit.rows)
    for (const block of row.blocks.values())
      if (block.fate === 'truncated') out.push(JSON.stringify(block.truncatedOutput));
  return out;
}

describe('approval and archive reference', () => {
  it('R13 markers name the archive by default; an edited reference re-derives them at once with no host call', async () => {
    const { store, calls } = makeStore();
    const s = () => store.getState();
    await s().openExample();
    const snapshot = s().snapshot!;
    const archive = archiveFileName(snapshot.sha256, snapshot.fileName);
    expect(s().archiveRef).toBe(archive);
    await s().startRun();
    // Every evaluated call shortened, so there are markers to read.
    for (const review of s().proposal!.audit.pairs.values())
      if (review.keepResult !== null) s().setOverride(review.pairId, 'drop_result');
    const before = truncatedTexts(store);
    expect(before.length).toBeGreaterThan(0);
    for (const text of before) expect(text).toContain(`the full output is in ${archive}`);
    const sent = { ...calls };
    s().setArchiveRef('s3://bucket/run-7.json');
    expect(calls).toEqual(sent);
    expect(s().proposal!.request.archive_ref).toBe('s3://bucket/run-7.json');
    for (const text of truncatedTexts(store)) expect(text).toContain('the full output is in s3://bucket/run-7.json');
    // A blank reference is the archive's name again.
    s().setArchiveRef('  ');
    expect(s().archiveRef).toBe(archive);
    expect(truncatedTexts(store)).toEqual(before);
  });

  it('§9 the reviewer starts empty, never the OS user; the name of the last export is remembered, a typed one is not', async () => {
    const storage = memoryStorage();
    const first = makeStore(storage).store;
    const info = { ...(await first.getState().deps.bridge['app.info']({})), osUser: 'ada', version: '1.2.3' };
    first.getState().setHostInfo(info);
    expect(first.getState().reviewer).toBe('');
    expect(first.getState().host?.version).toBe('1.2.3');
    first.getState().setReviewer('Typed Only');
    expect(makeStore(storage).store.getState().reviewer).toBe('');
    await first.getState().openExample();
    await first.getState().startRun();
    first.getState().setReviewer('Grace Hopper');
    expect(await first.getState().exportApproved({ as: 'source', report: false })).toMatch(/^Exported /);
    const next = makeStore(storage).store;
    next.getState().setHostInfo(info);
    expect(next.getState().reviewer).toBe('Grace Hopper');
  });

  it('§9 decision notes and the approval comment reach the record; another file starts without them', async () => {
    const { store, saved, calls } = makeStore();
    const s = () => store.getState();
    await s().openExample();
    await s().startRun();
    const [first] = s().proposal!.audit.pairs.keys();
    s().setComment(first, 'checked by hand');
    s().setApprovalComment('fine to use');
    expect(await s().exportApproved({ as: 'source', report: false })).toBe(
      'Export needs a reviewer: name who approves it',
    );
    expect(calls['file.save']).toBe(0);
    s().setReviewer('Grace Hopper');
    expect(await s().exportApproved({ as: 'source', report: true })).toMatch(/^Exported .*\.report\.html$/);
    const { record } = saved[0];
    expect(record).toMatchObject({ reviewer: 'Grace Hopper', comment: 'fine to use' });
    expect(record.decisions.filter((d) => d.comment !== null)).toEqual([
      expect.objectContaining({ pair_id: first, comment: 'checked by hand' }),
    ]);
    expect(s().lastExport).toMatchObject({
      path: saved[0].suggestedName,
      auditPath: `${saved[0].suggestedName}.audit.json`,
    });
    // A new run of the same file keeps the notes; another file does not.
    await s().startRun();
    expect(s().comments).toEqual({ [first]: 'checked by hand' });
    await s().openExample();
    expect([s().comments, s().approvalComment, s().lastExport]).toEqual([{}, '', null]);
    expect(s().reviewer).toBe('Grace Hopper');
  });
});
