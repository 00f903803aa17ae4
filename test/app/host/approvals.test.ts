/** The approval queue on disk (app/host/approvals.ts) and the Claude Code settings the installer writes (app/cli/install.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalQueue, approvalQueueDir, rejectApproval } from '../../../app/host/approvals.js';
import { withoutOurHook, withOurHook } from '../../../app/cli/install.js';
import { liveGoal } from '../../../app/cli/hook.js';
import { sampleEntry } from '../../support/approvalEntry.js';

const dirs: string[] = [];
function queue(): ApprovalQueue {
  const dir = mkdtempSync(join(tmpdir(), 'approvals-'));
  dirs.push(dir);
  return new ApprovalQueue(dir);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the approval queue', () => {
  it('§9 a proposal is decided once: a second decision is refused, whoever made the first', () => {
    const q = queue();
    const entry = sampleEntry();
    q.add(entry, new TextEncoder().encode('{}\n'));
    expect(q.list().map((s) => s.state)).toEqual(['pending']);
    expect(rejectApproval(q, entry.id, 'Ada').verdict).toBe('rejected');
    expect(() => rejectApproval(q, entry.id, 'Bob')).toThrow(/already decided/);
    expect(q.list()[0]).toMatchObject({ state: 'rejected' });
    expect(q.events(0).events.map((e) => e.params.update.status)).toEqual(['proposed', 'rejected']);
    expect(q.events(1).events.map((e) => e.params.update.status)).toEqual(['rejected']);
  });

  it('§9 waiting ends with the decision, or with null when nobody decides in time', async () => {
    const q = queue();
    const entry = sampleEntry();
    q.add(entry, new Uint8Array());
    expect(await q.waitForDecision(entry.id, 50, { pollMs: 10 })).toBeNull();
    setTimeout(() => rejectApproval(q, entry.id, null), 30);
    expect((await q.waitForDecision(entry.id, 5000, { pollMs: 10 }))?.verdict).toBe('rejected');
  });

  it('§9 an unknown or malformed id is refused in one line', () => {
    const q = queue();
    expect(() => q.entry('mx0abc12-00000000')).toThrow(/no proposal/);
    expect(() => q.entry('../x')).toThrow(/not an approval id/);
  });

  it('§9 the queue lives where the environment says, else in the user state folder', () => {
    expect(approvalQueueDir({ COMPACTION_INSPECTOR_QUEUE_DIR: '/q' })).toBe('/q');
    expect(approvalQueueDir({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/compaction-inspector/approvals');
    expect(approvalQueueDir({ HOME: '/h' })).toBe('/h/.local/state/compaction-inspector/approvals');
  });
});

describe('Claude Code settings', () => {
  const command = '/usr/bin/node /opt/ci/dist/app/cli/main.js hook pre-compact';
  const theirs = { matcher: 'auto', hooks: [{ type: 'command', command: 'save-notes.sh' }] };

  it('installing keeps every other setting and hook, and twice leaves one entry', () => {
    const settings = { model: 'opus', hooks: { PreCompact: [theirs], Stop: [theirs] } };
    const once = withOurHook(settings, command);
    expect(withOurHook(once, command)).toEqual(once);
    expect(once).toMatchObject({ model: 'opus', hooks: { Stop: [theirs] } });
    const entries = (once.hooks as { PreCompact: unknown[] }).PreCompact;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual(theirs);
    expect(entries[1]).toMatchObject({ matcher: '', hooks: [{ type: 'command', command }] });
  });

  it('uninstalling removes only our hook, and leaves no empty entries behind', () => {
    expect(withoutOurHook(withOurHook({ model: 'opus' }, command))).toEqual({ model: 'opus' });
    const settings = { hooks: { PreCompact: [theirs] } };
    expect(withoutOurHook(withOurHook(settings, command))).toEqual(settings);
  });
});

describe('the goal of a live session', () => {
  it('is what /compact was told to keep, else the last prompt, never a command line', () => {
    const messages = [
      { id: 'u1', role: 'user', content: 'Make retries idempotent' },
      { id: 'a1', role: 'assistant', content: [{ type: 'text', text: 'On it.' }] },
      { id: 'u2', role: 'user', content: [{ type: 'text', text: '<command-name>/compact</command-name>' }] },
    ];
    expect(liveGoal(messages, null)).toBe('Make retries idempotent');
    expect(liveGoal(messages, '  keep the retry design ')).toBe('keep the retry design');
    expect(liveGoal([], undefined)).toBe('Continue the task in progress');
  });
});
