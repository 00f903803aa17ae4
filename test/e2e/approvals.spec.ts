/**
 * The approval queue in Chromium against the web host (SPEC §9 "the host decides whether to apply
 * it"): a proposal the real PreCompact hook queued shows in the toolbar's count and the queue's
 * table; opened, it is the audit view of its session with a decision bar; Approve writes the
 * approved history as a new session in the project's folder and shows the command that resumes
 * it; Reject writes nothing but the decision. Nothing is applied while nobody decides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { liveSession, runPreCompactHook } from '../support/liveSession.js';
import { expect, SCREENSHOTS, test } from './host.js';

const formats = sharedPath('formats');
const SESSION = join(formats ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl');

test('§9 a queued compaction is opened in the audit view and approved: the approved session is written', async ({
  page,
  host,
}) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  const session = liveSession(host.dir, SESSION);
  // Nobody decides within the hook's wait: Claude Code would go on, and the proposal stays queued.
  const hook = await runPreCompactHook(session, join(host.dir, 'approvals'), { approval_wait_seconds: 0 });
  expect(hook.code, hook.stderr).toBe(0);
  expect(hook.stdout).toBe('');
  const sessionsBefore = readdirSync(join(session.transcriptPath, '..')).length;

  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const queueButton = page.getByRole('button', { name: 'Approval queue, 1 waiting' });
  await expect(queueButton).toBeVisible();
  await queueButton.click();
  const row = page.getByRole('row', { name: /project/ });
  await expect(row).toContainText('/compact');
  await expect(row).toContainText('Waiting for you');
  await expect(row).toContainText('Claude Code went on at');
  await page.screenshot({ path: join(SCREENSHOTS, 'approvals-queue.png') });
  await row.getByRole('button', { name: /Open the proposal/ }).click();

  const bar = page.getByRole('region', { name: 'Claude Code compaction waiting for approval' });
  await expect(bar).toContainText(session.sessionId);
  // The hook waited 0 s: Claude Code went on, and the bar says what approving still does.
  await expect(bar.getByRole('note')).toContainText('Claude Code stopped waiting');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  // A live session's proposal leaves receipts of its dropped calls, and the form says so.
  await expect(page.getByLabel('Leave a receipt for each dropped call')).toBeChecked();
  // Approve needs a named reviewer.
  await expect(bar.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await bar.getByLabel('Reviewer').fill('Ada Reviewer');
  await page.screenshot({ path: join(SCREENSHOTS, 'approvals-decide.png') });
  expect(readdirSync(join(session.transcriptPath, '..')).length).toBe(sessionsBefore);
  await bar.getByRole('button', { name: 'Approve' }).click();

  const decided = page.getByRole('region', { name: 'Claude Code compaction decided' });
  await expect(decided.getByRole('status').first()).toContainText('Approved by Ada Reviewer');
  const command = decided.getByLabel('Command that resumes it');
  await expect(command).toHaveValue(/claude --resume [0-9a-f-]{36}/);
  const resumeId = /claude --resume ([0-9a-f-]{36})/.exec(await command.inputValue())?.[1] as string;
  const approved = join(session.transcriptPath, '..', `${resumeId}.jsonl`);
  expect(readFileSync(approved, 'utf8')).toContain('[compacted: ran ');
  await expect(page.getByRole('button', { name: 'Approval queue, 0 waiting' })).toBeVisible();
});

test('§9 a rejected compaction writes nothing but the decision', async ({ page, host }) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  const session = liveSession(host.dir, SESSION);
  const hook = await runPreCompactHook(session, join(host.dir, 'approvals'), { approval_wait_seconds: 0 });
  expect(hook.code, hook.stderr).toBe(0);
  const sessionsBefore = readdirSync(join(session.transcriptPath, '..')).length;

  await page.goto(host.url);
  await page.getByRole('button', { name: 'Approval queue, 1 waiting' }).click();
  await page.getByRole('button', { name: /Open the proposal/ }).click();
  await page
    .getByRole('region', { name: 'Claude Code compaction waiting for approval' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(page.getByRole('region', { name: 'Claude Code compaction decided' })).toContainText(
    'Claude Code compacts as it would have',
  );
  expect(readdirSync(join(session.transcriptPath, '..')).length).toBe(sessionsBefore);
  await page.getByRole('button', { name: 'Approval queue, 0 waiting' }).click();
  await expect(page.getByRole('row', { name: /project/ })).toContainText('Rejected');
});
