/**
 * Native formats end to end (SPEC §9), in Chromium against the web host: open a real Claude
 * Code session and a real OpenAI results file (picking one of its conversations), run
 * offline, export, and read the exported file back with the format's own reader — it must
 * give the messages of the command line's `--out` export of the same request. The Summary and
 * the Export dialog show the target checks (SPEC §9).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CompactResponse, Message } from '../../dist/core/engine/schema.js';
import { openSource } from '../../dist/core/formats/index.js';
import { withPositionalIds } from '../core/formats/support.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import { exportThroughDialog } from './exporting.js';
import { expect, SCREENSHOTS, test } from './host.js';

const formats = sharedPath('formats');
test.skip(formats === null, sharedSkipReason('formats'));

const CASES = [
  {
    file: 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl',
    format: 'claude-code',
    conversation: null,
    tools: ['Bash', 'Read', 'Grep'],
    goal: 'Implement the enhanced export of portable sessions',
    exported: 'cctrace-phase0-investigation-main.compacted.jsonl',
    targets: ['Claude Code resume ✓', 'Anthropic Messages ✓'],
  },
  {
    file: 'openai-chat-completions/taubench-gpt-4o-airline-first4.json',
    format: 'openai-chat',
    conversation: '3',
    tools: ['get_reservation_details', 'search_direct_flight', 'get_user_details'],
    goal: 'Change the reservation flights as the user asked',
    exported: 'taubench-gpt-4o-airline-first4.compacted.json',
    targets: ['OpenAI Chat Completions ✓'],
  },
] as const;

/**
 * The command line's `--out` export of the same request, read back. Its archive is named as the
 * inspector's (the input file's name and SHA-256), so the markers of both name the same file.
 */
function cliExport(path: string, c: (typeof CASES)[number]): { messages: Message[]; archive: string } {
  const dir = mkdtempSync(join(tmpdir(), 'formats-e2e-'));
  try {
    const out = join(dir, c.exported);
    const args = [
      'dist/app/cli/main.js',
      'compact_context',
      `messages=@${path}`,
      `goal=${c.goal}`,
      `eligible_tool_names=${JSON.stringify(c.tools)}`,
      '--out',
      out,
    ];
    if (c.conversation) args.push('--conversation', c.conversation);
    const answer = JSON.parse(
      execFileSync('node', args, {
        env: { ...process.env, DECISION_MODEL_BACKEND: 'offline' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as CompactResponse;
    if (!answer.success) throw new Error('CLI failed');
    expect(answer.answer.reason).toBe('compacted');
    const reread = openSource(readFileSync(out, 'utf8'), c.conversation ? { conversation: c.conversation } : {});
    const archive = readdirSync(dir).find((name) => name !== c.exported && !name.includes('.audit.'));
    return { messages: reread.read.messages as Message[], archive: archive ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function exportDownload(page: Page): Promise<{ name: string; text: string; archive: string }> {
  const { snapshot, archive } = await exportThroughDialog(page, { reviewer: 'Ada Reviewer' });
  return { name: snapshot.name, text: snapshot.text, archive: archive.name };
}

for (const c of CASES) {
  test(`§9 R13 R14 ${c.format}: open, run, export in the source format, read back = the CLI's export`, async ({
    page,
    host,
  }) => {
    const path = join(formats ?? '', c.file);
    await page.goto(host.url);
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
    await page.getByLabel('Snapshot file').setInputFiles(path);
    if (c.conversation) {
      const dialog = page.getByRole('dialog', { name: 'Choose a conversation' });
      await expect(dialog).toContainText('(openai-chat) holds 4 conversations');
      // The picker opens with focus on its first conversation, so Enter takes it.
      await expect(dialog.getByRole('list', { name: 'Conversations' }).getByRole('button').first()).toBeFocused();
      await page.screenshot({ path: join(SCREENSHOTS, 'choose-conversation.png') });
      await dialog.getByRole('button', { name: new RegExp(`^${c.conversation} task ${c.conversation}`) }).click();
      await expect(dialog).toHaveCount(0);
    }
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
    const file = page.getByRole('table', { name: 'File' });
    await expect(file).toContainText(c.format);
    await expect(file).toContainText(/Ids.*call ids native/);
    if (c.conversation) await expect(file).toContainText(`${c.conversation} — task ${c.conversation}`);
    // SPEC §9 target checks of the opened file, in the Summary.
    await expect(page.getByRole('list', { name: 'Target checks of the opened file' }).getByRole('listitem')).toHaveText(
      c.targets.map((t) => new RegExp(`^${t}`)),
    );
    await page.getByLabel('Goal').fill(c.goal);
    for (const tool of c.tools) await page.getByRole('checkbox', { name: tool, exact: true }).check();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
    await page.screenshot({ path: join(SCREENSHOTS, `export-${c.format}.png`) });

    // The Export dialog shows the same matrix for the file it is about to write.
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export the approved snapshot' });
    // One item per target; a target's own findings (an advisory rule's list) sit inside its item.
    await expect(dialog.getByRole('list', { name: 'Target checks of the export' }).locator(':scope > li')).toHaveText(
      c.targets.map((t) => new RegExp(`^${t}`)),
    );
    // It opens with focus on the reviewer; Shift+Tab from there stays inside (it wraps to the
    // dialog's last control) and Tab comes back; Escape cancels and gives focus back to Export….
    await expect(dialog.getByLabel('Reviewer')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expect(dialog.getByLabel('Reviewer')).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Reviewer')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export…' })).toBeFocused();
    const exported = await exportDownload(page);
    expect(exported.name).toBe(c.exported);
    const reread = openSource(exported.text, c.conversation ? { conversation: c.conversation } : {});
    expect(reread.format).toBe(c.format);
    // SPEC §9: the same file as the command line's `--out` writes (in the source format, so a
    // reply a drop leaves holding thinking alone goes with its calls in both), with the same archive.
    const fromCli = cliExport(path, c);
    expect(fromCli.archive).toBe(exported.archive);
    expect(withPositionalIds(reread.read.messages as Message[])).toEqual(withPositionalIds(fromCli.messages));
    // The input file is what it was; the export is a different, smaller document.
    expect(exported.text.length).toBeLessThan(readFileSync(path, 'utf8').length);
  });
}

test('§9 a session its agent compacted: the Summary lists the boundary, the audit view marks the live context', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page
    .getByLabel('Snapshot file')
    .setInputFiles(join(formats ?? '', 'claude-code-jsonl/inspect-scout-compaction-session.jsonl'));
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  const boundaries = page.getByRole('list', { name: 'Compactions the agent made' }).getByRole('listitem');
  await expect(boundaries).toHaveText([
    /^live context from message 3 compact-004 \(auto, 50,000 tokens before\): a summary message in place of 2 earlier messages.*summary: Summary of previous conversation/,
  ]);
  await page.getByRole('tab', { name: 'Audit' }).click();
  const start = page.getByRole('separator', { name: 'Live context starts here' });
  await expect(start).toBeVisible();
  // The marker stands right above the summary line, the first message Claude Code still sends.
  await expect(page.locator('.vrow').filter({ has: start })).toContainText('Summary of previous conversation');
});
