/** A call's decision: action badge, the two probabilities as bars, reason, evidence, override, comment. */
import { useState } from 'react';
import type { Action } from '../../core/engine/schema.js';
import { ACTIONS } from '../../core/engine/schema.js';
import { firstOf } from '../../core/inspect/reasons.js';
import { prob } from '../format.js';
import { useApp } from '../store/index.js';
import { selectCallMessage, selectHasProposal, selectMessageIndex, selectPairReview } from '../store/selectors.js';
import { Reasons, ShortList } from './Reasons.js';
import { Term } from './Term.js';

/** A message named by the evidence, as a link that scrolls the audit to it. */
function MessageLink({ id, index, label }: { id: string; index: number | null; label: string }) {
  const revealMessage = useApp((s) => s.revealMessage);
  if (index === null) return <span className="mono">{id}</span>;
  return (
    <button className="link mono" aria-label={label} onClick={(e) => (e.stopPropagation(), revealMessage(index))}>
      {id}
    </button>
  );
}

/** The messages that quote a result: a count, the first three as links, the rest behind a button. */
export function QuotedIn({ ids }: { ids: readonly string[] }) {
  return (
    <>
      <span className="count">{ids.length === 1 ? '1 message' : `${ids.length} messages`}: </span>
      <ShortList items={ids} noun="messages" render={(id) => <QuotedLink id={id} />} />
    </>
  );
}

function QuotedLink({ id }: { id: string }) {
  const index = useApp((s) => selectMessageIndex(s, id));
  return <MessageLink id={id} index={index} label={`Go to message ${id}`} />;
}

function SupersededBy({ callId }: { callId: string }) {
  const index = useApp((s) => selectCallMessage(s, callId));
  return <MessageLink id={callId} index={index} label={`Go to call ${callId}`} />;
}

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

export function CallDecision({ pairId, callId }: { pairId: string; callId: string }) {
  const review = useApp((s) => selectPairReview(s, pairId));
  const hasProposal = useApp(selectHasProposal);
  const setOverride = useApp((s) => s.setOverride);
  const isProtected = useApp((s) => s.protectedCallIds.includes(callId));
  const protectCall = useApp((s) => s.protectCall);
  if (!review) return null;
  const { action, override, keepCall, keepResult, evidence } = review;
  const links = review.evidenceLinks;
  const hasEvidence =
    (evidence !== null && evidence.length > 0) ||
    (links != null && (links.quoted_in.length > 0 || !!links.superseded_by));
  return (
    <div className="decision" aria-label={`Decision for ${callId}`}>
      <span className="mono small">{pairId}</span>
      {action && <Term term={action} className={`badge action ${action}`} />}
      {override && (
        <Term term="override" className="badge override">
          override
        </Term>
      )}
      {keepCall !== null && keepResult !== null && (
        <>
          <Bar name="call" label={`keep_call ${callId}`} value={keepCall} />
          <Bar name="result" label={`keep_result ${callId}`} value={keepResult} />
        </>
      )}
      <Term term={review.reason} className="reason small" />
      {hasEvidence && (
        // Collapsed under its row: the side by side stays a list of decisions; Enter or Space opens it.
        <details
          className="evidence-details"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <summary className="small">evidence</summary>
          {review.reasons && <Reasons reasons={review.reasons} />}
          {links && links.quoted_in.length > 0 && (
            <span className="evidence small">
              <Term term="quoted_in">quoted later in</Term> <QuotedIn ids={links.quoted_in} />
              {links.terms.length > 0 && (
                <>
                  {' '}
                  (<Term term="terms">{firstOf(links.terms, 6).first.join(', ')}</Term>
                  {links.terms.length > 6 && ` and ${links.terms.length - 6} more terms`})
                </>
              )}
            </span>
          )}
          {links?.superseded_by && (
            <span className="evidence small">
              <Term term="superseded_by">superseded by</Term> <SupersededBy callId={links.superseded_by} />
            </span>
          )}
        </details>
      )}
      <span className="spacer" />
      {hasProposal && (
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
      {hasProposal && <DecisionComment pairId={pairId} callId={callId} />}
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

/** The reviewer's note on one decision, recorded with it in the audit record. */
function DecisionComment({ pairId, callId }: { pairId: string; callId: string }) {
  const comment = useApp((s) => s.comments[pairId] ?? '');
  const setComment = useApp((s) => s.setComment);
  const [open, setOpen] = useState(false);
  return (
    <>
      {!open && comment !== '' && (
        <span className="comment small" title={comment}>
          “{comment}”
        </span>
      )}
      <button className="small" aria-expanded={open} onClick={(e) => (e.stopPropagation(), setOpen(!open))}>
        {open ? 'Done' : comment === '' ? `Comment on ${callId}` : `Edit comment on ${callId}`}
      </button>
      {open && (
        <textarea
          className="comment-input"
          aria-label={`Comment on ${callId}`}
          rows={2}
          value={comment}
          autoFocus
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => setComment(pairId, e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setOpen(false))}
        />
      )}
    </>
  );
}
