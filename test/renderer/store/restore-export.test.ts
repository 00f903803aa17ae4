/**
 * SPEC §9 "Restore server" from the inspector: an export meant for the restore server writes
 * markers that say how to restore (restore_result with the archive and call id), records it in
 * the audit record, and still passes the export's own verification (core/audit/bundle.ts), on
 * the real store over the real host handlers. The host says how to start its command line, which
 * the Export dialog's configuration names.
 */
import { describe, expect, it } from 'vitest';
import { restoreServerConfig } from '../../../core/restore/config.js';
import { exportingStore } from './directBridge.js';

async function ranExample() {
  const { store, saved, setup } = exportingStore();
  const s = () => store.getState();
  expect(await s().openExample()).toBe(true);
  await s().startRun();
  s().setReviewer('Grace Hopper');
  return { s, saved, setup };
}

describe('§9 export meant for the restore server', () => {
  it('§9 the markers name restore_result with the archive and call id, the record says so, and the bundle verifies', async () => {
    const { s, saved } = await ranExample();
    // Whatever the offline model answered, one call's result is shortened by the reviewer (R12 override).
    const candidate = s().proposal!.analysis.candidates[0];
    s().setOverride(candidate.pairId, 'drop_result');
    expect(await s().exportApproved({ as: 'source', report: false, restoreServer: true })).toMatch(/^Exported /);
    const [{ text, record }] = saved;
    const archive = record.archive_file.name;
    const shortened = record.decisions.filter((d) => d.action === 'drop_result');
    expect(shortened.length).toBeGreaterThan(0);
    for (const d of shortened)
      expect(text).toContain(`restore_result with archive \\"${archive}\\" and call_id \\"${d.call_id}\\" returns it`);
    expect(record.marker_restore).toBe(true);
  });

  it('§9 without it the markers stay as R13 and §9 Marker have them, and the record has no marker_restore', async () => {
    const { s, saved } = await ranExample();
    await s().exportApproved({ as: 'source', report: false });
    expect(saved[0].text).not.toContain('restore_result');
    expect(saved[0].record).not.toHaveProperty('marker_restore');
  });

  it('§9 app.info says how this installation starts its command line; the configuration names it and the folder', async () => {
    const { setup } = await ranExample();
    const info = await setup.handlers['app.info']({}, {});
    expect(info.cliLauncher?.command).toBe(process.execPath);
    expect(info.cliLauncher?.args[0]).toMatch(/app[\\/]cli[\\/]main\.js$/);
    const config = restoreServerConfig(info.cliLauncher!, '/data/exports');
    expect(config.server.args.slice(-3)).toEqual(['mcp', '--archive-dir', '/data/exports']);
    expect(config.codexToml).toContain('[mcp_servers.compaction-inspector]');
  });
});
