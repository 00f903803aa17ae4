/**
 * Scenario "payment retry patch" (source: "Two live-model integration scenarios"). A long
 * working session: a finished theme CSS fix, a finished logo search, an inventory check ops
 * retired, then the billing escalation whose patch is the next action. AgentScope 2.x layout,
 * every protection boundary the source names.
 */
import { call, HistoryWriter, result, text, thinking } from './history.js';
import type { Scenario } from './history.js';
import * as files from './paymentFiles.js';

const TOOLS = [
  { name: 'read_file', description: 'Read a text file from the repository, optionally a line range. Read-only.' },
  { name: 'search_code', description: 'ripgrep over the repository; prints path:line:match. Read-only.' },
  { name: 'list_files', description: 'List a directory (ls -l). Read-only.' },
  { name: 'sql_query', description: 'Run a read-only SQL query on a reporting replica (billing or inventory).' },
  { name: 'fetch_ticket', description: 'Fetch a ticket or change request from the tracker. Read-only.' },
  { name: 'write_file', description: 'Write a file in the working tree.' },
  { name: 'run_command', description: 'Run a shell command in the repository sandbox.' },
  { name: 'apply_patch', description: 'Apply a unified diff to the working tree.' },
];

export function paymentRetryScenario(): Scenario {
  const h = new HistoryWriter('msg_pay_', 'Friday', 'maya', '2026-10-14T08:02:11.000Z');

  h.user(
    'Morning. Queue for today, in this order:\n1. Dark theme: the accent on primary buttons fails contrast (3.1:1). Fix it in web/theme/tokens.css, not per component.\n2. Design wants every place we still ship the old logo (logo-v1 / logo-2019) for the brand refresh.\n3. Ops asked whether the Q3 stock export still matches the warehouse counts.\n4. Then the billing escalation BILL-2291 — finance says some customers were charged twice last night. That one matters most; the others are quick.',
  );

  // Task 1: theme CSS (finished). Results in the same assistant message.
  h.assistant([
    thinking(
      'Start with the tokens file; the accent is probably mapped to a mid shade in the dark block.',
      'EqQBCkYIBxgCKkD3k0p1xV9dark',
    ),
    text('Starting with the dark theme tokens.'),
    call('toolu_01Contrast', 'read_file', { path: 'reports/a11y/contrast-dark.json' }),
    result('toolu_01Contrast', 'read_file', files.contrastReport()),
    call('toolu_01ThemeTokens', 'read_file', { path: 'web/theme/tokens.css' }),
    result('toolu_01ThemeTokens', 'read_file', files.themeTokensCss()),
    call('toolu_01AccentUses', 'search_code', { pattern: '--accent', path: 'web/' }),
    result('toolu_01AccentUses', 'search_code', files.accentSearch()),
    call('toolu_01ButtonCss', 'read_file', { path: 'web/components/Button.module.css' }),
    result('toolu_01ButtonCss', 'read_file', files.buttonCss()),
    text(
      'Every component goes through `--accent`, so one token change fixes all of them. In the dark block `--accent` points at a 500 shade; moving it to the 300 shade gives 7.2:1 on `--surface`.',
    ),
  ]);
  h.assistant([
    call('toolu_01WriteTokens', 'write_file', {
      path: 'web/theme/tokens.css',
      content: '/* …token file with --accent: var(--color-sky-300) in [data-theme="dark"]… */',
    }),
    result(
      'toolu_01WriteTokens',
      'write_file',
      'Wrote web/theme/tokens.css (3 lines changed: --accent, --accent-hover, --focus-ring). sha256 9f1c07e2…b44a',
    ),
    text(
      'Changed `--accent`, `--accent-hover` and `--focus-ring` in the dark block. PR #4127 is open with before/after screenshots.',
    ),
  ]);
  h.user('Merged #4127, contrast checker is green. Theme is done. Logos next.');

  // Task 2: logo search (finished). Both calls first, their results after them (one reply).
  h.assistant([
    text('Searching the icon sets for the old logo variants.'),
    call('toolu_02LogoSearch', 'search_code', { pattern: 'logo', path: 'web/icons' }),
    call('toolu_02BrandListing', 'list_files', { path: 'web/icons/brand' }),
  ]);
  h.results([
    result('toolu_02LogoSearch', 'search_code', files.logoSearch()),
    result('toolu_02BrandListing', 'list_files', files.brandIconListing()),
  ]);
  // The model reused one call id for two searches: R2 makes both ineligible.
  h.assistant([
    call('toolu_02Usages', 'search_code', { pattern: 'logo-v1', path: 'web/src' }),
    result(
      'toolu_02Usages',
      'search_code',
      'web/src/layout/Footer.tsx:14:import LogoV1 from "../../icons/brand/logo-v1.svg";\nweb/src/email/templates/receipt.mjml:9:<mj-image src="{{cdn}}/icons/brand/logo-v1.png" />',
    ),
    call('toolu_02Usages', 'search_code', { pattern: 'logo-2019', path: 'web/src' }),
    result(
      'toolu_02Usages',
      'search_code',
      'web/src/marketing/LegacyBanner.tsx:3:import Logo2019 from "../../icons/brand/logo-2019.svg";',
    ),
    text(
      'Old logo is still used in three places: Footer.tsx, the receipt email template and LegacyBanner.tsx. List sent to #design.',
    ),
  ]);
  h.assistant([
    call('toolu_02LogoSvg', 'read_file', { path: 'web/icons/brand/logo-v1.svg' }),
    result('toolu_02LogoSvg', 'read_file', files.logoSvg()),
    text(
      'logo-v1.svg is the 2019 mark with the navy swoosh; logo-2019.svg is the same paths with a wordmark. Both go.',
    ),
  ]);
  h.user('Thanks, design has it. Now the Q3 stock export for ops.');

  // Task 3: inventory (obsolete).
  h.assistant([
    call('toolu_03StockQuery', 'sql_query', {
      database: 'inventory_replica',
      sql: "SELECT sku, warehouse, category, on_hand, reserved, reorder_point, last_counted FROM stock_levels WHERE quarter = '2026Q3' ORDER BY warehouse, sku LIMIT 250",
    }),
    result('toolu_03StockQuery', 'sql_query', files.inventoryCsv(230, 31)),
    call('toolu_03StockExport', 'read_file', { path: 'reports/inventory/stock_2026q3.csv' }),
    result('toolu_03StockExport', 'read_file', files.inventoryCsv(250, 37)),
    text(
      'The export and the replica disagree on 14 SKUs, all in RTM-3. Before I dig in: is RTM-3 still counted by the old system?',
    ),
  ]);
  h.user(
    'Ops just replied: that export is obsolete, RTM-3 moved to the new WMS in September and the report is being deleted. Drop it. On to BILL-2291, which is the real work today.',
  );

  // Task 4: billing. Evidence and approvals are protected by the caller.
  h.assistant([
    thinking('Confirm the duplicates from billing data first, then read the retry code.', 'EqQBCkYIBxgCKkBill2291'),
    call('toolu_04Duplicates', 'sql_query', {
      database: 'billing_replica',
      sql: "SELECT order_id, charge_id, amount_eur, captured_at, idempotency_key FROM charges WHERE captured_at >= '2026-10-13 18:00' AND order_id IN (SELECT order_id FROM charges WHERE status = 'captured' GROUP BY order_id HAVING count(*) > 1) ORDER BY order_id, captured_at",
    }),
    result('toolu_04Duplicates', 'sql_query', files.duplicateChargesTable()),
    text(
      'Five orders were captured twice, 9 seconds apart, each time with a *different* idempotency key. The gateway cannot deduplicate that: our retry generates a new key per attempt.',
    ),
  ]);
  const approvalMessage = h.assistant([
    call('toolu_04Approval', 'fetch_ticket', { id: 'CHG-7731' }),
    result(
      'toolu_04Approval',
      'fetch_ticket',
      'CHG-7731 (standard change) — "Payments: keep idempotency key across charge retries; stop retrying declines"\nStatus: APPROVED 2026-10-14 09:41 UTC\nApprover: r.okafor (Payments on-call lead)\nRisk: low — behaviour change limited to RetryPolicy.charge\nConditions: regression test for BILL-2291 must pass un-xfailed; deploy behind payments.retry_v2 flag\nAudit ref: AUD-2026-10-14-0193',
    ),
  ]);
  h.assistant([
    text('Reading the retry policy, and checking how the client sends the key.'),
    call('toolu_05RetryPolicy', 'read_file', { path: 'services/payments/retry_policy.py' }),
    result('toolu_05RetryPolicy', 'read_file', files.retryPolicyRead()),
    call('toolu_05HeaderUse', 'search_code', { pattern: 'Idempotency-Key', path: 'services/payments' }),
    result(
      'toolu_05HeaderUse',
      'search_code',
      'services/payments/gateway_client.py:54:                headers={"Idempotency-Key": idempotency_key},\nservices/payments/gateway_client.py:58:            # same Idempotency-Key is safe after this.',
    ),
    text(
      'Two bugs in `RetryPolicy.charge`: line 45 makes a new idempotency key on every attempt, so each retry is a new charge; and the loop sleeps even after the final attempt. Declines are not in `RETRYABLE`, good.',
    ),
  ]);
  h.assistant([
    call('toolu_05KeyHelper', 'read_file', { path: 'services/payments/idempotency.py' }),
    result(
      'toolu_05KeyHelper',
      'read_file',
      'Error: services/payments/idempotency.py: No such file or directory',
      'error',
    ),
    call('toolu_05KeySearch', 'search_code', { pattern: 'def new_idempotency_key', path: 'services/' }),
  ]);
  h.results([
    result(
      'toolu_05KeySearch',
      'search_code',
      'services/payments/idempotency_keys.py:12:def new_idempotency_key(order_id: str) -> str:\nservices/payments/idempotency_keys.py:13:    return f"{order_id}:{secrets.token_hex(4)}"',
    ),
  ]);
  h.assistant([
    text('The helper appends random hex, so a key must be created once per charge, before the loop. Now the tests.'),
    call('toolu_06RetryTests', 'read_file', { path: 'tests/payments/test_retry_policy.py' }),
  ]);
  h.results([result('toolu_06RetryTests', 'read_file', files.testRetryPolicyRead())]);
  h.assistant([
    call('toolu_06Pytest', 'run_command', { cmd: 'pytest tests/payments/test_retry_policy.py -q' }),
    result(
      'toolu_06Pytest',
      'run_command',
      '......x\n6 passed, 1 xfailed in 0.42s\n(xfail: test_timeout_retry_reuses_idempotency_key — BILL-2291)',
    ),
    call('toolu_06Coverage', 'run_command', { cmd: 'pytest tests/payments -q --cov=services.payments' }, 'submitted'),
    result('toolu_06Coverage', 'run_command', 'collecting…', 'running'),
  ]);
  h.user(
    'r.okafor approved CHG-7731. Keep the xfail test but flip it to a normal test in the patch, and add one for the last attempt not sleeping.',
  );
  h.assistant([
    thinking(
      'The patch: key before the loop, no sleep after the final attempt, xfail removed, a new test for the sleep.',
      'EqQBCkYIBxgCKkPatchPlan',
    ),
    call('toolu_07Fakes', 'read_file', { path: 'tests/payments/fakes.py', start_line: 9, end_line: 15 }),
    result(
      'toolu_07Fakes',
      'read_file',
      '     9\tclass FakeGatewayClient:\n    10\t    outcomes: list\n    11\t    calls: list = field(default_factory=list)\n    12\t\n    13\t    def create_charge(self, request, idempotency_key):\n    14\t        self.calls.append(RecordedCall(request, idempotency_key))\n    15\t        outcome = self.outcomes[len(self.calls) - 1]',
    ),
  ]);
  h.user('Also: finance wants the affected order ids in the PR description. They are in your duplicates query above.');
  h.assistant([
    text('Noted: the five order ids go into the PR description. Preparing the patch against the lines read above.'),
    call('toolu_08Patch', 'apply_patch', { patch: '(pending: waiting for the final diff)' }, 'pending'),
  ]);
  h.user('Go ahead: exact unified diff for retry_policy.py and test_retry_policy.py, against the lines you read.');
  h.assistant([text('Writing the diff now.')]);

  return {
    name: 'payment-retry',
    title: 'Payment retry patch',
    messages: h.messages,
    goal: 'Write the exact unified diff that fixes BILL-2291 in services/payments/retry_policy.py (create the idempotency key once per charge, before the retry loop; do not sleep after the last attempt) and updates tests/payments/test_retry_policy.py (drop the xfail, add a test that the final attempt does not sleep). Work from the source and regression-test lines already read. The theme CSS fix, the logo search and the inventory export are finished.',
    eligible_tool_names: ['read_file', 'search_code', 'list_files', 'sql_query', 'fetch_ticket'],
    protected_message_ids: [approvalMessage],
    protected_call_ids: ['toolu_04Duplicates'],
    tools: TOOLS,
    options: { preserve_recent_messages: 6 },
    critical: ['toolu_05RetryPolicy', 'toolu_06RetryTests'],
    irrelevant: [
      'toolu_01Contrast',
      'toolu_01ThemeTokens',
      'toolu_01AccentUses',
      'toolu_01ButtonCss',
      'toolu_02LogoSearch',
      'toolu_02BrandListing',
      'toolu_02LogoSvg',
      'toolu_03StockQuery',
      'toolu_03StockExport',
    ],
    protectedBoundaries: [
      'toolu_04Duplicates',
      'toolu_04Approval',
      'toolu_01WriteTokens',
      'toolu_02Usages',
      'toolu_05KeyHelper',
      'toolu_06Pytest',
      'toolu_06Coverage',
      'toolu_07Fakes',
      'toolu_08Patch',
    ],
  };
}
