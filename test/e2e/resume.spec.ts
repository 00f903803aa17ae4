/**
 * SPEC §9 "back into the agent in one step", in Chromium against the web host: a Claude Code
 * session exported from the Export dialog can also be written as a new session. The browser
 * downloads it beside the snapshot — the snapshot's bytes with a fresh UUID as every line's
 * sessionId — and the dialog shows where to move it and the command that resumes it, in a
 * labelled field a screen reader reads whole, with a Copy button whose outcome is announced.
 * Other formats are not offered the option.
 */
import { join } from 'node:path';
import { resumableSession } from '../../dist/core/formats/index.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { exportThroughDialog } from './exporting.js';
import { expect, runExample, SCREENSHOTS, test } from './host.js';

const formats = sharedPath('formats');

test('§9 a Claude Code export also written as a new session; the dialog shows the command to resume it', async ({
  page,
  host,
  context,
}) => {
  test.skip(formats === null, sharedSkipReason('formats'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page
    .getByLabel('Snapshot file')
    .setInputFiles(join(formats ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl'));
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByLabel('Goal').fill('Implement the enhanced export of portable sessions');
  for (const tool of ['Bash', 'Read', 'Grep']) await page.getByRole('checkbox', { name: tool, exact: true }).check();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');

  const { snapshot, session } = await exportThroughDialog(page, { reviewer: 'Ada Reviewer', resumable: true });
  if (!session) throw new Error('no session was downloaded');
  const sessionId = session.name.replace(/\.jsonl$/, '');
  expect(session.text).toBe(resumableSession(snapshot.text, sessionId));

  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  const resume = dialog.getByRole('region', { name: 'Resume it in Claude Code' });
  await expect(resume).toContainText(`New session ${session.name}.`);
  // Claude Code writes the session's directory on every message line.
  const cwd = snapshot.text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { cwd?: string }).cwd)
    .find((c) => c !== undefined) as string;
  await expect(resume).toContainText(`Move it into ~/.claude/projects/${cwd.replace(/[^a-zA-Z0-9]/g, '-')}/ first`);
  const command = resume.getByRole('textbox', { name: 'Command that resumes it' });
  await expect(command).toHaveValue(`cd ${JSON.stringify(cwd)} && claude --resume ${sessionId}`);
  await expect(command).toHaveAttribute('readonly', '');
  await resume.getByRole('button', { name: 'Copy command' }).click();
  await expect(resume.getByRole('status')).toHaveText('Command copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await command.inputValue());
  await page.screenshot({ path: join(SCREENSHOTS, 'export-resumable.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('§9 the option is offered for a Claude Code session exported as one only', async ({ page, host }) => {
  await runExample(page, host.url);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
  await expect(dialog.getByRole('checkbox', { name: /Meant for the restore server/ })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /new Claude Code session/ })).toHaveCount(0);
});
