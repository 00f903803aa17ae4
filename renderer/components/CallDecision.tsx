/** A call's decision: action badge, the two probabilities as bars, reason, evidence, override. */
import { decide } from '../../core/engine/decide.js';
import type { Action } from '../../core/engine/schema.js';
import { ACTIONS } from '../../core/engine/schema.js';
import { prob } from '../format.js';
import { useApp } from '../store/index.js';
import type { RowContext } from './AuditView.js';

function Bar({ label, name, value }: { label: string; name: string; value: number | null }) {
  return (
    <span className="bar">
      <span className="bar-label" aria-hidden="true">
        {name}
      </span>
      <meter aria-label={label} min={0} max={1} value={value ?? 0} />
      <span className="mono small">{prob(value)}</span>
    </span>
  );
}

export function CallDecision({ pairId, ctx, callId }: { pairId: string; ctx: RowContext; callId: string }) {
  const action = useApp((s) => s.proposal?.actions.get(pairId) ?? null);
  const override = useApp((s) => s.proposal?.overrides[pairId] ?? null);
  const threshold = useApp((s) => s.options.keep_threshold);
  const setOverride = useApp((s) => s.setOverride);
  const protectedCalls = useApp((s) => s.protectedCallIds);
  const protectCall = useApp((s) => s.protectCall);
  const pair = ctx.pairs.get(pairId);
  const decision = ctx.decisions.get(pairId);
  if (!pair) return null;
  const probs =
    decision && decision.keep_call !== null && decision.keep_result !== null
      ? { keepCall: decision.keep_call, keepResult: decision.keep_result }
      : null;
  const reason =
    pair.guard ?? (probs ? decide(probs, threshold).reason : ctx.hasProposal ? 'not evaluated' : 'candidate');
  const isProtected = protectedCalls.includes(callId);
  const links = decision?.evidence_links;
  return (
    <div className="decision" aria-label={`Decision for ${callId}`}>
      <span className="mono small">{pairId}</span>
      {action && <span className={`badge action ${action}`}>{action}</span>}
      {override && <span className="badge override">override</span>}
      {probs && (
        <>
          <Bar name="call" label={`keep_call ${callId}`} value={probs.keepCall} />
          <Bar name="result" label={`keep_result ${callId}`} value={probs.keepResult} />
        </>
      )}
      <span className="reason mono small">{reason}</span>
      {decision?.evidence && decision.evidence.length > 0 && (
        <span className="evidence small" title="offline model evidence">
          evidence: {decision.evidence.join(', ')}
        </span>
      )}
      {links && links.quoted_in.length > 0 && (
        <span className="evidence small">
          quoted later in {links.quoted_in.join(', ')}
          {links.terms.length ? ` (${links.terms.join(', ')})` : ''}
        </span>
      )}
      {links?.superseded_by && <span className="evidence small">superseded by {links.superseded_by}</span>}
      <span className="spacer" />
      {ctx.hasProposal && (
        <select
          aria-label={`Override ${callId}`}
          value={override ?? ''}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => setOverride(pairId, (e.target.value || null) as Action | null)}
        >
          <option value="">no override</option>
          {ACTIONS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
      <button
        className="small"
        aria-pressed={isProtected}
        onClick={(e) => (e.stopPropagation(), protectCall(callId, !isProtected))}
      >
        {isProtected ? `Unprotect call ${callId}` : 'Protect call'}
      </button>
    </div>
  );
}
