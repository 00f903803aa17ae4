/**
 * SPEC §9 "back into the agent in one step" from the inspector: a Claude Code session exported
 * as one can also be written as a new session — in the source's project folder when it came from
 * `~/.claude/projects/<project>/`, else beside the snapshot — with a fresh UUID in every line and
 * every other byte as exported, while the source stays untouched; the store keeps the dialog open
 * with the session. On the real store over the real host handlers, with the file.save Electron
 * main runs (app/host/saveExport.ts) writing into a temp dir.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveExportAt } from '../../../app/host/saveExport.js';
import { setupHost } from '../../../app/host/setup.js';
import { isSessionUuid, resumableSession, resumeSteps } from '../../../core/formats/index.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { directBridge, storeOver } from './directBridge.js';

const formats = sharedPath('formats');
const SESSION = 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A host whose file.save writes as Electron main does, into `exports/` of a temp dir. */
function writingHost() {
  const dir = mkdtempSync(join(tmpdir(), 'resumable-'));
  dirs.push(dir);
  const exportsDir = join(dir, 'exports');
  mkdirSync(exportsDir);
  const setup = setupHost('electron', {
    env: { DECISION_MODEL_BACKEND: 'offline' },
    cwd: dir,
    extra: {
      'file.save': (args) =>
        saveExportAt(join(exportsDir, args.suggestedName), args, { confirmReplace: async () => true }),
    },
  });
  return { dir, exportsDir, setup };
}

/** The shared session copied to `path`, opened from there, run offline and approved. */
async function ranSession(setup: ReturnType<typeof writingHost>['setup'], path: string) {
  copyFileSync(join(formats ?? '', SESSION), path);
  const { store, calls } = storeOver(setup);
  const s = () => store.getState();
  const text = readFileSync(path, 'utf8');
  expect(await s().openSnapshot({ fileName: 'session.jsonl', path, text })).toBe(true);
  s().setGoal('Implement the enhanced export of portable sessions');
  for (const tool of ['Bash', 'Read', 'Grep']) s().toggleTool(tool, true);
  await s().startRun();
  s().setReviewer('Ada Reviewer');
  s().openExport(true);
  return { s, calls, text };
}

const sessionIdsOf = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => (JSON.parse(l) as { sessionId?: string }).sessionId)
      .filter((id) => id !== undefined),
  );

describe.skipIf(formats === null)('§9 a resumable session from the Export dialog', () => {
  if (formats === null) it.skip(sharedSkipReason('formats'));

  it('§9 from ~/.claude/projects: the new session is in the source folder, relabelled only; the source is untouched', async () => {
    const { dir, setup } = writingHost();
    const project = join(dir, '.claude', 'projects', '-work-project');
    mkdirSync(project, { recursive: true });
    const source = join(project, 'c0ffee00-1111-4222-8333-444455556666.jsonl');
    const { s, text } = await ranSession(setup, source);
    const notice = await s().exportApproved({ as: 'source', report: false, resumable: true });
    const session = s().lastExport!.session!;
    expect(notice).toMatch(/^Exported /);
    expect(notice).toContain(session.path);
    expect(s().exportOpen).toBe(true);
    expect(isSessionUuid(session.sessionId)).toBe(true);
    expect(session).toMatchObject({ inProject: true, path: join(project, `${session.sessionId}.jsonl`) });
    const snapshot = readFileSync(s().lastExport!.path, 'utf8');
    const written = readFileSync(session.path, 'utf8');
    expect(written).toBe(resumableSession(snapshot, session.sessionId));
    expect(sessionIdsOf(written)).toEqual(new Set([session.sessionId]));
    expect(sessionIdsOf(text)).not.toContain(session.sessionId);
    expect(readFileSync(source, 'utf8')).toBe(text);
    expect(readdirSync(project).sort()).toEqual(
      [`${session.sessionId}.jsonl`, 'c0ffee00-1111-4222-8333-444455556666.jsonl'].sort(),
    );
    // Written where Claude Code looks: the command is run in the session's own directory.
    expect(resumeSteps(session)).toEqual({
      moveInto: null,
      command: `cd ${JSON.stringify(session.cwd)} && claude --resume ${session.sessionId}`,
    });
  });

  it('§9 from anywhere else: the session is beside the snapshot, with the folder to move it into', async () => {
    const { dir, exportsDir, setup } = writingHost();
    const { s } = await ranSession(setup, join(dir, 'session.jsonl'));
    await s().exportApproved({ as: 'source', report: false, resumable: true });
    const session = s().lastExport!.session!;
    expect(session).toMatchObject({ inProject: false, path: join(exportsDir, `${session.sessionId}.jsonl`) });
    expect(session.cwd).not.toBeNull();
    expect(resumeSteps(session).moveInto).toBe(`~/.claude/projects/${session.cwd!.replace(/[^a-zA-Z0-9]/g, '-')}/`);
  });

  it('§9 without the option no session is written and the dialog closes', async () => {
    const { dir, exportsDir, setup } = writingHost();
    const { s } = await ranSession(setup, join(dir, 'session.jsonl'));
    await s().exportApproved({ as: 'source', report: false });
    expect(s().lastExport!.session).toBeNull();
    expect(s().exportOpen).toBe(false);
    expect(readdirSync(exportsDir).filter((f) => /^[0-9a-f-]{36}\.jsonl$/.test(f))).toEqual([]);
  });

  it('§9 a message-array export cannot be resumable: the store says so and the gate refuses it', async () => {
    const { dir, setup } = writingHost();
    const { s, calls } = await ranSession(setup, join(dir, 'session.jsonl'));
    const notice = await s().exportApproved({ as: 'messages', report: false, resumable: true });
    expect(notice).toMatch(/resumable session; this is a message array$/);
    expect(calls['file.save']).toBe(0);
    await s().exportApproved({ as: 'source', report: false });
    const { bridge } = directBridge(setup.handlers);
    const args = {
      suggestedName: 'x.json',
      sourcePath: null,
      text: '[]',
      archive: new Uint8Array(),
      resumable: true,
    };
    const record = JSON.parse(readFileSync(s().lastExport!.auditPath, 'utf8')) as Record<string, unknown>;
    const { exported_file: _file, ...draft } = record;
    await expect(
      bridge['file.save']({ ...args, audit: { ...draft, exported_as: 'messages' } as never }),
    ).rejects.toThrow(/resumable: only a Claude Code session exported in its own format/);
  });
});
