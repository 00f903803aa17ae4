/**
 * The proposal always matches the policy, in Chromium against the web host (R3–R5, R12, R15):
 * "Protect call" clicked after Run keeps the call at once with reason protected_call_id and
 * the export is byte for byte what the command line writes for the edited policy; a goal
 * edited after Run marks the proposal out of date with a banner naming it, and Export is
 * disabled with the reason on the button until the edit is undone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledExample } from '../../dist/app/host/setup.js';
import { exportThroughDialog } from './exporting.js';
import { expect, SCREENSHOTS, runExample, test } from './host.js';

/** The command line's `--out` files for the example under a policy: snapshot text and record. */
function cliExport(policy: { protected_call_ids: string[]; archive_ref: string }) {
  const example = bundledExample();
  const dir = mkdtempSync(join(tmpdir(), 'policy-cli-'));
  const input = join(dir, example.fileName);
  writeFileSync(input, example.text);
  const out = join(dir, 'out.json');
  execFileSync(
    'node',
    [
      'dist/app/cli/main.js',
      'compact_context',
      `messages=@${input}`,
      `goal=${example.goal}`,
      `eligible_tool_names=${JSON.stringify(example.eligible_tool_names)}`,
      `protected_message_ids=${JSON.stringify(example.protected_message_ids)}`,
      `protected_call_ids=${JSON.stringify(policy.protected_call_ids)}`,
      `tools=${JSON.stringify(example.tools)}`,
      `archive_ref=${policy.archive_ref}`,
      `options=${JSON.stringify(example.options)}`,
      '--out',
      out,
      '--reviewer',
      'cli',
    ],
    { env: { ...process.env, DECISION_MODEL_BACKEND: 'offline' }, encoding: 'utf8' },
  );
  return {
    text: readFileSync(out, 'utf8'),
    record: JSON.parse(readFileSync(`${out}.audit.json`, 'utf8')) as Record<string, unknown> & {
      decisions: Array<{ call_id: string; action: string; reason: string }>;
    },
  };
}

test('R3 Protect call after Run: keep / protected_call_id at once, and the export is the command line’s for that policy', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  // A call the run drops (its decision has an action other than keep).
  const decision = page
    .getByLabel(/^Decision for /)
    .filter({ has: page.locator('.badge.action.drop_call, .badge.action.drop_result') })
    .first();
  const callId = ((await decision.getAttribute('aria-label')) ?? '').replace(/^Decision for /, '');
  expect(callId).not.toBe('');
  const run = page.getByRole('button', { name: 'Run' });
  await decision.getByRole('button', { name: 'Protect call' }).click();
  const protectedDecision = page.getByLabel(`Decision for ${callId}`);
  await expect(protectedDecision.getByRole('button', { name: `Unprotect call ${callId}` })).toBeVisible();
  await expect(protectedDecision.locator('.badge.action')).toHaveText(/^keep(?!_)/);
  await expect(protectedDecision).toContainText('protected_call_id');
  await expect(page.getByRole('alert', { name: 'Proposal out of date' })).toHaveCount(0);
  await expect(run).toBeEnabled();

  const files = await exportThroughDialog(page, { reviewer: 'Grace Hopper' });
  const record = JSON.parse(files.audit.text) as {
    protected_call_ids: string[];
    archive_ref: string;
    decisions: Array<{ call_id: string; action: string; reason: string }>;
    stats: { candidates: number; protected: number; ineligible: number };
  };
  expect(record.protected_call_ids).toContain(callId);
  expect(record.decisions.find((d) => d.call_id === callId)).toMatchObject({
    action: 'keep',
    reason: 'protected_call_id',
  });
  const cli = cliExport({ protected_call_ids: record.protected_call_ids, archive_ref: record.archive_ref });
  expect(files.snapshot.text).toBe(cli.text);
  expect(record.decisions).toEqual(cli.record.decisions);
  const counts = (r: typeof record) => [r.stats.candidates, r.stats.protected, r.stats.ineligible];
  expect(counts(record)).toEqual(counts(cli.record as unknown as typeof record));
});

test('a goal edited after Run: the banner names it, Export is disabled with the reason, undoing clears it', async ({
  page,
  host,
}) => {
  await runExample(page, host.url);
  const goal = page.getByRole('textbox', { name: 'Goal' });
  const original = await goal.inputValue();
  const exportButton = page.getByRole('button', { name: 'Export…' });
  await expect(exportButton).toBeEnabled();
  await goal.fill(`${original} Also list the flaky tests.`);
  const banner = page.getByRole('alert', { name: 'Proposal out of date' });
  await expect(banner).toContainText('the goal');
  await expect(exportButton).toBeDisabled();
  await expect(exportButton).toHaveAccessibleDescription(/out of date: the goal changed since the run/);
  await page.screenshot({ path: join(SCREENSHOTS, 'policy-banner.png') });

  // An option other than the threshold joins it; undoing both clears the banner.
  const recent = page.getByRole('spinbutton', { name: 'Preserve recent messages' });
  const recentBefore = await recent.inputValue();
  await recent.fill('2');
  await expect(banner).toContainText(`preserve_recent_messages (${recentBefore} → 2)`);
  await recent.fill(recentBefore);
  await goal.fill(original);
  await expect(banner).toHaveCount(0);
  await expect(exportButton).toBeEnabled();
  await expect(exportButton).not.toHaveAttribute('aria-describedby');
});
