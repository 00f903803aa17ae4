/**
 * §9 Compare against a peer policy, in Chromium against the web host on the bundled example:
 * pick observation masking, read the current run beside the peer's proposal for this history
 * and the calls where the peer destroys a result later messages quote, then follow an evidence link.
 * Expected figures come from the real core.
 */
import { createHash } from 'node:crypto';
import { compactDetailed } from '../../dist/core/engine/compact.js';
import { createOfflineModel } from '../../dist/core/engine/offline/model.js';
import { rebuildOptionsOf } from '../../dist/core/engine/rebuild.js';
import { paymentRetryScenario, scenarioRequest } from '../../dist/core/examples/index.js';
import { PRICE_PRESETS } from '../../dist/core/inspect/cache.js';
import { ACTION_LABELS } from '../../dist/core/inspect/glossary.js';
import { comparePeer, planPeer } from '../../dist/core/inspect/peerCompare.js';
import { rebuild } from '../../dist/core/engine/rebuild.js';
import { countTokens } from 'gpt-tokenizer/model/gpt-4o';
import { bundledExample } from '../../dist/app/host/setup.js';
import { archiveFileName } from '../../dist/core/records/audit.js';
import type { Page } from '@playwright/test';
import { expect, test } from './host.js';

const example = bundledExample();
const ARCHIVE_REF = archiveFileName(createHash('sha256').update(example.text).digest('hex'), example.fileName);

/** The core's peer comparison (masking at `params`) for the example run at 0.5, as the inspector makes it. */
async function expectedComparison(params: { m?: number } = {}) {
  const request = { ...scenarioRequest(paymentRetryScenario()), archive_ref: ARCHIVE_REF };
  const details = await compactDetailed(request, { model: createOfflineModel() });
  if (!details.response.success) throw new Error('example run failed');
  const decisions = details.response.answer.decisions;
  const { messages } = details.request;
  const input = {
    messages,
    analysis: details.analysis,
    actions: new Map(decisions.map((d) => [d.pair_id, d.action])),
    rebuildOptions: rebuildOptionsOf(details.request),
    decisions: new Map(decisions.map((d) => [d.pair_id, d])),
    prices: PRICE_PRESETS[0].prices,
  };
  // The inspector's tokens: gpt-4o BPE of the compact JSON, for both sides alike.
  const bpe = (actions: typeof input.actions, options: typeof input.rebuildOptions) => {
    const rebuilt = rebuild(messages, details.analysis.pairs, actions, options, false);
    return {
      before: countTokens(JSON.stringify(messages)),
      after: countTokens(JSON.stringify(rebuilt.messages)),
      prefix: countTokens(JSON.stringify(messages.slice(0, rebuilt.firstChanged ?? messages.length))),
    };
  };
  const plan = planPeer(input, 'masking', params);
  const tokens = {
    a: bpe(input.actions, input.rebuildOptions),
    b: bpe(plan.proposal.actions, plan.rebuildOptions),
  };
  return comparePeer({ ...input, tokens }, 'masking', params);
}

/** The example run at 0.5, then Compare against observation masking, as a person gets there. */
async function compareWithMasking(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('slider', { name: 'Keep threshold' }).fill('0.5');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('combobox', { name: 'Peer policy' }).selectOption({ label: 'observation masking' });
}

test('§9 Compare against observation masking: both sides’ sizes and the used results the peer destroys, with evidence links', async ({
  page,
  host,
}) => {
  const expected = await expectedComparison();
  expect(expected.destroyed.length).toBeGreaterThan(0);
  await compareWithMasking(page, host.url);

  await expect(page.getByRole('status', { name: 'Peer trigger' })).toContainText(expected.peer.note);
  const sides = page.getByRole('table', { name: 'The current proposal and the peer' });
  await expect(sides.getByRole('row', { name: /^Current/ })).toContainText(
    expected.a.charsAfter.toLocaleString('en-US'),
  );
  const b = sides.getByRole('row', { name: /^Peer \(observation masking/ });
  await expect(b).toContainText(expected.b.charsAfter.toLocaleString('en-US'));
  await expect(b).toContainText(expected.b.tokensAfter!.toLocaleString('en-US'));
  await expect(b).toContainText(`$${expected.b.cost!.nextWith.toFixed(4)}`);

  const destroyed = page.getByRole('table', { name: 'Calls where the peer destroys a used result' });
  await expect(destroyed.getByRole('row')).toHaveCount(expected.destroyed.length + 1);
  for (const d of expected.destroyed) {
    const row = destroyed.getByRole('row', { name: new RegExp(`^${d.call_id} `) });
    await expect(row).toContainText(ACTION_LABELS[d.action]);
    await expect(row).toContainText(d.rule);
  }
  // An evidence link opens the audit at the message that quotes the result.
  const first = expected.destroyed[0];
  await destroyed
    .getByRole('row', { name: new RegExp(`^${first.call_id} `) })
    .getByRole('button', { name: `Go to message ${first.quoted_in[0]}` })
    .click();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
});

test('§9 R15 a peer parameter changed from the keyboard re-derives B; a refused value is marked and keeps B', async ({
  page,
  host,
}) => {
  const defaults = await expectedComparison();
  const changed = await expectedComparison({ m: 2 });
  expect(changed.b.charsAfter).not.toBe(defaults.b.charsAfter);
  await compareWithMasking(page, host.url);

  const m = page.getByRole('spinbutton', { name: 'm', exact: true });
  await expect(m).toHaveValue('10');
  const status = page.getByRole('status', { name: 'Peer trigger' });
  await expect(status).toContainText('with its documented defaults');
  const b = page.getByRole('table', { name: 'The current proposal and the peer' }).getByRole('row', { name: /^Peer / });
  await expect(b).toContainText(defaults.b.charsAfter.toLocaleString('en-US'));

  await m.fill('3');
  await m.press('ArrowDown');
  await expect(m).toHaveValue('2');
  await expect(b).toContainText(changed.b.charsAfter.toLocaleString('en-US'));
  await expect(b).toContainText(changed.b.tokensAfter!.toLocaleString('en-US'));
  await expect(status).toContainText('m 2 (default 10)');
  await expect(status).toContainText(changed.peer.note);

  await m.fill('-1');
  await expect(m).toHaveAttribute('aria-invalid', 'true');
  await expect(m).toHaveAccessibleDescription(/Too small: expected number to be >=0/);
  await expect(page.getByRole('alert')).toContainText('The peer keeps the last valid parameters');
  await expect(b).toContainText(changed.b.charsAfter.toLocaleString('en-US'));

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(m).toHaveValue('10');
  await expect(m).not.toHaveAttribute('aria-invalid', 'true');
  await expect(b).toContainText(defaults.b.charsAfter.toLocaleString('en-US'));
  await expect(status).toContainText('with its documented defaults');
});
