/**
 * R3 `shell_command_not_read_only` in Chromium against the web host: with Bash ticked on the
 * shared Claude Code session, Before running counts the calls the shell rule keeps, the Policy
 * panel's Shell commands section says so and its patterns move the count; a pattern that is not
 * a command of plain words is refused with the reason beside the field.
 */
import { join } from 'node:path';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { expect, openFile, SCREENSHOTS, test } from './host.js';

const formats = sharedPath('formats');
test.skip(formats === null, sharedSkipReason('formats'));

test('R3 Bash ticked: Before running counts the writing calls kept, and shell patterns move the count', async ({
  page,
  host,
}) => {
  await openFile(page, host.url, join(formats ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl'));
  await page.getByRole('checkbox', { name: 'Bash', exact: true }).check();

  const kept = page.getByRole('list', { name: 'Kept by a guard before running' });
  await expect(kept.getByRole('listitem').filter({ hasText: 'shell command writes' })).toContainText('41');
  const shell = page.getByRole('group', { name: 'Shell commands' });
  await expect(shell).toContainText('41 kept by the rule');
  await page.screenshot({ path: join(SCREENSHOTS, 'shell-patterns.png') });

  // The session's sqlite3 queries count as read-only once allowed; excluding ls keeps every listing.
  await shell.getByLabel('Also read-only').fill('sqlite3');
  await expect(shell).toContainText('30 kept by the rule');
  await shell.getByLabel('Never read-only').fill('ls');
  await expect(shell).toContainText('61 kept by the rule');
  await expect(kept.getByRole('listitem').filter({ hasText: 'shell command writes' })).toContainText('61');

  await shell.getByLabel('Also read-only').fill('sqlite3 > out');
  await expect(shell.getByLabel('Also read-only')).toHaveAttribute('aria-invalid', 'true');
  await expect(shell).toContainText('"sqlite3 > out" is not a command of plain words');
});
