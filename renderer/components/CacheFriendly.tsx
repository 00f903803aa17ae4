/**
 * Tune's cache-friendly toggle (SPEC §9): how much reduction remains if only messages after a
 * chosen one change, so the provider's cached prefix survives through it. Re-derived from the
 * stored probabilities (R15); the proposal itself and its export are not changed by it.
 */
import { useState } from 'react';
import { fmt, pct } from '../format.js';
import { useApp } from '../store/index.js';

export function CacheFriendly() {
  const toggle = useApp((s) => s.cacheFriendly);
  const setCacheFriendly = useApp((s) => s.setCacheFriendly);
  const cache = useApp((s) => s.cache);
  const selected = useApp((s) => s.selected);
  const before = useApp((s) => s.proposal?.outcome.stats.chars_before ?? null);
  const rows = useApp((s) => s.proposal?.audit.rows ?? null);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!cache || !rows || before === null) return null;
  const apply = (change: Parameters<typeof setCacheFriendly>[0]) => {
    setError(setCacheFriendly(change));
    setDraft(null);
  };
  const { current, friendly } = cache;
  return (
    <div className="cache-friendly">
      <label>
        <input
          type="checkbox"
          checked={toggle.on}
          onChange={(e) =>
            // Start from the selected message, else from where the proposal's first change is now.
            apply(
              e.target.checked && !toggle.on && toggle.after === 0
                ? { on: true, after: selected ?? current.firstChanged ?? 0 }
                : { on: e.target.checked },
            )
          }
        />{' '}
        Cache-friendly: change only messages after
      </label>
      <div className="slider-row">
        <label htmlFor="cache-after">Message #</label>
        <input
          id="cache-after"
          type="number"
          min={0}
          max={rows.length - 1}
          step={1}
          disabled={!toggle.on}
          value={draft ?? String(toggle.after)}
          aria-invalid={error ? true : undefined}
          aria-describedby="cache-after-hint"
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value.trim() !== '') setError(setCacheFriendly({ after: Number(e.target.value) }));
          }}
        />
        <button
          className="small"
          disabled={!toggle.on || selected === null}
          onClick={() => apply({ after: selected ?? 0 })}
        >
          Use selected message
        </button>
      </div>
      <span id="cache-after-hint" className={error ? 'hint error' : 'hint'}>
        {error ?? `0–${rows.length - 1}; that message and all before it stay as they are`}
      </span>
      {friendly && (
        <p className="hint" role="status" aria-label="Cache-friendly reduction">
          Reduction {pct(friendly.charsAfter, before)} instead of {pct(current.charsAfter, before)} (
          {fmt(friendly.charsAfter)} characters after); the cached prefix keeps {fmt(friendly.prefixChars)} characters
          instead of {fmt(current.prefixChars)}
          {friendly.firstChanged === null ? ' (nothing changes)' : `, up to ${rows[friendly.firstChanged].id}`}.
        </p>
      )}
    </div>
  );
}
