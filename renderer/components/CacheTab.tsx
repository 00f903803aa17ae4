/**
 * What the proposal costs in the provider's prompt cache (SPEC §9): where the cached prefix
 * ends, the next request's cost with and without the compaction at a price table (a preset or
 * edited, kept locally), and after how many further requests the compaction pays for itself.
 */
import { useMemo, useState } from 'react';
import type { CacheCost, PriceTable } from '../../core/inspect/cache.js';
import { PRICE_PRESETS, tokenizerNote } from '../../core/inspect/cache.js';
import { prefixTokensOf } from '../../core/inspect/figures.js';
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { BreakEven } from './BreakEven.js';

const PRICE_FIELDS: Array<[keyof PriceTable, string]> = [
  ['input', 'Input'],
  ['cacheWrite', 'Cache write'],
  ['cacheRead', 'Cache read'],
];

const usd = (n: number | null | undefined) =>
  n === null || n === undefined
    ? '—'
    : `$${n.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}`;

function breakEven(cost: CacheCost): string {
  if (cost.breakEvenRequests === null) return 'never: later requests save nothing';
  if (cost.breakEvenRequests === 0) return 'at once: the next request already costs no more';
  const n = cost.breakEvenRequests;
  return `after ${n} further request${n === 1 ? '' : 's'}`;
}

function PriceTableForm() {
  const prices = useApp((s) => s.prices);
  const presetId = useApp((s) => s.presetId);
  const setPrice = useApp((s) => s.setPrice);
  const choosePreset = useApp((s) => s.choosePreset);
  const [drafts, setDrafts] = useState<Partial<Record<keyof PriceTable, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof PriceTable, string | null>>>({});
  return (
    <fieldset>
      <legend className="section-title">Prices (USD per million tokens)</legend>
      <div className="field">
        <label htmlFor="price-preset">Preset</label>
        <select
          id="price-preset"
          value={presetId ?? 'custom'}
          onChange={(e) => {
            choosePreset(e.target.value);
            setDrafts({});
            setErrors({});
          }}
        >
          {presetId === null && <option value="custom">Custom (edited)</option>}
          {PRICE_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="form-grid">
        {PRICE_FIELDS.map(([key, label]) => (
          <div key={key} className="field">
            <label htmlFor={`price-${key}`}>{label}</label>
            <input
              id={`price-${key}`}
              type="number"
              min={0}
              step="any"
              value={drafts[key] ?? String(prices[key])}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={`price-${key}-hint`}
              onChange={(e) => {
                const text = e.target.value;
                setDrafts({ ...drafts, [key]: text });
                setErrors({ ...errors, [key]: text.trim() === '' ? 'required' : setPrice(key, Number(text)) });
              }}
            />
            <span id={`price-${key}-hint`} className={errors[key] ? 'hint error' : 'hint'}>
              {errors[key] ?? 'USD per million tokens, ≥ 0'}
            </span>
          </div>
        ))}
      </div>
      <p className="hint">
        Kept on this computer. Presets are the providers’ published prices; check them before relying on them.
      </p>
    </fieldset>
  );
}

export function CacheTab() {
  const proposal = useApp((s) => s.proposal);
  const cache = useApp((s) => s.cache);
  const friendlyTokens = useApp((s) => s.friendlyTokens);
  const rows = proposal?.audit.rows;
  const select = useApp((s) => s.select);
  const setTab = useApp((s) => s.setTab);
  const presetId = useApp((s) => s.presetId);
  const tokenizer = useMemo(() => tokenizerNote(presetId), [presetId]);
  if (!proposal || !cache || !rows)
    return <p className="muted pad">Run to see what the proposal costs in the prompt cache.</p>;
  const { current, friendly, costs } = cache;
  const { tokens } = proposal;
  const firstRow = current.firstChanged === null ? null : rows[current.firstChanged];
  const columns = [
    { label: 'This proposal', view: current, cost: costs.current, prefixTokens: prefixTokensOf(tokens) },
    ...(friendly
      ? [
          {
            label: `Cache-friendly (after #${friendly.after})`,
            view: friendly,
            cost: costs.friendly,
            prefixTokens: friendlyTokens ? prefixTokensOf({ before: tokens.before, ...friendlyTokens }) : null,
          },
        ]
      : []),
  ];
  const id = (index: number | null) => (index === null ? 'none (nothing changes)' : `${rows[index].id} (#${index})`);
  const counting = (cost: CacheCost | null, shown: (cost: CacheCost) => string) => (cost ? shown(cost) : 'counting…');
  // Row label, the cell of one column, right-aligned (a number)?
  const figures: Array<[string, (c: (typeof columns)[number]) => string, boolean]> = [
    ['First changed message', (c) => id(c.view.firstChanged), false],
    ['Unchanged prefix (characters)', (c) => fmt(c.view.prefixChars), true],
    ['Unchanged prefix (tokens)', (c) => (c.prefixTokens === null ? 'counting…' : fmt(c.prefixTokens)), true],
    ['Characters after', (c) => fmt(c.view.charsAfter), true],
    ['Next request without the compaction', (c) => counting(c.cost, (k) => usd(k.nextWithout)), true],
    ['Next request with it', (c) => counting(c.cost, (k) => usd(k.nextWith)), true],
    ['Each later request saves', (c) => counting(c.cost, (k) => usd(k.savingPerRequest)), true],
    ['Pays for itself', (c) => counting(c.cost, breakEven), false],
    [
      'With no cache at all: before → after',
      (c) => counting(c.cost, (k) => `${usd(k.uncachedWithout)} → ${usd(k.uncachedWith)}`),
      true,
    ],
  ];
  return (
    <div className="cache pad">
      <p>
        Providers cache the longest unchanged prefix of a prompt. The first message this proposal changes is{' '}
        <strong>{firstRow ? `${firstRow.id} (#${firstRow.index})` : 'none: nothing changes'}</strong>
        {firstRow && (
          <>
            {' '}
            <button className="small" onClick={() => (select(firstRow.index), setTab('audit'))}>
              Show it in the side by side
            </button>
          </>
        )}
        ; the next request writes everything from there to the cache again.
      </p>
      <p className={tokenizer.fits ? 'hint tokenizer-note' : 'warning tokenizer-note'} aria-label="Tokenizer">
        Tokens counted with <strong>{tokenizer.tokenizer}</strong>. {tokenizer.note}
      </p>
      <table className="grid" aria-label="Prompt cache">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figures.map(([label, cell, numeric]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {columns.map((c) => (
                <td key={c.label} className={numeric ? 'num' : undefined}>
                  {cell(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {cache.breakEven ? <BreakEven chart={cache.breakEven} /> : <p className="muted">Counting tokens…</p>}
      <p className="hint">
        History part of the prompt only, in the tokenizer named above. Assumes the last request’s prompt is still cached
        (the next one comes within the cache’s lifetime); the new messages cost the same either way and are left out.
        Turn on “Cache-friendly” in Tune to compare with changing only later messages.
      </p>
      <PriceTableForm />
    </div>
  );
}
