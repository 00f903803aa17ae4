/**
 * §9 Compare against a peer policy, in Chromium against the web host on the bundled example:
 * pick observation masking, read A (the run) beside B (the peer's proposal for this history)
 * and the calls where B destroys a result later messages quote, then follow an evidence link.
 * Expected figures come from the real core.
 */
import { createHash } from 'node:crypto';
import { compactDetailed } from '../../dist/core/engine/compact.js';
import { createOfflineModel } from '../../dist/core/engine/offline/model.js';
import { rebuildOptionsOf } from '../../dist/core/engine/rebuild.js';
import { paymentRetryScenario, scenarioRequest } from '../../dist/core/examples/index.js';
import { PRICE_PRESETS } from '../../dist/core/inspect/cache.js';
import { comparePeer } from '../../dist/core/inspect/peerCompare.js';
import { bundledExample } from '../../dist/app/host/setup.js';
import { archiveFileName } from '../../dist/core/audit/schema.js';
import { expect, test } from './host.js';

const example = bundledExample();
const ARCHIVE_REF = archiveFileName(createHash('sha256').update(example.text).digest('hex'), example.fileName);

/** The core's peer comparison for the example run at 0.5, as the inspector makes it. */
async function expectedComparison() {
  const request = { ...scenarioRequest(paymentRetryScenario()), archive_ref: ARCHIVE_REF };
  const details = await compactDetailed(request, { model: createOfflineModel() });
  if (!details.response.success) throw new Error('example run failed');
  const decisions = details.response.answer.decisions;
  return comparePeer(
    {
      messages: details.request.messages,
      analysis: details.analysis,
      actions: new Map(decisions.map((d) => [d.pair_id, d.action])),
      rebuildOptions: rebuildOptionsOf(details.request),
      decisions: new Map(decisions.map((d) => [d.pair_id, d])),
      prices: PRICE_PRESETS[0].prices,
    },
    'masking',
  );
}

test('§9 Compare against observation masking: both sides’ sizes and the used results the peer destroys, with evidence links', async ({
  page,
  host,
}) => {
  const expected = await expectedComparison();
  expect(expected.destroyed.length).toBeGreaterThan(0);
  await page.goto(host.url);
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('slider', { name: 'Keep threshold' }).fill('0.5');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('combobox', { name: 'Peer policy' }).selectOption({ label: 'observation masking' });

  await expect(page.getByRole('status', { name: 'Peer trigger' })).toContainText(expected.peer.note);
  const sides = page.getByRole('table', { name: 'A and the peer' });
  await expect(sides.getByRole('row', { name: /^A \(current\)/ })).toContainText(
    expected.a.charsAfter.toLocaleString('en-US'),
  );
  const b = sides.getByRole('row', { name: /^B \(observation masking/ });
  await expect(b).toContainText(expected.b.charsAfter.toLocaleString('en-US'));
  await expect(b).toContainText(expected.b.tokensAfter.toLocaleString('en-US'));
  await expect(b).toContainText(`$${expected.b.cost.nextWith.toFixed(4)}`);

  const destroyed = page.getByRole('table', { name: 'Calls where the peer destroys a used result' });
  await expect(destroyed.getByRole('row')).toHaveCount(expected.destroyed.length + 1);
  for (const d of expected.destroyed) {
    const row = destroyed.getByRole('row', { name: new RegExp(`^${d.call_id} `) });
    await expect(row).toContainText(d.action);
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
