/** R15: the threshold re-derives every action at once; the curve shows what each value costs. */
import { fmt } from '../format.js';
import { useApp } from '../store/index.js';
import { CacheFriendly } from './CacheFriendly.js';
import { fittedOperatingPoint } from '../../core/inspect/curve.js';
import { Curve, fittedText } from './Curve.js';
import { Histogram } from './Histogram.js';

export function Tune() {
  const threshold = useApp((s) => s.options.keep_threshold);
  const setOption = useApp((s) => s.setOption);
  const curve = useApp((s) => s.proposal?.curve ?? null);
  const charsBefore = useApp((s) =>
    s.proposal?.sizes.sum !== undefined ? (s.proposal.outcome.stats.chars_before ?? null) : null,
  );
  const charsAfter = useApp((s) => s.proposal?.charsAfter ?? null);
  const histogram = useApp((s) => s.proposal?.histogram ?? null);
  const fitted = useApp((s) => (s.proposal ? fittedOperatingPoint(s.proposal.asked.backend.name) : null));
  return (
    <section aria-label="Tune">
      <div className="slider-row">
        <label htmlFor="keep-threshold" className="section-title">
          Keep threshold
        </label>
        <output htmlFor="keep-threshold" className="mono">
          {threshold.toFixed(2)}
        </output>
      </div>
      <input
        id="keep-threshold"
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={threshold}
        aria-describedby="keep-threshold-hint"
        onChange={(e) => setOption('keep_threshold', Number(e.target.value))}
      />
      <span id="keep-threshold-hint" className="hint">
        Keep the whole output when keep output ≥ threshold; else keep the call and drop its output when keep call ≥
        threshold; else drop the call. A call the last step changed is marked ↻.
      </span>
      {curve && charsBefore !== null && charsAfter !== null && (
        <>
          <Curve points={curve} threshold={threshold} before={charsBefore} fitted={fitted} />
          <p className="hint">
            {fmt(charsAfter)} of {fmt(charsBefore)} characters at {threshold.toFixed(2)}
          </p>
          {fitted && <p className="hint">Dashed: {fittedText(fitted)}</p>}
        </>
      )}
      {histogram && <Histogram bins={histogram} threshold={threshold} />}
      {curve && <CacheFriendly />}
    </section>
  );
}
