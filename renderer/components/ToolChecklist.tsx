/** R5: tools are eligible only when a person ticks them; counts and result sizes help choose. */
import { bytes, fmt, NO_TOOLS } from '../format.js';
import { useApp } from '../store/index.js';

export function ToolChecklist() {
  const tools = useApp((s) => s.snapshot?.summary.tools ?? NO_TOOLS);
  const eligible = useApp((s) => s.eligible);
  const toggle = useApp((s) => s.toggleTool);
  const unmatched = useApp((s) => s.unmatchedTools);
  return (
    <fieldset>
      <legend className="section-title">Eligible tools</legend>
      {tools.length === 0 && <p className="muted">No tool calls in this history.</p>}
      <ul className="checklist">
        {tools.map((t) => (
          <li key={t.name}>
            <label>
              <input
                type="checkbox"
                checked={eligible.includes(t.name)}
                onChange={(e) => toggle(t.name, e.target.checked)}
              />
              <span className="mono">{t.name}</span>
            </label>
            <span className="muted" title={`${fmt(t.resultChars)} result characters`}>
              {t.calls}× · {bytes(t.resultChars)}
            </span>
          </li>
        ))}
        {unmatched.map((u) => (
          <li key={`unmatched-${u.name}`} className="unmatched">
            <label>
              <input type="checkbox" checked onChange={() => toggle(u.name, false)} />
              <span className="mono">{u.name}</span>
            </label>
            <span role="alert" className="warn">
              matches no call
              {u.closest.length > 0 ? ` — closest: ${u.closest.join(', ')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
