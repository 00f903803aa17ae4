/**
 * File contents and tool outputs of the payment-retry scenario. The payment sources and
 * tests are hand-written (the goal needs them verbatim); the side-task outputs (theme
 * tokens, icon listings, the inventory export) are generated from a fixed seed because they
 * only need to be bulky and plausible. Longer than the ~300-line guideline because it is data,
 * not logic: the verbatim sources belong to one scenario and read best in one place.
 */
import { numbered, pick, seeded } from './history.js';

export const RETRY_POLICY_PY = `"""Retry policy for card charges sent to the Adyen/Stripe gateway adapters.

Retries are only safe when the gateway can deduplicate the charge, which it does by
idempotency key. See BILL-1874 for the original incident.
"""
from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass, field

from services.payments.errors import (
    CardDeclined,
    GatewayError,
    GatewayTimeout,
    RateLimited,
)
from services.payments.idempotency_keys import new_idempotency_key

log = logging.getLogger(__name__)

RETRYABLE = (GatewayTimeout, RateLimited, GatewayError)


@dataclass
class RetryPolicy:
    max_attempts: int = 4
    base_delay_s: float = 0.4
    max_delay_s: float = 6.0
    jitter: float = 0.25
    sleep: callable = field(default=time.sleep, repr=False)

    def delay_for(self, attempt: int) -> float:
        delay = min(self.max_delay_s, self.base_delay_s * (2 ** attempt))
        return delay * (1 + random.uniform(-self.jitter, self.jitter))

    def charge(self, client, request):
        last_error = None
        for attempt in range(self.max_attempts):
            key = new_idempotency_key(request.order_id)
            try:
                return client.create_charge(request, idempotency_key=key)
            except RETRYABLE as exc:
                last_error = exc
                log.warning(
                    "charge attempt %d/%d for order %s failed: %s",
                    attempt + 1,
                    self.max_attempts,
                    request.order_id,
                    exc,
                )
                self.sleep(self.delay_for(attempt))
        raise last_error
`;

export const TEST_RETRY_POLICY_PY = `import pytest

from services.payments.errors import CardDeclined, GatewayTimeout
from services.payments.retry_policy import RetryPolicy
from tests.payments.fakes import FakeGatewayClient, charge_request


def no_sleep(_seconds):
    pass


def test_returns_first_successful_charge():
    client = FakeGatewayClient(outcomes=["ok"])
    charge = RetryPolicy(sleep=no_sleep).charge(client, charge_request(order_id="ord_1001"))
    assert charge.status == "captured"
    assert len(client.calls) == 1


def test_retries_timeouts_up_to_max_attempts():
    client = FakeGatewayClient(outcomes=[GatewayTimeout("read timed out")] * 4)
    with pytest.raises(GatewayTimeout):
        RetryPolicy(max_attempts=4, sleep=no_sleep).charge(client, charge_request())
    assert len(client.calls) == 4


def test_backoff_is_capped():
    policy = RetryPolicy(base_delay_s=1.0, max_delay_s=3.0, jitter=0.0)
    assert [policy.delay_for(a) for a in range(4)] == [1.0, 2.0, 3.0, 3.0]


# BILL-2291 regression: a timeout after the gateway captured the charge must not
# produce a second capture. Marked xfail until the retry keeps its idempotency key.
@pytest.mark.xfail(reason="BILL-2291", strict=True)
def test_timeout_retry_reuses_idempotency_key():
    client = FakeGatewayClient(outcomes=[GatewayTimeout("read timed out"), "ok"])
    RetryPolicy(sleep=no_sleep).charge(client, charge_request(order_id="ord_2291"))
    keys = [call.idempotency_key for call in client.calls]
    assert len(keys) == 2
    assert keys[0] == keys[1]


def test_card_declined_is_not_retried():
    client = FakeGatewayClient(outcomes=[CardDeclined("insufficient_funds"), "ok"])
    with pytest.raises(CardDeclined):
        RetryPolicy(sleep=no_sleep).charge(client, charge_request())
    assert len(client.calls) == 1
`;

export const retryPolicyRead = () => numbered(RETRY_POLICY_PY.trimEnd());
export const testRetryPolicyRead = () => numbered(TEST_RETRY_POLICY_PY.trimEnd());

const hex = (random: () => number) =>
  '#' +
  Array.from({ length: 3 }, () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');

/** web/theme/tokens.css: palette and semantic tokens for both themes. */
export function themeTokensCss(): string {
  const random = seeded(7);
  const palettes = [
    'slate',
    'gray',
    'zinc',
    'red',
    'orange',
    'amber',
    'yellow',
    'lime',
    'green',
    'emerald',
    'teal',
    'cyan',
    'sky',
    'blue',
    'indigo',
    'violet',
    'purple',
    'fuchsia',
    'pink',
    'rose',
  ];
  const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900];
  const lines = ['/* Generated from design-tokens/palette.json — edit the JSON, not this file. */', ':root {'];
  for (const palette of palettes)
    for (const shade of shades) lines.push(`  --color-${palette}-${shade}: ${hex(random)};`);
  const roles = [
    'surface',
    'surface-raised',
    'border',
    'text',
    'text-muted',
    'accent',
    'accent-hover',
    'accent-contrast',
    'focus-ring',
    'danger',
    'success',
  ];
  lines.push('}', '', '[data-theme="dark"] {');
  for (const role of roles) lines.push(`  --${role}: var(--color-${pick(random, palettes)}-${pick(random, shades)});`);
  lines.push('}', '', '[data-theme="light"] {');
  for (const role of roles) lines.push(`  --${role}: var(--color-${pick(random, palettes)}-${pick(random, shades)});`);
  lines.push('}');
  return numbered(lines.join('\n'));
}

/** Matches of `--accent` under web/, as a code search prints them. */
export function accentSearch(): string {
  const random = seeded(11);
  const files = [
    'components/Button.module.css',
    'components/Tabs.module.css',
    'components/Toggle.module.css',
    'checkout/PayButton.module.css',
    'layout/Header.module.css',
    'account/Badge.module.css',
  ];
  const props = ['background', 'border-color', 'color', 'outline-color', 'box-shadow'];
  const out: string[] = [];
  for (let i = 0; i < 34; i++) {
    const file = pick(random, files);
    const prop = pick(random, props);
    const value = prop === 'box-shadow' ? '0 0 0 3px var(--accent)' : `var(--accent${random() < 0.3 ? '-hover' : ''})`;
    out.push(`web/${file}:${10 + Math.floor(random() * 180)}:  ${prop}: ${value};`);
  }
  return out.join('\n') + '\n34 matches in 6 files';
}

const ICON_SETS = ['brand', 'payment-methods', 'social', 'nav', 'status', 'marketing'];

/** web/components/Button.module.css: the component the contrast report flagged. */
export function buttonCss(): string {
  const variants = ['primary', 'secondary', 'ghost', 'danger', 'link'];
  const sizes: Array<[string, string, string]> = [
    ['sm', '0.25rem 0.625rem', '0.8125rem'],
    ['md', '0.5rem 1rem', '0.9375rem'],
    ['lg', '0.75rem 1.375rem', '1.0625rem'],
  ];
  const lines = [
    '.button {',
    '  display: inline-flex;',
    '  align-items: center;',
    '  gap: 0.5rem;',
    '  border-radius: var(--radius-md);',
    '  border: 1px solid transparent;',
    '  font-weight: 600;',
    '  line-height: 1.25;',
    '  transition: background-color 120ms ease, border-color 120ms ease, box-shadow 120ms ease;',
    '}',
    '',
  ];
  for (const [size, padding, font] of sizes)
    lines.push(`.button.${size} {`, `  padding: ${padding};`, `  font-size: ${font};`, '}', '');
  for (const variant of variants) {
    const bg = variant === 'primary' ? 'var(--accent)' : variant === 'danger' ? 'var(--danger)' : 'transparent';
    lines.push(
      `.button.${variant} {`,
      `  background: ${bg};`,
      `  color: ${variant === 'primary' ? 'var(--accent-contrast)' : variant === 'danger' ? 'var(--surface)' : 'var(--accent)'};`,
      `  border-color: ${variant === 'secondary' ? 'var(--border)' : 'transparent'};`,
      '}',
      '',
    );
    lines.push(
      `.button.${variant}:hover:not(:disabled) {`,
      `  background: ${variant === 'primary' ? 'var(--accent-hover)' : 'color-mix(in srgb, var(--accent) 12%, transparent)'};`,
      '}',
      '',
    );
    lines.push(
      `.button.${variant}:focus-visible {`,
      '  outline: none;',
      '  box-shadow: 0 0 0 3px var(--focus-ring);',
      '}',
      '',
    );
  }
  lines.push('.button:disabled {', '  opacity: 0.5;', '  cursor: not-allowed;', '}');
  return numbered(lines.join('\n'));
}

/** Matches of `logo` under web/icons: SVG ids and titles. */
export function logoSearch(): string {
  const random = seeded(13);
  const out: string[] = [];
  for (let i = 0; i < 56; i++) {
    const set = pick(random, ICON_SETS);
    const variant = pick(random, ['logo', 'logo-mono', 'logo-v1', 'logo-wordmark', 'logo-2019', 'logo-inverse']);
    const line = 1 + Math.floor(random() * 6);
    out.push(
      line < 3
        ? `web/icons/${set}/${variant}.svg:${line}:<svg id="${variant}" viewBox="0 0 ${pick(random, [24, 32, 48, 120])} 24" xmlns="http://www.w3.org/2000/svg">`
        : `web/icons/${set}/${variant}.svg:${line}:  <title>${variant.replace(/-/g, ' ')}</title>`,
    );
  }
  return out.join('\n');
}

/** web/icons/brand/logo-v1.svg: the old mark, hand-exported path data. */
export function logoSvg(): string {
  const random = seeded(19);
  const point = () => `${(random() * 120).toFixed(2)} ${(random() * 24).toFixed(2)}`;
  const lines = [
    '<svg id="logo-v1" viewBox="0 0 120 24" xmlns="http://www.w3.org/2000/svg">',
    '  <title>logo v1</title>',
  ];
  for (let i = 0; i < 14; i++) {
    const segments = Array.from({ length: 7 }, () => `C${point()} ${point()} ${point()}`).join(' ');
    lines.push(`  <path fill="${i < 4 ? '#0b3d91' : 'currentColor'}" d="M${point()} ${segments}Z"/>`);
  }
  lines.push('</svg>');
  return lines.join('\n');
}

/** The contrast checker's report on the dark theme before the fix. */
export function contrastReport(): string {
  const random = seeded(29);
  const pairs = [
    'accent/surface',
    'accent-contrast/accent',
    'text/surface',
    'text-muted/surface',
    'focus-ring/surface',
    'danger/surface',
    'success/surface',
    'accent/surface-raised',
  ];
  const screens = ['checkout', 'cart', 'account', 'orders', 'search', 'product', 'home'];
  const rows = [];
  for (const screen of screens) {
    for (const pair of pairs) {
      const ratio = 2.4 + random() * 8;
      rows.push({
        screen,
        pair,
        ratio: Number(ratio.toFixed(2)),
        required: pair.startsWith('text-muted') ? 3 : 4.5,
        pass: ratio >= 4.5,
      });
    }
  }
  return JSON.stringify({
    tool: 'a11y-contrast 2.3.1',
    theme: 'dark',
    generated_at: '2026-10-14T07:55:02Z',
    results: rows,
  });
}

/** `ls -l` of web/icons/brand. */
export function brandIconListing(): string {
  const random = seeded(17);
  const names = [
    'logo',
    'logo-mono',
    'logo-v1',
    'logo-wordmark',
    'logo-2019',
    'logo-inverse',
    'favicon',
    'apple-touch',
    'app-store',
    'play-store',
    'og-image',
    'mark',
  ];
  const out = ['total 212'];
  for (const name of names) {
    for (const ext of ['svg', 'png', '2x.png']) {
      const size = 400 + Math.floor(random() * 24000);
      out.push(
        `-rw-r--r--  1 deploy  staff  ${String(size).padStart(6)}  2024-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)} ${name}.${ext}`,
      );
    }
  }
  return out.join('\n');
}

/** The Q3 stock export ops asked about, before they retired it. */
export function inventoryCsv(rows: number, seed: number): string {
  const random = seeded(seed);
  const warehouses = ['AMS-1', 'AMS-2', 'RTM-3', 'BER-1', 'MAD-2'];
  const categories = ['apparel', 'footwear', 'accessories', 'home', 'outdoor'];
  const out = ['sku,warehouse,category,on_hand,reserved,reorder_point,last_counted'];
  for (let i = 0; i < rows; i++) {
    const sku = `SKU-${String(10400 + Math.floor(random() * 9000)).padStart(5, '0')}-${pick(random, ['XS', 'S', 'M', 'L', 'XL', 'OS'])}`;
    const onHand = Math.floor(random() * 900);
    out.push(
      `${sku},${pick(random, warehouses)},${pick(random, categories)},${onHand},${Math.floor(random() * onHand * 0.3)},${20 + Math.floor(random() * 80)},2026-09-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    );
  }
  return out.join('\n');
}

/** Rows of the duplicate-capture query on the billing read replica (the incident's evidence). */
export function duplicateChargesTable(): string {
  const random = seeded(23);
  const out = [
    'order_id   | charge_id              | amount_eur | captured_at              | idempotency_key',
    '-----------+------------------------+------------+--------------------------+------------------------------------',
  ];
  for (let i = 0; i < 5; i++) {
    const order = `ord_${88200 + Math.floor(random() * 700)}`;
    const amount = (20 + random() * 300).toFixed(2);
    const minute = 10 + Math.floor(random() * 40);
    for (let k = 0; k < 2; k++) {
      const charge = `ch_3P${Math.floor(random() * 1e9).toString(36)}${Math.floor(random() * 1e9).toString(36)}`.slice(
        0,
        22,
      );
      const key = `${order}:${Math.floor(random() * 0xffffffff)
        .toString(16)
        .padStart(8, '0')}`;
      out.push(
        `${order.padEnd(10)} | ${charge.padEnd(22)} | ${amount.padStart(10)} | 2026-10-13 18:${minute}:${String(4 + k * 9).padStart(2, '0')}.${k}12 | ${key}`,
      );
    }
  }
  out.push('(10 rows)');
  return out.join('\n');
}
