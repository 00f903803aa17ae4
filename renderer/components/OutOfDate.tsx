/**
 * The proposal no longer matches the policy: an edit since the run needs the model again
 * (core/inspect/policyChange.ts). Says what changed and how to get back; Export waits.
 */
import { useApp } from '../store/index.js';

/** The one sentence the banner and the disabled Export button both say. */
export const outOfDateReason = (changes: readonly string[]) =>
  `The proposal is out of date: ${changes.join(', ')} changed since the run. Run again, or undo the change, to export.`;

export function OutOfDate() {
  const changes = useApp((s) => s.outOfDate);
  if (changes.length === 0) return null;
  return (
    <div role="alert" aria-label="Proposal out of date" className="out-of-date">
      <strong>Out of date.</strong> Changed since the run: {changes.join('; ')}. The proposal below is the run&rsquo;s;
      Run again to follow the new policy, or undo the change. Export is disabled until then.
    </div>
  );
}
