/**
 * An Inspect `.eval` log (a ZIP) in the inspector (SPEC §9 "Sources"): the opened file's bytes
 * go to core as bytes, its samples are the conversations to pick from, and the export in the
 * source's format is a ZIP that reads back as the compaction, verified by the host's bundle.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { countToolBlocks, openSource } from '../../../core/formats/index.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import type { SavedExport } from './directBridge.js';
import { keepSaves, storeOver } from './directBridge.js';

const FORMATS = sharedPath('formats');

describe('inspect-eval in the inspector', () => {
  if (!FORMATS) {
    it.skip(sharedSkipReason('formats'), () => {});
    return;
  }

  it('§9 opens a .eval, lists its samples, and exports a deflate .eval that reads back as the proposal', async () => {
    const saved: SavedExport[] = [];
    const store = storeOver(
      setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent', extra: keepSaves(saved) }),
    ).store;
    const streaming = new Blob([readFileSync(join(FORMATS, 'inspect-ai-eval-zip', 'log_streaming.eval'))]);
    expect(await store.getState().openSnapshot({ fileName: 'log_streaming.eval', file: streaming })).toBe(false);
    expect(store.getState().choosing!.format).toBe('inspect-eval');
    expect(store.getState().choosing!.conversations).toHaveLength(4);

    const log = JSON.parse(
      readFileSync(join(FORMATS, 'inspect-ai-eval-log', '2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
    );
    const { samples, ...header } = log;
    const bytes = zipSync({
      'samples/1_epoch_1.json': strToU8(JSON.stringify(samples[0])),
      'header.json': strToU8(JSON.stringify(header)),
    });
    expect(await store.getState().openSnapshot({ fileName: 'browser.eval', file: new Blob([bytes]) })).toBe(true);
    expect(store.getState().snapshot!.source.format).toBe('inspect-eval');
    store.getState().setGoal('finish the task');
    for (const name of ['web_browser_go', 'web_browser_click']) store.getState().toggleTool(name, true);
    expect(store.getState().setOption('preserve_recent_messages', 0)).toBeNull();
    expect(store.getState().setOption('keep_threshold', 1)).toBeNull();
    await store.getState().startRun();
    store.getState().setReviewer('Ada Reviewer');
    expect(await store.getState().exportApproved({ as: 'source', report: false })).toMatch(/^Exported/);
    const exported = saved[0].text;
    expect(exported).toBeInstanceOf(Uint8Array);
    const reread = openSource(exported, { format: 'inspect-eval' });
    // R12 at keep_threshold 1: every candidate is drop_call, and exactly those calls are gone.
    const dropped = [...store.getState().proposal!.actions.values()].filter((a) => a === 'drop_call').length;
    expect(dropped).toBeGreaterThan(0);
    const before = countToolBlocks(store.getState().snapshot!.messages);
    expect(countToolBlocks(reread.read.messages)).toEqual({
      calls: before.calls - dropped,
      results: before.results - dropped,
    });
  });
});
