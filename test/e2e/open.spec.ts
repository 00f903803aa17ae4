/**
 * Open: a malformed file names the problem and its position and keeps the current
 * snapshot; oddities are warnings; a file AgentScope 2.x would refuse says why; drag-and-drop
 * opens JSON Lines; tokens are counted.
 */
import { join } from 'node:path';
import { expect, SCREENSHOTS, test } from './host.js';

test('R2 open: malformed file errors, warnings, drag-and-drop of JSON Lines, token counts', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');

  await page.getByLabel('Snapshot file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[{"id": "m0", "role": "user", "content": "hi"},\n {"id": "m1",, }]'),
  });
  await expect(page.getByRole('alert')).toContainText(/broken\.json: not JSON: .*(position|line)/);
  await expect(page.locator('.toolbar')).toContainText('payment-retry.json');

  const lines = [
    { id: 'u0', role: 'user', content: [{ type: 'text', text: 'start' }] },
    {
      id: 'a1',
      role: 'assistant',
      content: [
        { type: 'tool_call', id: 't1', name: 'grep', input: '{"q":"x"}', state: 'finished' },
        { type: 'tool_result', id: 't1', name: 'grep', output: 'x'.repeat(2000), state: 'success' },
        { type: 'tool_call', id: 't1', name: 'grep', input: '{}', state: 'finished' },
      ],
    },
    {
      id: 'u2',
      role: 'user',
      content: [
        { type: 'tool_result', id: 'ghost', name: 'grep', output: 'boo', state: 'success' },
        { type: 'tool_call', id: 't9', name: 'grep', input: '{}', state: 'queued' },
      ],
    },
    { id: 'u3', role: 'user', content: [{ type: 'text', text: 'done' }] },
  ];
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const drop = await page.evaluateHandle((body) => {
    const dt = new DataTransfer();
    dt.items.add(new File([body], 'dropped.jsonl', { type: 'application/json' }));
    return dt;
  }, text);
  await page.locator('.app').dispatchEvent('drop', { dataTransfer: drop });
  await expect(page.locator('.toolbar')).toContainText('dropped.jsonl');
  await expect(page.getByRole('table', { name: 'File' })).toContainText('jsonl');
  // SPEC §1: read tolerantly, and the Summary says AgentScope 2.x itself would not load it, and why.
  await expect(page.getByRole('note').filter({ hasText: 'AgentScope 2.x would not load this file' })).toContainText(
    /would not load this file: no name \(agentscope2\.name, and \d+ more\)/,
  );
  // A foreign layout was never written for AgentScope 2.x: its rules are not listed as this file's failures.
  const targets = page.getByRole('list', { name: 'Target checks of the opened file' });
  await expect(targets).toContainText(/AgentScope 2\.x Msg – \(not for this file: .* \d+ of its rules are not met\)/);
  await expect(targets.locator('li.error')).toHaveCount(0);
  const warnings = page.getByRole('region', { name: 'Warnings' });
  await expect(warnings).toContainText('duplicate_id');
  await expect(warnings).toContainText('orphan_result');
  await expect(warnings).toContainText('unknown_state');
  await page.screenshot({ path: join(SCREENSHOTS, 'open-warnings.png') });

  // The example again: run and wait for the real tokenizer's counts.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByLabel('Statistics')).toContainText(/Tokens before → after[\d,]+ → [\d,]+/);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard the proposal?' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'discard.png') });
  await page.getByRole('button', { name: 'Discard proposal' }).click();
  await expect(page.getByLabel('Statistics')).toContainText('none — press Run');
});

test('§5 R13 what is typed into Options and the archive reference stays with its file: another file starts them afresh', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  // An out-of-range option stays as typed, marked invalid (§5: nothing is clamped); the archive
  // reference is a draft until Enter or leaving the field.
  const maxState = page.getByLabel('Max state tokens');
  await maxState.fill('0');
  await expect(maxState).toHaveAttribute('aria-invalid', 'true');
  const archiveRef = page.getByLabel('Archive reference');
  await archiveRef.fill('draft-of-the-example.json');

  await page.getByLabel('Snapshot file').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([{ id: 'u0', role: 'user', content: [{ type: 'text', text: 'hi' }] }])),
  });
  await expect(page.locator('.toolbar')).toContainText('other.json');
  await expect(maxState).not.toHaveAttribute('aria-invalid');
  await expect(maxState).not.toHaveValue('0');
  await expect(archiveRef).toHaveValue(/^other\.[0-9a-f]{16}\.json$/);
});
