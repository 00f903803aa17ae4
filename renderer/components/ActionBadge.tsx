/**
 * An action as the tables show it (Decisions, both Compare views): a badge coloured by the
 * action, in words that tell drop_result from drop_call, with the code on hover.
 */
import type { Action } from '../../core/engine/schema.js';
import { ACTION_LABELS, explain } from '../../core/inspect/glossary.js';

export function ActionBadge({ action }: { action: Action }) {
  return (
    <span className={`badge action ${action}`} title={`${action}: ${explain(action)}`}>
      {ACTION_LABELS[action]}
    </span>
  );
}

/** The mark of a pair whose action the last threshold step changed (R12, R15): seen and read aloud. */
export function StepMark({ was }: { was: Action }) {
  return (
    <span className="step-mark" title={`Changed by the last threshold step; was ${ACTION_LABELS[was]} (${was})`}>
      <span aria-hidden="true">↻</span>
      <span className="visually-hidden">changed by the last threshold step, was {ACTION_LABELS[was]}</span>
    </span>
  );
}
